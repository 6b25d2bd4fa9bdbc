import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Policy, Table } from '@plinth/contracts-database';
import { startProjectServer, type ProjectTestServer } from '@plinth/platform-api/testing/project-server';

let s: ProjectTestServer;
const url = (p: string) => `/api/platform/pg-meta/${s.ref}${p}`;

beforeAll(async () => {
  s = await startProjectServer();
  const db = await s.deps.databases.get(s.ref);
  await db.exec(`
    create table public.todos (id serial primary key, user_id uuid, email text, title text);
    create table public.notes (id serial primary key, body text);
    create view public.todo_titles as select title from public.todos;
    comment on table public.notes is 'Free text notes';
    create schema private_stuff;
  `);
}, 300_000);
afterAll(async () => s?.close());

async function todosTable(): Promise<Table> {
  const res = await s.app.inject({ method: 'GET', url: url('/tables?schema=public'), headers: await s.as('Read-only') });
  expect(res.statusCode).toBe(200);
  const t = (res.json() as Table[]).find((x) => x.name === 'todos');
  if (!t) throw new Error('todos missing');
  return t;
}

describe('RLS policies and the RLS switch', () => {
  it('creates a real policy that Postgres enforces, with expressions trimmed and whitespace collapsed', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: url('/policies'),
      headers: await s.as('Developer'),
      payload: { name: 'Own todos', schema: 'public', table: 'todos', command: 'SELECT', definition: '  auth.uid()   =\n  user_id ', roles: ['authenticated'] },
    });
    expect(res.statusCode).toBe(200);
    const p = res.json() as Policy;
    expect(p).toMatchObject({ name: 'Own todos', schema: 'public', table: 'todos', command: 'SELECT', roles: ['authenticated'], action: 'PERMISSIVE', check: null });
    expect(p.definition).toBe('(auth.uid() = user_id)');

    const rls = await s.app.inject({ method: 'PATCH', url: url(`/tables/${p.table_id}`), headers: await s.as('Developer'), payload: { rls_enabled: true } });
    expect(rls.statusCode).toBe(200);
    expect(rls.json()).toMatchObject({ name: 'todos', rls_enabled: true });

    const db = await s.deps.databases.get(s.ref);
    const mine = '5b0e1f59-1f0a-4b0c-9a43-0c7a4d9d5f10';
    await db.query(`insert into public.todos (user_id, title) values ($1, 'mine'), (gen_random_uuid(), 'theirs')`, [mine]);
    await db.exec('grant select on public.todos to authenticated');
    const seen = await db.query<{ title: string }>('select title from public.todos', [], { role: 'authenticated', claims: { sub: mine, role: 'authenticated' } });
    expect(seen.rows.map((r) => r.title)).toEqual(['mine']);
  });

  it('lists, renames, changes roles and deletes a policy by id', async () => {
    const list = await s.app.inject({ method: 'GET', url: url('/policies?schema=public'), headers: await s.as('Read-only') });
    const p = (list.json() as Policy[]).find((x) => x.name === 'Own todos')!;
    expect(p).toBeTruthy();
    const upd = await s.app.inject({ method: 'PATCH', url: url(`/policies/${p.id}`), headers: await s.as('Developer'), payload: { name: 'Todos of their owner', roles: [] } });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ id: p.id, name: 'Todos of their owner', roles: ['public'] });
    const del = await s.app.inject({ method: 'DELETE', url: url(`/policies/${p.id}`), headers: await s.as('Developer') });
    expect(del.statusCode).toBe(200);
    const again = await s.app.inject({ method: 'DELETE', url: url(`/policies/${p.id}`), headers: await s.as('Developer') });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toContain('Policy not found');
  });

  it('turns a bad expression, an unknown table or a duplicate name into a clear 400/409, never a 500', async () => {
    const bad = await s.app.inject({ method: 'POST', url: url('/policies'), headers: await s.as('Owner'), payload: { name: 'x', table: 'todos', command: 'SELECT', definition: 'user_id = = 1' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/syntax error/);
    const injected = await s.app.inject({ method: 'POST', url: url('/policies'), headers: await s.as('Owner'), payload: { name: 'y', table: 'todos', command: 'SELECT', definition: 'true); drop table public.notes; --' } });
    expect(injected.statusCode).toBe(400);
    const tables = await s.app.inject({ method: 'GET', url: url('/tables?schema=public'), headers: await s.as('Owner') });
    expect((tables.json() as Table[]).map((t) => t.name)).toContain('notes');
    const noTable = await s.app.inject({ method: 'POST', url: url('/policies'), headers: await s.as('Owner'), payload: { name: 'z', table: 'nope', command: 'ALL', definition: 'true' } });
    expect(noTable.statusCode).toBe(400);
    expect(noTable.json().message).toContain('nope');
    const body = { name: 'dup', table: 'notes', command: 'SELECT', definition: 'true' };
    expect((await s.app.inject({ method: 'POST', url: url('/policies'), headers: await s.as('Owner'), payload: body })).statusCode).toBe(200);
    expect((await s.app.inject({ method: 'POST', url: url('/policies'), headers: await s.as('Owner'), payload: body })).statusCode).toBe(409);
  });

  it('refuses writes without tenant SQL admin write and bad payloads naming the field', async () => {
    const t = await todosTable();
    const ro = await s.app.inject({ method: 'PATCH', url: url(`/tables/${t.id}`), headers: await s.as('Read-only'), payload: { rls_enabled: false } });
    expect(ro.statusCode).toBe(403);
    expect(ro.json().message).toContain('tenant SQL admin write');
    const long = await s.app.inject({ method: 'POST', url: url('/policies'), headers: await s.as('Owner'), payload: { name: 'n'.repeat(64), table: 'todos' } });
    expect(long.statusCode).toBe(400);
    expect(long.json().field).toBe('name');
    const cmd = await s.app.inject({ method: 'POST', url: url('/policies'), headers: await s.as('Owner'), payload: { name: 'a', table: 'todos', command: 'MERGE' } });
    expect(cmd.statusCode).toBe(400);
    expect(cmd.json().field).toBe('command');
    const rlsType = await s.app.inject({ method: 'PATCH', url: url(`/tables/${t.id}`), headers: await s.as('Owner'), payload: { rls_enabled: 'yes' } });
    expect(rlsType.statusCode).toBe(400);
    const unknownRef = await s.app.inject({ method: 'GET', url: '/api/platform/pg-meta/zzzzzzzzzzzzzzzzzzzz/policies', headers: await s.as('Owner') });
    expect(unknownRef.statusCode).toBe(404);
    const noTable = await s.app.inject({ method: 'PATCH', url: url('/tables/999999'), headers: await s.as('Owner'), payload: { rls_enabled: true } });
    expect(noTable.statusCode).toBe(404);
  });
});

