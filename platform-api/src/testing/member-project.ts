import { afterAll, beforeAll } from 'vitest';
import { createTestHarness, type TestHarness, type TestUser } from './harness';

export interface MemberWithProject {
  h: TestHarness;
  /** The project's owner, signed in. */
  owner: TestUser;
  ref: string;
}

/**
 * A harness and a signed-in member who owns one project, made before the file's tests and closed
 * after them. Read the fields inside tests (they are set once the file's set-up has run).
 */
export function memberWithProject(): MemberWithProject {
  const made = {} as MemberWithProject;
  beforeAll(async () => {
    made.h = await createTestHarness();
    const first = await made.h.userWithProject();
    made.owner = first.user;
    made.ref = first.project.ref;
  }, 120_000);
  afterAll(async () => {
    await made.h?.close();
  });
  return made;
}
