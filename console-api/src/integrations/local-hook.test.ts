import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBranchingClient } from '@plinth/contracts-settings';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';
import { runSqlAs } from '@plinth/platform-api/testing/run-sql';

// The local code host's push hook: connecting a repository on the server's disk puts a git hook in
// it, and a commit on a git branch that a preview branch follows runs the new migration on that
// branch, as GitHub's push webhook does for a GitHub repository. The server listens for real here:
// the hook is a git process reaching it over HTTP. Git runs asynchronously, so the server can answer.

const run = promisify(execFile);
let h: TestHarness;
let base: string;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  h = await createTestHarness({ publicUrl: base });
  await h.app.listen({ port, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  await h?.close();
});

async function sql<T = Record<string, unknown>>(u: TestUser, ref: string, query: string): Promise<T[]> {
  const r = await runSqlAs<{ rows?: T[] }>(u, ref, { query });
  if (r.status !== 200) throw new Error(`${query}: ${r.status} ${r.body.message}`);
  return r.body.rows ?? [];
}
const exists = async (u: TestUser, ref: string, table: string) => (await sql<{ e: boolean }>(u, ref, `select to_regclass('public.${table}') is not null as e`))[0]!.e;

describe('the local repository push hook', () => {
  it('a commit on the followed git branch runs its new migration on the preview branch, kept in its runs; other branches and the parent are untouched', async () => {
    const { user, org, project } = await h.userWithProject();
    const repo = path.join(h.dataDir, 'git', org.slug, 'acme', 'shop');
    mkdirSync(path.join(repo, 'supabase', 'migrations'), { recursive: true });
    const git = async (...args: string[]) => (await run('git', ['-C', repo, '-c', 'user.email=dev@example.com', '-c', 'user.name=Dev', ...args])).stderr;
    const commit = async (file: string, text: string) => {
      mkdirSync(path.join(repo, 'supabase', 'migrations'), { recursive: true });
      writeFileSync(path.join(repo, 'supabase', 'migrations', file), text);
      await git('add', '.');
      return git('commit', '-q', '-m', file);
    };
    await git('init', '-q', '-b', 'main');
    await git('commit', '-q', '--allow-empty', '-m', 'first');
    await git('checkout', '-q', '-b', 'feature');
    await git('checkout', '-q', 'main');

    const integration = await user.api.integrations.createIntegration(org.slug);
    await user.api.integrations.createConnection({ organization_integration_id: integration.id, connection: { supabase_project_ref: project.ref, foreign_project_id: 'acme/shop' } });
    const hook = readFileSync(path.join(repo, '.git', 'hooks', 'plinth-push.cjs'), 'utf8');
    expect(hook).toContain(`${base}/api/webhooks/git/${org.slug}/acme/shop`);
    const branch = await user.api.integrations.createBranch(project.ref, { branch_name: 'feature', git_branch: 'feature' });

    // A commit on main, which no preview branch follows, runs nothing.
    await commit('20260101000000_on_main.sql', 'create table public.on_main (id int);');
    expect(await exists(user, branch.project_ref, 'on_main')).toBe(false);

    await git('checkout', '-q', 'feature');
    const said = await commit('20260102000000_notes.sql', 'create table public.notes (id int primary key, body text);');
    expect(said).toContain(`Plinth: ran the migrations of feature on branch project ${branch.project_ref} (applied 20260102000000)`);
    expect(await exists(user, branch.project_ref, 'notes')).toBe(true);
    expect(await exists(user, project.ref, 'notes')).toBe(false);
    const runs = await createBranchingClient(user.api.http).listMigrationRuns(branch.id);
    expect(runs[0]).toMatchObject({ ok: true, git_branch: 'feature', entries: [{ version: '20260102000000', name: 'notes', status: 'applied' }] });
  });

  it('a push without the token of that repository is refused with 401 and runs nothing; a malformed one is a 400 naming the field; disconnecting takes the hook away', async () => {
    const { user, org, project } = await h.userWithProject();
    const other = await h.userWithProject();
    const repo = path.join(h.dataDir, 'git', org.slug, 'acme', 'shop');
    mkdirSync(repo, { recursive: true });
    await run('git', ['-C', repo, 'init', '-q', '-b', 'main']);
    const integration = await user.api.integrations.createIntegration(org.slug);
    await user.api.integrations.createConnection({ organization_integration_id: integration.id, connection: { supabase_project_ref: project.ref, foreign_project_id: 'acme/shop' } });
    const token = /const token = "([\w.-]+)"/.exec(readFileSync(path.join(repo, '.git', 'hooks', 'plinth-push.cjs'), 'utf8'))![1]!;
    const push = (url: string, auth: string | null, body: unknown) =>
      fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) }, body: JSON.stringify(body) });
    const body = { ref: 'refs/heads/main', after: 'a'.repeat(40) };

    expect((await push(`/api/webhooks/git/${org.slug}/acme/shop`, null, body)).status).toBe(401);
    expect((await push(`/api/webhooks/git/${org.slug}/acme/shop`, `Bearer ${'0'.repeat(64)}`, body)).status).toBe(401);
    // The token with its signature cut off opens nothing.
    const [head, payload] = token.split('.');
    expect((await push(`/api/webhooks/git/${org.slug}/acme/shop`, `Bearer ${head}.${payload}.`, body)).status).toBe(401);
    // The token of one organization's repository opens no other's.
    expect((await push(`/api/webhooks/git/${other.org.slug}/acme/shop`, `Bearer ${token}`, body)).status).toBe(401);
    expect((await push(`/api/webhooks/git/${org.slug}/acme/other`, `Bearer ${token}`, body)).status).toBe(401);

    const bad = await push(`/api/webhooks/git/${org.slug}/acme/shop`, `Bearer ${token}`, { ref: 'refs/heads/main', after: 'nope' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: 'after' });
    const ok = await push(`/api/webhooks/git/${org.slug}/acme/shop`, `Bearer ${token}`, body);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ message: 'No preview branch follows this git branch', runs: [] });

    // Disconnected, the repository loses our hook; a hook of its own is never overwritten nor removed.
    const hooks = path.join(repo, '.git', 'hooks');
    const [connection] = (await user.api.integrations.listIntegrations(org.slug))[0]!.connections;
    await user.api.integrations.deleteConnection(connection!.id);
    expect(existsSync(path.join(hooks, 'reference-transaction'))).toBe(false);
    expect(existsSync(path.join(hooks, 'plinth-push.cjs'))).toBe(false);
    writeFileSync(path.join(hooks, 'reference-transaction'), '#!/bin/sh\n# the team\'s own hook\n');
    const again = await user.api.integrations.createConnection({ organization_integration_id: integration.id, connection: { supabase_project_ref: project.ref, foreign_project_id: 'acme/shop' } });
    expect(readFileSync(path.join(hooks, 'reference-transaction'), 'utf8')).toContain("the team's own hook");
    await user.api.integrations.deleteConnection(again.id);
    expect(readFileSync(path.join(hooks, 'reference-transaction'), 'utf8')).toContain("the team's own hook");
  });
});
