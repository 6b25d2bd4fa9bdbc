import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, type Organization, type Project } from '@plinth/shared-contracts';
import { createTestHarness, type TestHarness, type TestUser } from './testing/harness';

// The data-plane domains through the real server (sessions, CSRF, project databases off the main
// thread, the control database), called with the contracts' clients the console uses.

let h: TestHarness;
let owner: TestUser;
let reader: TestUser;
let org: Organization;
let project: Project;

beforeAll(async () => {
  h = await createTestHarness();
  ({ user: owner, org, project } = await h.userWithProject());
  reader = await h.signUp();
  // Read-only is a Team plan role.
  await owner.api.plans.updateSubscription(org.slug, { plan: 'team' });
  await owner.api.organizations.addMember(org.slug, { email: reader.email, role: 'Read-only' });
}, 180_000);
afterAll(async () => h?.close(), 60_000);

describe('database metadata through the server', () => {
  it('creates a table, a policy and toggles RLS; a SQL mistake is a 400 with the Postgres message', async () => {
    const ref = project.ref;
    await owner.api.database.runQuery(ref, { query: 'create table public.items (id serial primary key, owner uuid, name text)' });
    const tables = await owner.api.database.listTables(ref, 'public');
    const items = tables.find((t) => t.name === 'items')!;
    expect(items.rls_enabled).toBe(false);
    expect((await owner.api.database.updateTable(ref, items.id, { rls_enabled: true })).rls_enabled).toBe(true);
    const p = await owner.api.database.createPolicy(ref, { name: 'Owners read', table: 'items', command: 'SELECT', definition: 'auth.uid() = owner', roles: ['authenticated'] });
    expect(p).toMatchObject({ schema: 'public', table: 'items', command: 'SELECT' });
    expect((await reader.api.database.listPolicies(ref, 'public')).map((x) => x.name)).toEqual(['Owners read']);
    await expect(reader.api.database.createPolicy(ref, { name: 'x', table: 'items' })).rejects.toMatchObject({ status: 403 });
    const smuggled = { name: 'y', table: 'items', command: 'SELECT' as const, definition: 'true); drop table public.items; --' };
    await expect(owner.api.database.createPolicy(ref, smuggled)).rejects.toMatchObject({ status: 400 });
    expect((await owner.api.database.listTables(ref, 'public')).map((t) => t.name)).toContain('items');
    const err = await owner.api.database.runQuery(ref, { query: 'selec 1' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, code: 'SQL_ERROR' });
    expect((err as ApiError).message).toContain('syntax error');
    const entities = await owner.api.database.listEntities(ref, { search: ' ITEM ' });
    expect(entities).toMatchObject({ count: 1, entities: [{ name: 'items', type: 'table' }] });
  });

  it('stops a runaway statement at its timeout with a 400, and the API keeps answering', async () => {
    const err = await owner.api.database.runQuery(project.ref, { query: 'select pg_sleep(10)', timeoutMs: 300 }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 400 });
    expect((await owner.api.projects.getStatus(project.ref)).status).toBe('ACTIVE_HEALTHY');
  });
});

describe('snippets, storage and settings through the server', () => {
  it('keeps snippets per owner and shares them', async () => {
    const s = await owner.api.snippets.createSnippet(project.ref, { name: 'Items', sql: 'select * from items' });
    expect((await reader.api.snippets.listSnippets(project.ref)).data).toEqual([]);
    await owner.api.snippets.shareSnippet(project.ref, s.id);
    expect((await reader.api.snippets.listSnippets(project.ref)).data.map((x) => x.name)).toEqual(['Items']);
    await expect(reader.api.snippets.createSnippet(project.ref, { name: 'mine' })).rejects.toMatchObject({ status: 403 });
  });

  it('uploads, lists, signs and downloads a file; deletes the bucket with its file in one call', async () => {
    const ref = project.ref;
    await owner.api.storage.createBucket(ref, { id: 'docs' });
    const up = await owner.api.storage.uploadObject(ref, 'docs', 'reports/q1.txt', new TextEncoder().encode('quarter one'), { contentType: 'text/plain' });
    expect(up.metadata).toMatchObject({ size: 11, mimetype: 'text/plain' });
    expect((await reader.api.storage.listObjects(ref, 'docs', { path: 'reports' })).map((o) => o.name)).toEqual(['q1.txt']);
    await expect(reader.api.storage.uploadObject(ref, 'docs', 'x.txt', new Uint8Array([1]))).rejects.toMatchObject({ status: 403 });
    const blob = await reader.api.storage.downloadObject(ref, 'docs', 'reports/q1.txt');
    expect(await blob.text()).toBe('quarter one');
    const { signedUrl } = await reader.api.storage.signUrl(ref, 'docs', 'reports/q1.txt', 60);
    // The link is the project services' (an origin that is not the console's), and works without signing in.
    const u = new URL(signedUrl);
    expect(u.pathname.startsWith(`/${ref}/storage/v1/object/sign/docs/`)).toBe(true);
    const res = await h.services.inject({ method: 'GET', url: u.pathname + u.search });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('quarter one');
    await expect(reader.api.storage.deleteBucket(ref, 'docs')).rejects.toMatchObject({ status: 403 });
    expect(await owner.api.storage.deleteBucket(ref, 'docs')).toEqual({ message: 'Deleted bucket docs', deletedObjects: 1, droppedPolicies: [] });
    await expect(owner.api.storage.getBucket(ref, 'docs')).rejects.toMatchObject({ status: 404 });
  });

  it('reveals the service_role key only to members who may read it', async () => {
    const mine = await owner.api.settings.getProjectSettings(project.ref);
    const theirs = await reader.api.settings.getProjectSettings(project.ref);
    const key = (s: typeof mine) => s.services[0]!.service_api_keys.find((k) => k.tags.includes('service_role'))!;
    expect(key(mine).revealed).toBe(true);
    expect(key(mine).api_key.split('.')).toHaveLength(3);
    expect(key(theirs).revealed).toBe(false);
    // On the Team plan (for the Read-only member) a custom domain comes with its add-on: refused
    // before it, allowed and none set yet after it.
    expect((await owner.api.settings.getCustomHostname(project.ref)).status).toBe('0_not_allowed');
    await owner.api.addons.selectAddon(project.ref, { addon_variant: 'cd_default' });
    expect((await owner.api.settings.getCustomHostname(project.ref)).status).toBe('0_no_hostname_configured');
  });
});

