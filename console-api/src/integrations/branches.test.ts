import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBranchingClient } from '@plinth/contracts-settings';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';
import { runSqlAs } from '@plinth/platform-api/testing/run-sql';

// Preview branches are real copies of their parent's database (schema by default, rows on request),
// independent of it once made; reset makes the copy again; delete takes the branch's project away.
// Run on the embedded database and, with with-postgres.sh, on a Postgres server.

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const branching = (u: TestUser) => createBranchingClient(u.api.http);

async function sql<T = Record<string, unknown>>(u: TestUser, ref: string, query: string): Promise<T[]> {
  const r = await runSqlAs<{ rows?: T[] }>(u, ref, { query });
  if (r.status !== 200) throw new Error(`${query}: ${r.status} ${r.body.message}`);
  return r.body.rows ?? [];
}
const names = async (u: TestUser, ref: string) => (await sql<{ name: string }>(u, ref, 'select name from public.items order by id')).map((r) => r.name);

async function parentWithItems() {
  const { user, org, project } = await h.userWithProject();
  await sql(user, project.ref, `create table public.items (id serial primary key, name text not null); insert into public.items (name) values ('apple'), ('pear');
    create function public.item_count() returns bigint language sql as 'select count(*) from public.items';`);
  return { user, org, project };
}

