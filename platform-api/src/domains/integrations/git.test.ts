import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/harness';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
});
afterAll(async () => {
  await h?.close();
});

it('answers 409 naming the repository, not 500 with a server path, when a repository on disk cannot be read', async () => {
  const user = await h.signUp();
  const org = await user.api.organizations.create({ name: 'Git organization' });
  const integration = await user.api.integrations.createIntegration(org.slug, { integration_name: 'GitHub' });
  // A work tree whose .git directory is empty, and a bare layout without an objects directory: git refuses both.
  await mkdir(path.join(h.dataDir, 'git', 'acme', 'empty-dot-git', '.git'), { recursive: true });
  await mkdir(path.join(h.dataDir, 'git', 'acme', 'half-bare', 'refs', 'heads'), { recursive: true });
  await writeFile(path.join(h.dataDir, 'git', 'acme', 'half-bare', 'HEAD'), 'ref: refs/heads/main\n');

  for (const repo of ['empty-dot-git', 'half-bare']) {
    const res = await user.fetch(`/api/platform/integrations/github/branches/${integration.id}/acme/${repo}`);
    const body = (await res.json()) as { message: string; code: string };
    expect(res.status).toBe(409);
    expect(body).toEqual({ message: `Repository acme/${repo} is not a readable git repository`, code: 'REPOSITORY_UNREADABLE' });
  }
});
