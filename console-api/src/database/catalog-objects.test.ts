import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createClients } from '@plinth/shared-contracts';
import { createDatabaseObjectsClient } from '@plinth/contracts-database';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';
import type { ProjectDatabase } from '@plinth/platform-core/deps';

// The database pages' API on a real project database (PGlite, and Postgres in server mode).

let h: TestHarness;
let ref: string;
let db: ProjectDatabase;
let owner: TestUser;
const clientOf = (u: TestUser) =>
  createClients({ baseUrl: '/api', fetch: u.fetch, csrfToken: () => u.jar.get('plinth_csrf') }, { objects: createDatabaseObjectsClient }).objects;
let api: ReturnType<typeof clientOf>;

beforeAll(async () => {
  h = await createTestHarness();
  const p = await h.userWithProject();
  owner = p.user;
  ref = p.project.ref;
  api = clientOf(owner);
  db = await h.internals.databases.get(ref);
  // Made as a member makes tables (the SQL editor's run): owned by the project's role in server mode.
  await db.exec(`create table public.notes (id bigint generated always as identity primary key, body text not null, stamped text);`, { user: true });
}, 120_000);
afterAll(async () => h?.close());

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('functions', () => {
  it('creates, replaces and drops a function whose name and body hold quotes', async () => {
    const name = `shout"it'`;
    const body = `begin return upper(word) || '!' || $$ $$; end`;
    const made = await api.createFunction(ref, { schema: 'public', name, args: [{ name: 'word', type: 'text' }], returns: 'text', language: 'plpgsql', definition: body });
    expect(made).toMatchObject({ schema: 'public', name, arguments: 'word text', returns: 'text', language: 'plpgsql', protected: false });
    expect((await db.query(`select public."shout""it'"('hey') as v`)).rows[0]).toEqual({ v: 'HEY! ' });
    expect((await api.listFunctions(ref, { schema: 'public' })).map((f) => f.name)).toContain(name);

    const replaced = await api.updateFunction(ref, made.id, { schema: 'public', name, args: [{ name: 'word', type: 'text' }], returns: 'text', language: 'sql', definition: `select lower(word)` });
    expect(replaced.language).toBe('sql');
    expect((await db.query(`select public."shout""it'"('HEY') as v`)).rows[0]).toEqual({ v: 'hey' });

    await api.dropFunction(ref, replaced.id);
    expect((await api.listFunctions(ref, { schema: 'public' })).map((f) => f.name)).not.toContain(name);
  });

  it("makes what a member creates the project role's own, so a SECURITY DEFINER function runs with no more than that role's rights", async () => {
    await api.createFunction(ref, { schema: 'public', name: 'who_runs', args: [], returns: 'text', language: 'sql', definition: 'select current_user::text', securityDefiner: true });
    await api.createSchema(ref, 'scratch');
    const index = await api.createIndex(ref, { schema: 'public', table: 'notes', columns: ['stamped'] });
    // The member's own statements (the SQL editor's runs) connect as the project's role in server mode.
    const member = await db.query<{ runner: string; me: string }>(`select public.who_runs() as runner, current_user::text as me`, [], { user: true });
    expect(member.rows[0].runner).toBe(member.rows[0].me);
    const owners = await db.query<{ fn: string; sch: string; idx: string }>(
      `select (select pg_get_userbyid(proowner)::text from pg_proc where proname = 'who_runs') as fn,
              (select pg_get_userbyid(nspowner)::text from pg_namespace where nspname = 'scratch') as sch,
              (select pg_get_userbyid(relowner)::text from pg_class where relname = 'notes_stamped_idx') as idx`,
    );
    expect(owners.rows[0]).toEqual({ fn: member.rows[0].me, sch: member.rows[0].me, idx: member.rows[0].me });
    await api.dropIndex(ref, index.id);
  });

  it('names the argument whose type does not exist, and keeps the hidden schemas unchanged', async () => {
    const bad = await failure(api.createFunction(ref, { schema: 'public', name: 'f', args: [{ name: 'a', type: 'no_such_type' }], returns: 'int', language: 'sql', definition: 'select 1' }));
    expect(bad).toMatchObject({ status: 400, details: { field: 'args.0.type' } });
    const hidden = await failure(api.createFunction(ref, { schema: 'auth', name: 'f', args: [], returns: 'int', language: 'sql', definition: 'select 1' }));
    expect(hidden).toMatchObject({ status: 400, details: { code: 'PROTECTED_SCHEMA', field: 'schema' } });
    const uid = (await api.listFunctions(ref, { schema: 'auth' })).find((f) => f.name === 'uid')!;
    expect(uid.protected).toBe(true);
    expect(await failure(api.dropFunction(ref, uid.id))).toMatchObject({ status: 400, details: { code: 'PROTECTED_SCHEMA' } });
    const injected = await failure(api.createFunction(ref, { schema: 'public', name: 'g', args: [], returns: 'int; drop table public.notes; --', language: 'sql', definition: 'select 1' }));
    expect(injected).toMatchObject({ status: 400, details: { field: 'returns' } });
    expect((await db.query(`select to_regclass('public.notes') is not null as there`)).rows[0]).toEqual({ there: true });
  });
});