describe('a branch is a copy of its parent database', () => {
  it('schema only by default: the tables, functions and sequences are there and empty; writes on either never show on the other', async () => {
    const { user, project } = await parentWithItems();
    const branch = await branching(user).createPreviewBranch(project.ref, { branch_name: 'schema-only' });
    expect(branch).toMatchObject({ name: 'schema-only', parent_project_ref: project.ref, status: 'ACTIVE_HEALTHY', with_data: false });
    const ref = branch.project_ref;

    expect(await names(user, ref)).toEqual([]);
    expect(await sql(user, ref, 'select public.item_count()::int as n')).toEqual([{ n: 0 }]);
    await sql(user, ref, `insert into public.items (name) values ('fig')`);
    expect(await sql(user, ref, 'select id from public.items')).toEqual([{ id: 1 }]);
    await sql(user, ref, 'alter table public.items add column colour text; create table public.only_on_branch (x int)');
    await sql(user, project.ref, `insert into public.items (name) values ('plum')`);

    expect(await names(user, project.ref)).toEqual(['apple', 'pear', 'plum']);
    expect(await names(user, ref)).toEqual(['fig']);
    const columns = (r: string) => sql<{ c: string }>(user, r, `select column_name as c from information_schema.columns where table_schema = 'public' and table_name = 'items' order by ordinal_position`);
    expect((await columns(project.ref)).map((x) => x.c)).toEqual(['id', 'name']);
    expect((await columns(ref)).map((x) => x.c)).toEqual(['id', 'name', 'colour']);
    expect(await sql(user, project.ref, `select to_regclass('public.only_on_branch') is null as gone`)).toEqual([{ gone: true }]);

    // Its objects belong to the branch's own role, and no grant names a role of the parent.
    const [owned] = await sql(user, ref, `select t.tableowner = current_user as mine,
      (select count(*)::int from pg_class c cross join lateral aclexplode(coalesce(c.relacl, acldefault('r', c.relowner))) x
         join pg_roles r on r.oid = x.grantee or r.oid = c.relowner where r.rolname like '%${project.ref}%') as parent_roles
      from pg_tables t where t.schemaname = 'public' and t.tablename = 'items'`);
    expect(owned).toEqual({ mine: true, parent_roles: 0 });

    // The branch is a project of its own: its own keys, opened and listed as a branch of its parent.
    const child = await user.api.projects.get(ref);
    expect(child.parent_project_ref).toBe(project.ref);
    expect((await user.api.projects.get(project.ref)).is_branch_enabled).toBe(true);
  });

  it('with data: the rows are copied and stay independent; reset copies the parent again; delete removes the branch project and its database', async () => {
    const { user, project } = await parentWithItems();
    const branch = await branching(user).createPreviewBranch(project.ref, { branch_name: 'with-data', with_data: true });
    expect(branch.with_data).toBe(true);
    const ref = branch.project_ref;
    expect(await names(user, ref)).toEqual(['apple', 'pear']);
    await sql(user, ref, `delete from public.items where name = 'apple'; insert into public.items (name) values ('kiwi')`);
    expect(await sql(user, ref, `select id from public.items where name = 'kiwi'`)).toEqual([{ id: 3 }]);
    await sql(user, project.ref, `update public.items set name = 'quince' where name = 'pear'`);
    expect(await names(user, ref)).toEqual(['pear', 'kiwi']);
    expect(await names(user, project.ref)).toEqual(['apple', 'quince']);

    const reset = await branching(user).resetBranch(branch.id);
    expect(reset).toMatchObject({ id: branch.id, project_ref: ref, status: 'ACTIVE_HEALTHY' });
    expect(await names(user, ref)).toEqual(['apple', 'quince']);

    await branching(user).deleteBranch(branch.id);
    expect(await user.api.integrations.listBranches(project.ref)).toEqual([]);
    await expect(user.api.projects.get(ref)).rejects.toMatchObject({ status: 404 });
    if (h.mode === 'embedded') await expect(stat(path.join(h.dataDir, 'projects', ref))).rejects.toMatchObject({ code: 'ENOENT' });
    // The parent is untouched, and a new branch fits within the plan's limit again.
    expect(await names(user, project.ref)).toEqual(['apple', 'quince']);
    const again = await user.api.integrations.createBranch(project.ref, { branch_name: 'again' });
    expect(await names(user, again.project_ref)).toEqual([]);
  });

  it("with data: the parent's vault secrets read on the branch, sealed under the branch's own key, after a reset too", async () => {
    const { user, project } = await parentWithItems();
    await sql(user, project.ref, `select vault.create_secret('s3cret-value', 'payments_key', 'for the branch')`);
    const sealedOf = async (ref: string) => (await sql<{ secret: string }>(user, ref, `select secret from vault.secrets where name = 'payments_key'`))[0]?.secret;
    const readOn = async (ref: string) => (await sql<{ value: string | null }>(user, ref, `select decrypted_secret as value from vault.decrypted_secrets where name = 'payments_key'`))[0]?.value;
    const branch = await branching(user).createPreviewBranch(project.ref, { branch_name: 'with-secrets', with_data: true });
    expect(await readOn(branch.project_ref)).toBe('s3cret-value');
    // Sealed again: the branch's ciphertext is not the parent's.
    expect(await sealedOf(branch.project_ref)).not.toBe(await sealedOf(project.ref));
    await sql(user, project.ref, `select vault.update_secret((select id from vault.secrets where name = 'payments_key'), 'rotated-value')`);
    await branching(user).resetBranch(branch.id);
    expect(await readOn(branch.project_ref)).toBe('rotated-value');
    expect(await readOn(project.ref)).toBe('rotated-value');
  });

  it('counts toward the plan limit, and only members who may write projects change branches; other organizations see none of it', async () => {
    const { user: owner, org, project } = await parentWithItems();
    const dev = await h.signUp();
    await owner.api.organizations.addMember(org.slug, { email: dev.email, role: 'Developer' });
    const stranger = (await h.userWithProject()).user;

    const branch = await owner.api.integrations.createBranch(project.ref, { branch_name: 'first' });
    await expect(owner.api.integrations.createBranch(project.ref, { branch_name: 'second' })).rejects.toMatchObject({ status: 409, code: 'FREE_PROJECT_LIMIT' });
    await expect(owner.api.integrations.createBranch(project.ref, { branch_name: 'first' })).rejects.toMatchObject({ status: 409 });
    await expect(owner.api.integrations.createBranch(branch.project_ref, { branch_name: 'nested' })).rejects.toMatchObject({ status: 400 });

    await expect(branching(dev).resetBranch(branch.id)).rejects.toMatchObject({ status: 403 });
    await expect(branching(dev).deleteBranch(branch.id)).rejects.toMatchObject({ status: 403 });
    await expect(branching(stranger).resetBranch(branch.id)).rejects.toMatchObject({ status: 404 });
    await expect(branching(stranger).deleteBranch(branch.id)).rejects.toMatchObject({ status: 404 });
    await expect(stranger.api.integrations.listBranches(project.ref)).rejects.toMatchObject({ status: 404 });
    await expect(branching(owner).deleteBranch('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ status: 404 });
    expect((await owner.api.integrations.listBranches(project.ref)).map((b) => b.name)).toEqual(['first']);
  });
});

describe('a reset whose copy fails', () => {
  it("keeps the branch's database as it was, reading healthy, and a later reset works", async () => {
    const { user, project } = await parentWithItems();
    const branch = await branching(user).createPreviewBranch(project.ref, { branch_name: 'unlucky', with_data: true });
    const ref = branch.project_ref;
    await sql(user, ref, `insert into public.items (name) values ('kiwi')`);

    // The parent's database cannot be read for the copy: embedded, its files cannot be held still;
    // on a server, pg_dump finds no database at the address it is given.
    const manager = h.internals.databases;
    const fail = [
      vi.spyOn(manager, 'isOpen').mockImplementation(function (this: typeof manager, r: string) {
        return r === project.ref ? true : Object.getPrototypeOf(manager).isOpen.call(manager, r);
      }),
      vi.spyOn(manager, 'get').mockImplementation(async function (this: typeof manager, r: string) {
        if (r === project.ref) throw new Error('the disk is full');
        return Object.getPrototypeOf(manager).get.call(manager, r);
      }),
      vi.spyOn(manager, 'connectionUrl').mockImplementation(function (this: typeof manager, r: string) {
        const url = Object.getPrototypeOf(manager).connectionUrl.call(manager, r) as string | null;
        return r === project.ref && url ? url.replace(/\/[^/?]+(\?|$)/, '/plinth_no_such_database$1') : url;
      }),
    ];
    try {
      await expect(branching(user).resetBranch(branch.id)).rejects.toMatchObject({
        status: 503,
        code: 'BRANCH_RESET_FAILED',
        message: expect.stringMatching(/^The branch was not reset; its database is as it was\. The copy failed: /),
      });
    } finally {
      for (const spy of fail) spy.mockRestore();
    }
    expect(await names(user, ref)).toEqual(['apple', 'pear', 'kiwi']);
    expect((await branching(user).listPreviewBranches(project.ref)).find((b) => b.id === branch.id)).toMatchObject({ status: 'ACTIVE_HEALTHY' });
    if (h.mode === 'embedded') expect((await readdir(path.join(h.dataDir, 'projects'))).filter((f) => f.includes(ref))).toEqual([ref]);

    const reset = await branching(user).resetBranch(branch.id);
    expect(reset).toMatchObject({ id: branch.id, status: 'ACTIVE_HEALTHY' });
    expect(await names(user, ref)).toEqual(['apple', 'pear']);
    if (h.mode === 'embedded') expect((await readdir(path.join(h.dataDir, 'projects'))).filter((f) => f.includes(ref))).toEqual([ref]);
  });
});

describe('a branch goes with its parent', () => {
  it('is paused when its parent is paused, and deleted (its project, database and files) when its parent is deleted', async () => {
    const { user, project } = await parentWithItems();
    const branch = await branching(user).createPreviewBranch(project.ref, { branch_name: 'follows', with_data: true });
    await user.api.projects.pause(project.ref);
    await h.waitForStatus(user, project.ref, 'INACTIVE');
    await h.waitForStatus(user, branch.project_ref, 'INACTIVE');

    await user.api.projects.remove(project.ref);
    await expect(user.api.projects.get(project.ref)).rejects.toMatchObject({ status: 404 });
    await expect(user.api.projects.get(branch.project_ref)).rejects.toMatchObject({ status: 404 });
    if (h.mode === 'embedded') await expect(stat(path.join(h.dataDir, 'projects', branch.project_ref))).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await user.api.projects.list()).map((p) => p.ref)).not.toContain(branch.project_ref);
  });
});

