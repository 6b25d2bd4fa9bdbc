import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogSqlResult } from '@plinth/contracts-logs';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';

// Sources recorded by the console API itself, driven through the real API on the database the
// suite runs on: the console's own calls about a project are API Edge events of that project
// (with the member who made them), and never another project's.

let h: TestHarness;
let owner: TestUser;
let ref: string;
let other: TestUser;
let otherRef: string;

beforeAll(async () => {
  h = await createTestHarness();
  const a = await h.userWithProject();
  owner = a.user;
  ref = a.project.ref;
  const b = await h.userWithProject();
  other = b.user;
  otherRef = b.project.ref;
}, 120_000);
afterAll(async () => {
  await h?.close();
});

async function rows(user: TestUser, projectRef: string, sql: string): Promise<Record<string, unknown>[]> {
  const res = await user.fetch(`/api/platform/projects/${projectRef}/analytics/endpoints/logs.all`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': user.jar.get('plinth_csrf') ?? '' },
    body: JSON.stringify({ sql }),
  });
  const body = (await res.json()) as LogSqlResult & { message?: string };
  expect(res.status, body.message).toBe(200);
  return body.result;
}

describe('console API calls about a project', () => {
  it('show in its edge_logs with method, path, status, latency and the member, and never in another project', async () => {
    const paths = [
      `/api/platform/projects/${ref}`,
      `/api/platform/pg-meta/${ref}/tables`,
      `/api/platform/storage/${ref}/buckets`,
      `/api/platform/auth/${ref}/users`,
      `/api/v1/projects/${ref}/branches`,
      `/api/projects/${ref}/api/rest`,
    ];
    for (const path of paths) await owner.fetch(path);
    // A call refused is logged with its status too; someone outside the project's organization is not named.
    expect((await other.fetch(`/api/platform/pg-meta/${ref}/tables`)).status).toBe(404);
    await other.fetch(`/api/platform/storage/${otherRef}/buckets`);
    // Reading the logs is not logged (the explorer's runs and live tail would flood the source).
    await rows(owner, ref, 'select 1');
    await h.app.logStore.flush();

    const mine = await rows(owner, ref, `select method, path, status, latency_ms, user_id from edge_logs where service = 'console' order by timestamp`);
    for (const path of paths) {
      const call = mine.find((r) => r.path === path);
      expect(call, path).toMatchObject({ method: 'GET', user_id: owner.id });
      expect(typeof call!.status).toBe('number');
      expect(call!.latency_ms as number).toBeGreaterThanOrEqual(0);
    }
    expect(mine.find((r) => r.path === `/api/platform/pg-meta/${ref}/tables` && r.user_id === null)).toMatchObject({ status: 404 });
    expect(mine.some((r) => r.user_id === other.id)).toBe(false);
    expect(mine.some((r) => String(r.path).includes(otherRef))).toBe(false);
    expect(mine.some((r) => String(r.path).includes('/analytics/'))).toBe(false);

    const theirs = await rows(other, otherRef, `select path, user_id from edge_logs where service = 'console'`);
    expect(theirs).toContainEqual({ path: `/api/platform/storage/${otherRef}/buckets`, user_id: other.id });
    expect(theirs.some((r) => String(r.path).includes(ref) || r.user_id === owner.id)).toBe(false);
  });
});