describe('policy expressions and locked tables', () => {
  const post = async (payload: Record<string, unknown>) => s.app.inject({ method: 'POST', url: url('/policies'), headers: await s.as('Owner'), payload });
  const namesOn = async (table: string) => {
    const list = await s.app.inject({ method: 'GET', url: url('/policies'), headers: await s.as('Owner') });
    return (list.json() as Policy[]).filter((p) => p.table === table).map((p) => `${p.name}: ${p.definition} / ${p.check}`);
  };

  it('refuses an expression that escapes its parentheses, naming the field, and creates nothing', async () => {
    await s.deps.databases.get(s.ref).then((db) => db.exec('create table public.escapes (id int, title text)'));
    for (const [definition, check, field] of [
      ['true) with check (true', undefined, 'definition'],
      ['true) to public using (true', undefined, 'definition'],
      ['1=1); drop table public.escapes; --', undefined, 'definition'],
      ['true);--', 'false', 'definition'],
      ['true', 'true) with check (true', 'check'],
    ] as const) {
      const res = await post({ name: 'escape', table: 'escapes', command: 'INSERT', definition, check });
      expect(res.statusCode, definition).toBe(400);
      expect(res.json(), definition).toMatchObject({ field });
    }
    expect(await namesOn('escapes')).toEqual([]);
    const created = await post({ name: 'fine', table: 'escapes', command: 'ALL', definition: "title <> ')' and title <> 'a;b'", check: '$x$) with check (true$x$ <> title' });
    expect(created.statusCode).toBe(200);
    const p = created.json() as Policy;
    expect(p.definition).toContain("')'::text");
    expect(p.check).toContain(') with check (true');
    const upd = await s.app.inject({ method: 'PATCH', url: url(`/policies/${p.id}`), headers: await s.as('Owner'), payload: { definition: 'true) with check (false' } });
    expect(upd.statusCode).toBe(400);
    expect(upd.json().field).toBe('definition');
    expect((await s.app.inject({ method: 'GET', url: url('/policies'), headers: await s.as('Owner') })).json()).toContainEqual(expect.objectContaining({ id: p.id, definition: p.definition, check: p.check }));
  });

  it('refuses the RLS switch of locked system tables and policies on them, except the storage tables the storage policies page manages', async () => {
    const db = await s.deps.databases.get(s.ref);
    // As the core's bootstrap makes them (the domain test database has no storage schema).
    await db.exec(`create schema if not exists storage;
      create table if not exists storage.objects (id uuid primary key default gen_random_uuid(), bucket_id text, name text);
      alter table storage.objects enable row level security`);
    const storage = (await s.app.inject({ method: 'GET', url: url('/tables?schema=storage'), headers: await s.as('Owner') })).json() as Table[];
    const objects = storage.find((t) => t.name === 'objects')!;
    expect(objects).toMatchObject({ locked: true, rls_enabled: true });
    const off = await s.app.inject({ method: 'PATCH', url: url(`/tables/${objects.id}`), headers: await s.as('Owner'), payload: { rls_enabled: false } });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ code: 'TABLE_LOCKED', message: 'storage.objects is a locked system table: its row level security cannot be changed' });
    const after = (await s.app.inject({ method: 'GET', url: url('/tables?schema=storage'), headers: await s.as('Owner') })).json() as Table[];
    expect(after.find((t) => t.name === 'objects')?.rls_enabled).toBe(true);

    const storagePolicy = await post({ name: 'Avatars readable', schema: 'storage', table: 'objects', command: 'SELECT', definition: "bucket_id = 'avatars'" });
    expect(storagePolicy.statusCode).toBe(200);

    await db.exec('create schema if not exists realtime; create table realtime.messages (id int); create policy "seeded" on realtime.messages using (true)');
    const realtime = await post({ name: 'mine', schema: 'realtime', table: 'messages', command: 'SELECT', definition: 'true' });
    expect(realtime.statusCode).toBe(403);
    expect(realtime.json().code).toBe('TABLE_LOCKED');
    const seeded = ((await s.app.inject({ method: 'GET', url: url('/policies?schema=realtime'), headers: await s.as('Owner') })).json() as Policy[])[0]!;
    expect((await s.app.inject({ method: 'DELETE', url: url(`/policies/${seeded.id}`), headers: await s.as('Owner') })).statusCode).toBe(403);
    expect((await s.app.inject({ method: 'PATCH', url: url(`/policies/${seeded.id}`), headers: await s.as('Owner'), payload: { name: 'renamed' } })).statusCode).toBe(403);
  });
});