describe('enabling branching', () => {
  it('needs a connected repository and one of its git branches; answers is_branch_enabled with the git branch', async () => {
    const { user, org, project } = await h.userWithProject();
    const repo = path.join(h.dataDir, 'git', org.slug, 'acme', 'shop');
    mkdirSync(repo, { recursive: true });
    const git = (...args: string[]) => execFileSync('git', ['-C', repo, '-c', 'user.email=dev@example.com', '-c', 'user.name=Dev', ...args], { stdio: 'pipe' });
    git('init', '-q', '-b', 'main');
    git('commit', '-q', '--allow-empty', '-m', 'first');

    expect(await branching(user).getBranching(project.ref)).toEqual({ is_branch_enabled: false, git_branch: null });
    await expect(branching(user).enableBranching(project.ref, { git_branch: 'main' })).rejects.toMatchObject({ status: 400, message: 'Connect a repository to this project before branching from a git branch' });
    const integration = await user.api.integrations.createIntegration(org.slug);
    await user.api.integrations.createConnection({ organization_integration_id: integration.id, connection: { supabase_project_ref: project.ref, foreign_project_id: 'acme/shop' } });
    await expect(branching(user).enableBranching(project.ref, { git_branch: 'nope' })).rejects.toMatchObject({ status: 400 });
    await expect(branching(user).enableBranching(project.ref, { git_branch: '' })).rejects.toMatchObject({ status: 400 });

    expect(await branching(user).enableBranching(project.ref, { git_branch: 'main' })).toEqual({ is_branch_enabled: true, git_branch: 'main' });
    expect((await user.api.projects.get(project.ref)).is_branch_enabled).toBe(true);
    expect(await branching(user).disableBranching(project.ref)).toEqual({ is_branch_enabled: false, git_branch: null });
  });
});