describe('triggers', () => {
  it('runs a trigger on insert, disables it and drops it', async () => {
    await api.createFunction(ref, { schema: 'public', name: 'stamp_note', args: [], returns: 'trigger', language: 'plpgsql', definition: `begin new.stamped := 'by trigger'; return new; end` });
    const t = await api.createTrigger(ref, { name: 'stamp', schema: 'public', table: 'notes', functionSchema: 'public', functionName: 'stamp_note', timing: 'BEFORE', events: ['INSERT'], orientation: 'ROW' });
    expect(t).toMatchObject({ table: 'notes', timing: 'BEFORE', events: ['INSERT'], orientation: 'ROW', enabled: true });
    await db.query(`insert into public.notes (body) values ('one')`);
    await api.setTriggerEnabled(ref, t.id, false);
    await db.query(`insert into public.notes (body) values ('two')`);
    expect((await db.query(`select body, stamped from public.notes order by id`)).rows).toEqual([
      { body: 'one', stamped: 'by trigger' },
      { body: 'two', stamped: null },
    ]);
    expect((await api.listTriggers(ref, { schema: 'public' })).find((x) => x.id === t.id)?.enabled).toBe(false);
    await api.dropTrigger(ref, t.id);
    expect(await api.listTriggers(ref, { schema: 'public' })).toEqual([]);
  });
});

describe('extensions', () => {
  it('enables pg_trgm for real and disables it again', async () => {
    const before = await api.listExtensions(ref);
    expect(before.find((e) => e.name === 'plpgsql')).toMatchObject({ builtIn: true });
    expect(before.find((e) => e.name === 'pg_trgm')).toMatchObject({ installedVersion: null });
    const on = await api.enableExtension(ref, { name: 'pg_trgm' });
    expect(on.installedVersion).toBeTruthy();
    expect((await db.query(`select similarity('plinth', 'plinths') > 0.5 as close`, [], { user: true })).rows[0]).toEqual({ close: true });
    const off = await api.disableExtension(ref, 'pg_trgm');
    expect(off.installedVersion).toBeNull();
    expect(await failure(api.enableExtension(ref, { name: 'postgres_fdw' }))).toMatchObject({ status: 400, details: { field: 'name' } });
    expect(await failure(api.disableExtension(ref, 'plpgsql'))).toMatchObject({ status: 400, details: { field: 'name' } });
  });
});

describe('indexes, schemas, roles, migrations, tables', () => {
  it('creates and drops an index and a schema', async () => {
    const x = await api.createIndex(ref, { schema: 'public', table: 'notes', columns: ['body'] });
    expect(x).toMatchObject({ name: 'notes_body_idx', unique: false, primary: false });
    expect(x.definition).toContain('(body)');
    expect((await api.listIndexes(ref, { schema: 'public' })).map((i) => i.name)).toEqual(['notes_body_idx', 'notes_pkey']);
    await api.dropIndex(ref, x.id);

    await api.createSchema(ref, 'reports');
    expect((await db.query(`select count(*)::int as n from pg_namespace where nspname = 'reports'`)).rows[0]).toEqual({ n: 1 });
    await api.dropSchema(ref, 'reports');
    expect(await failure(api.dropSchema(ref, 'storage'))).toMatchObject({ status: 400, details: { code: 'PROTECTED_SCHEMA' } });
  });

  it('lists tables, roles and migrations from the catalog', async () => {
    const tables = await api.listTableSummaries(ref, { schema: 'public' });
    expect(tables.map((t) => t.name)).toEqual(['notes']);
    expect(tables[0]).toMatchObject({ columns: 3, rlsEnabled: false, protected: false });
    expect((await api.listRoleDetails(ref)).map((r) => r.name)).toEqual(expect.arrayContaining(['anon', 'authenticated', 'service_role']));
    expect(await api.listMigrations(ref)).toEqual([]);
  });

  it('lets a read-only member read but not change', async () => {
    const dev = await h.signUp();
    const org = (await owner.api.organizations.list())[0]!;
    // Read-only is a Team plan role.
    await owner.api.plans.updateSubscription(org.slug, { plan: 'team' });
    await owner.api.organizations.addMember(org.slug, { email: dev.email, role: 'Read-only' });
    const readOnly = clientOf(dev);
    expect((await readOnly.listIndexes(ref, { schema: 'public' })).length).toBeGreaterThan(0);
    expect(await failure(readOnly.createSchema(ref, 'nope'))).toMatchObject({ status: 403 });
    expect(await failure(readOnly.enableExtension(ref, { name: 'pg_trgm' }))).toMatchObject({ status: 403 });
  });
});