describe('roles, schemas and entities', () => {
  it('flags system roles and hidden schemas', async () => {
    const roles = (await s.app.inject({ method: 'GET', url: url('/roles'), headers: await s.as('Read-only') })).json() as { name: string; is_system: boolean }[];
    expect(roles.find((r) => r.name === 'authenticated')?.is_system).toBe(false);
    expect(roles.find((r) => r.name === 'pg_read_all_data')?.is_system).toBe(true);
    const all = (await s.app.inject({ method: 'GET', url: url('/schemas'), headers: await s.as('Read-only') })).json() as { name: string; protected: boolean }[];
    expect(all.find((x) => x.name === 'auth')?.protected).toBe(true);
    expect(all.find((x) => x.name === 'private_stuff')?.protected).toBe(false);
    expect(all.some((x) => x.name === 'pg_catalog')).toBe(false);
    const visible = (await s.app.inject({ method: 'GET', url: url('/schemas?include_protected=false'), headers: await s.as('Read-only') })).json() as { name: string }[];
    expect(visible.map((x) => x.name)).toEqual(expect.arrayContaining(['public', 'private_stuff']));
    expect(visible.some((x) => x.name === 'auth' || x.name === 'information_schema')).toBe(false);
  });

  it('pages, searches (trimmed) and sorts the table-editor entities', async () => {
    const db = await s.deps.databases.get(s.ref);
    await db.exec(`create schema paging; ${Array.from({ length: 25 }, (_, i) => `create table paging.t${String(i).padStart(2, '0')} (id int);`).join(' ')} create view paging.a_view as select 1 as x;`);
    const first = await s.app.inject({ method: 'GET', url: url('/entities?schema=paging&limit=10&page=0'), headers: await s.as('Read-only') });
    expect(first.statusCode).toBe(200);
    const one = first.json() as { count: number; entities: { name: string; type: string }[] };
    expect(one.count).toBe(26);
    expect(one.entities.map((e) => e.name)).toEqual(['a_view', 't00', 't01', 't02', 't03', 't04', 't05', 't06', 't07', 't08']);
    const last = (await s.app.inject({ method: 'GET', url: url('/entities?schema=paging&limit=10&page=2'), headers: await s.as('Read-only') })).json() as { entities: { name: string }[] };
    expect(last.entities.map((e) => e.name)).toEqual(['t19', 't20', 't21', 't22', 't23', 't24']);
    const grouped = (await s.app.inject({ method: 'GET', url: url('/entities?schema=paging&sort=grouped-alphabetical&limit=100'), headers: await s.as('Read-only') })).json() as { entities: { name: string; type: string }[] };
    expect(grouped.entities[0]?.type).toBe('table');
    expect(grouped.entities.at(-1)).toMatchObject({ name: 'a_view', type: 'view' });
    const search = (await s.app.inject({ method: 'GET', url: url('/entities?schema=public&search=%20NOTE%20'), headers: await s.as('Read-only') })).json() as { count: number; entities: { name: string; comment: string | null }[] };
    expect(search.count).toBe(1);
    expect(search.entities[0]).toMatchObject({ name: 'notes', comment: 'Free text notes' });
    const wildcard = (await s.app.inject({ method: 'GET', url: url('/entities?schema=public&search=%25'), headers: await s.as('Read-only') })).json() as { count: number };
    expect(wildcard.count).toBe(0);
    const badSort = await s.app.inject({ method: 'GET', url: url('/entities?sort=random'), headers: await s.as('Read-only') });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().field).toBe('sort');
  });
});