describe("a branch's migrations", () => {
  it('a push runs the git branch migration files on the branch with its log kept; merge applies them to the parent in one transaction, refused on conflict', async () => {
    const { user, org, project } = await parentWithItems();
    const repo = path.join(h.dataDir, 'git', org.slug, 'acme', 'shop');
    mkdirSync(path.join(repo, 'supabase', 'migrations'), { recursive: true });
    const git = (...args: string[]) => execFileSync('git', ['-C', repo, '-c', 'user.email=dev@example.com', '-c', 'user.name=Dev', ...args], { stdio: 'pipe' });
    const commit = (file: string, sql: string) => {
      writeFileSync(path.join(repo, 'supabase', 'migrations', file), sql);
      git('add', '.');
      git('commit', '-q', '-m', file);
    };
    git('init', '-q', '-b', 'main');
    git('commit', '-q', '--allow-empty', '-m', 'first');
    git('checkout', '-q', '-b', 'feature');
    commit('20260101000000_add_price.sql', 'alter table public.items add column price int;');
    commit('20260102000000_prices.sql', 'create table public.prices (id int primary key);');
    const integration = await user.api.integrations.createIntegration(org.slug);
    await user.api.integrations.createConnection({ organization_integration_id: integration.id, connection: { supabase_project_ref: project.ref, foreign_project_id: 'acme/shop' } });
    const branch = await user.api.integrations.createBranch(project.ref, { branch_name: 'feature', git_branch: 'feature' });
    const api = branching(user);

    const run = await api.runMigrations(branch.id);
    expect(run).toMatchObject({ ok: true, git_branch: 'feature', entries: [{ version: '20260101000000', name: 'add_price', status: 'applied' }, { version: '20260102000000', name: 'prices', status: 'applied' }] });
    const priced = (r: string) => sql<{ n: number }>(user, r, `select count(*)::int as n from information_schema.columns where table_schema = 'public' and table_name = 'items' and column_name = 'price'`);
    expect(await priced(branch.project_ref)).toEqual([{ n: 1 }]);
    expect(await priced(project.ref)).toEqual([{ n: 0 }]);
    expect((await api.runMigrations(branch.id)).entries).toEqual([]);

    // A file that fails is logged with the error, and nothing after it runs.
    commit('20260103000000_broken.sql', 'alter table public.nowhere add column x int;');
    commit('20260104000000_after.sql', 'create table public.after_broken (id int);');
    const failed = await api.runMigrations(branch.id);
    expect(failed.ok).toBe(false);
    expect(failed.entries).toMatchObject([{ version: '20260103000000', status: 'failed', error: expect.stringContaining('nowhere') }]);
    expect(await sql(user, branch.project_ref, `select to_regclass('public.after_broken') is null as absent`)).toEqual([{ absent: true }]);
    expect((await api.listMigrationRuns(branch.id)).map((r) => r.ok)).toEqual([false, true, true]);

    // The merge lists what it applies, then applies it to the parent.
    const preview = await api.mergePreview(branch.id);
    expect(preview.conflicts).toEqual([]);
    expect(preview.migrations.map((m) => [m.version, m.statements])).toEqual([
      ['20260101000000', ['alter table public.items add column price int;']],
      ['20260102000000', ['create table public.prices (id int primary key);']],
    ]);
    expect(await api.merge(branch.id)).toEqual({ applied: ['20260101000000', '20260102000000'] });
    expect(await priced(project.ref)).toEqual([{ n: 1 }]);
    expect(await names(user, project.ref)).toEqual(['apple', 'pear']);
    expect(await api.mergePreview(branch.id)).toEqual({ migrations: [], conflicts: [] });

    // The parent moved on with a migration of its own: the merge is refused, nothing applied.
    await sql(user, project.ref, `insert into supabase_migrations.schema_migrations (version, name, statements) values ('20260105000000', 'hotfix', array['select 1'])`);
    await sql(user, branch.project_ref, `insert into supabase_migrations.schema_migrations (version, name, statements) values ('20260106000000', 'later', array['create table public.later (id int)'])`);
    expect((await api.mergePreview(branch.id)).conflicts).toEqual(['20260105000000']);
    await expect(api.merge(branch.id)).rejects.toMatchObject({ status: 409, code: 'MERGE_CONFLICT' });
    expect(await sql(user, project.ref, `select to_regclass('public.later') is null as absent`)).toEqual([{ absent: true }]);

    const stranger = (await h.userWithProject()).user;
    await expect(branching(stranger).mergePreview(branch.id)).rejects.toMatchObject({ status: 404 });
    await expect(branching(stranger).runMigrations(branch.id)).rejects.toMatchObject({ status: 404 });
  });
});