describe('integrations and branches through the server', () => {
  it('lists repositories and branches on disk, connects one and creates a branch project from a git branch', async () => {
    const repo = path.join(h.dataDir, 'git', org.slug, 'acme', 'shop');
    mkdirSync(repo, { recursive: true });
    const git = (...args: string[]) => execFileSync('git', ['-C', repo, '-c', 'user.email=dev@example.com', '-c', 'user.name=Dev', ...args], { stdio: 'pipe' });
    git('init', '-q', '-b', 'main');
    git('commit', '-q', '--allow-empty', '-m', 'first');
    git('branch', 'feature-login');

    const integration = await owner.api.integrations.createIntegration(org.slug);
    expect((await reader.api.integrations.listIntegrations(org.slug)).map((i) => i.integration.name)).toEqual(['GitHub']);
    const { repositories } = await owner.api.integrations.listRepositories(integration.id);
    expect(repositories).toMatchObject([{ full_name: 'acme/shop', default_branch: 'main' }]);
    expect((await owner.api.integrations.listGitBranches(integration.id, 'acme', 'shop')).map((b) => b.name)).toEqual(['feature-login', 'main']);
    await expect(owner.api.integrations.listGitBranches(integration.id, 'acme', 'nope')).rejects.toMatchObject({ status: 404 });

    const conn = await owner.api.integrations.createConnection({ organization_integration_id: integration.id, connection: { supabase_project_ref: project.ref, foreign_project_id: 'acme/shop' } });
    expect((await owner.api.integrations.listIntegrations(org.slug))[0]!.connections.map((c) => c.id)).toEqual([conn.id]);
    await expect(owner.api.integrations.createBranch(project.ref, { branch_name: 'login', git_branch: 'no-such-branch' })).rejects.toMatchObject({ status: 400 });
    await expect(reader.api.integrations.createBranch(project.ref, { branch_name: 'login' })).rejects.toMatchObject({ status: 403 });

    const branch = await owner.api.integrations.createBranch(project.ref, { branch_name: 'login', git_branch: 'feature-login' });
    expect(branch).toMatchObject({ name: 'login', git_branch: 'feature-login', parent_project_ref: project.ref });
    await h.waitForStatus(owner, branch.project_ref, 'ACTIVE_HEALTHY');
    const child = await owner.api.projects.get(branch.project_ref);
    expect(child.parent_project_ref).toBe(project.ref);
    expect((await owner.api.projects.get(project.ref)).is_branch_enabled).toBe(true);
    expect((await owner.api.integrations.listBranches(project.ref)).map((b) => b.name)).toEqual(['login']);

    await expect(reader.api.integrations.deleteConnection(conn.id)).rejects.toMatchObject({ status: 403 });
    await owner.api.integrations.deleteConnection(conn.id);
    expect((await owner.api.integrations.listIntegrations(org.slug))[0]!.connections).toEqual([]);
  });
});

describe('OpenAPI document', () => {
  it('describes the data-plane routes from their contracts', async () => {
    const anon = await h.anonymous();
    const res = await anon.fetch('/api/docs/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, unknown> };
    for (const p of ['/api/platform/pg-meta/{ref}/policies', '/api/platform/storage/{ref}/buckets/{id}/objects/list', '/api/platform/projects/{ref}/content', '/api/v1/projects/{ref}/branches']) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
  });
});
