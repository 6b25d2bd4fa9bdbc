import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '@plinth/platform-api/testing';

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
  await mkdir(path.join(h.dataDir, 'git', org.slug, 'acme', 'empty-dot-git', '.git'), { recursive: true });
  await mkdir(path.join(h.dataDir, 'git', org.slug, 'acme', 'half-bare', 'refs', 'heads'), { recursive: true });
  await writeFile(path.join(h.dataDir, 'git', org.slug, 'acme', 'half-bare', 'HEAD'), 'ref: refs/heads/main\n');

  for (const repo of ['empty-dot-git', 'half-bare']) {
    const res = await user.fetch(`/api/platform/integrations/github/branches/${integration.id}/acme/${repo}`);
    const body = (await res.json()) as { message: string; code: string };
    expect(res.status).toBe(409);
    expect(body).toEqual({ message: `Repository acme/${repo} is not a readable git repository`, code: 'REPOSITORY_UNREADABLE' });
  }
});

async function bareRepository(dir: string): Promise<void> {
  await mkdir(path.join(dir, 'refs', 'heads'), { recursive: true });
  await mkdir(path.join(dir, 'objects'), { recursive: true });
  await writeFile(path.join(dir, 'HEAD'), 'ref: refs/heads/main\n');
}

it("an organization's integration sees only its own repositories: another organization can neither list, read nor connect them", async () => {
  const alice = await h.userWithProject();
  const mallory = await h.userWithProject();
  await bareRepository(path.join(h.dataDir, 'git', alice.org.slug, 'alice-co', 'secret-app'));
  const aliceIntegration = await alice.user.api.integrations.createIntegration(alice.org.slug, { integration_name: 'GitHub' });
  const malloryIntegration = await mallory.user.api.integrations.createIntegration(mallory.org.slug, { integration_name: 'GitHub', account_name: 'alice-co' });

  const own = await alice.user.api.integrations.listRepositories(aliceIntegration.id);
  expect(own.repositories.map((r) => r.full_name)).toEqual(['alice-co/secret-app']);

  const theirs = await mallory.user.api.integrations.listRepositories(malloryIntegration.id);
  expect(theirs.repositories).toEqual([]);
  const branches = await mallory.user.fetch(`/api/platform/integrations/github/branches/${malloryIntegration.id}/alice-co/secret-app`);
  expect(branches.status).toBe(404);
  const connect = await mallory.user.fetch('/api/platform/integrations/github/connections', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': mallory.user.jar.get('plinth_csrf')! },
    body: JSON.stringify({
      organization_integration_id: malloryIntegration.id,
      connection: { supabase_project_ref: mallory.project.ref, foreign_project_id: 'alice-co/secret-app', metadata: { name: 'stolen' } },
    }),
  });
  expect(connect.status).toBe(404);
});