describe('running SQL', () => {
  it('answers rows and columns of the last statement', async () => {
    const res = await s.app.inject({ method: 'POST', url: url('/query'), headers: await s.as('Developer'), payload: { query: 'create table public.runs (n int8); insert into public.runs values (1), (2); select n, n * 2 as twice from public.runs order by n' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.columns.map((c: { name: string }) => c.name)).toEqual(['n', 'twice']);
    expect(body.rows.map((r: { n: unknown }) => String(r.n))).toEqual(['1', '2']);
  });

  it("answers Postgres' message and position as a 400 for a SQL mistake", async () => {
    const res = await s.app.inject({ method: 'POST', url: url('/query'), headers: await s.as('Developer'), payload: { query: 'select * from missing_table' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'SQL_ERROR', message: 'relation "missing_table" does not exist', position: 15 });
  });

  it('needs the SQL query run permission and a query', async () => {
    const ro = await s.app.inject({ method: 'POST', url: url('/query'), headers: await s.as('Read-only'), payload: { query: 'select 1' } });
    expect(ro.statusCode).toBe(403);
    expect(ro.json().message).toContain('SQL query run');
    const empty = await s.app.inject({ method: 'POST', url: url('/query'), headers: await s.as('Owner'), payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().field).toBe('query');
  });
});
