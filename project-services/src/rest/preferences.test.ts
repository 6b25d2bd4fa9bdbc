import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestHarness } from '@plinth/platform-api/testing';
import type { ProjectDatabase } from '@plinth/platform-core/deps';
import type { ProjectKeys } from '../auth/testing';
import { startRestProject, type RestProject } from './testing';

// Preferences and media types as PostgREST documents them: handling=strict (PGRST122), max-affected
// (PGRST124, the change undone), timezone, params=single-object, Preference-Applied, and text/csv
// answers, row level security holding for anon, two users and service_role.

let h: TestHarness;
let base: string;
let keys: ProjectKeys;
let db: ProjectDatabase;
const alice = randomUUID();
const bob = randomUUID();

const SCHEMA = `
create table public.notes (id int primary key, owner uuid not null, body text, tags text[] not null default '{}', at timestamptz not null default '2024-01-15 12:00:00+00');
alter table public.notes enable row level security;
create policy own_read on public.notes for select to authenticated using (owner = auth.uid());
create policy own_change on public.notes for update to authenticated using (owner = auth.uid());
create function public.echo_object(payload json) returns json language sql immutable as $$ select payload $$;
create function public.my_notes() returns setof public.notes language sql stable as $$ select * from public.notes order by id $$;
grant select, update on public.notes to anon, authenticated, service_role;
create table public.imports (id int primary key, owner uuid not null, label text, tags text[], n int);
alter table public.imports enable row level security;
create policy own_insert on public.imports for insert to authenticated with check (owner = auth.uid());
create policy own_select on public.imports for select to authenticated using (owner = auth.uid());
grant select, insert on public.imports to anon, authenticated, service_role;
`;

let client: RestProject['client'];
let userToken: RestProject['userToken'];

async function call(method: string, path: string, headers: Record<string, string> = {}, body?: unknown, token = keys.serviceRoleKey) {
  const res = await fetch(`${base}/rest/v1/${path}`, {
    method,
    headers: { apikey: keys.anonKey, authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, headers: res.headers, text, json };
}

beforeAll(async () => {
  const project = await startRestProject(
    SCHEMA,
    `insert into public.notes (id, owner, body, tags) values (1, '${alice}', 'plain', '{a,b}'), (2, '${alice}', 'with, comma "and quotes"', '{}'), (3, '${bob}', null, '{x}')`,
  );
  ({ h, base, keys, db, client, userToken } = project);
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('preferences', () => {
  it('refuses invalid preferences with handling=strict (400 PGRST122) and ignores them when lenient', async () => {
    const strict = await call('GET', 'notes?select=id', { prefer: 'handling=strict, foo, bar' });
    expect(strict.status).toBe(400);
    expect(strict.json).toEqual({ code: 'PGRST122', message: 'Invalid preferences given with handling=strict', details: 'Invalid preferences: foo, bar', hint: null });
    const lenient = await call('GET', 'notes?select=id', { prefer: 'handling=lenient, foo, bar' });
    expect(lenient.status).toBe(200);
    expect(lenient.headers.get('preference-applied')).toContain('handling=lenient');
    expect((await call('GET', 'notes?select=id', { prefer: 'handling=strict, timezone=Nowhere/Land' })).json).toMatchObject({ code: 'PGRST122' });
  });

  it('undoes a change of more rows than max-affected with handling=strict (400 PGRST124), counting only rows the caller may change', async () => {
    const tooMany = await call('PATCH', 'notes?id=lte.3', { prefer: 'handling=strict, max-affected=2' }, { body: 'changed' });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json).toMatchObject({ code: 'PGRST124', message: 'Query result exceeds max-affected preference constraint', details: 'The query affects 3 rows' });
    expect(Number((await db.query<{ n: string }>(`select count(*) as n from public.notes where body = 'changed'`)).rows[0]!.n)).toBe(0);
    // Alice may change her two rows only: within the limit.
    const mine = await call('PATCH', 'notes?id=lte.3', { prefer: 'handling=strict, max-affected=2, return=representation' }, { body: 'changed' }, await userToken(alice));
    expect(mine.status).toBe(200);
    expect((mine.json as { id: number }[]).map((r) => r.id)).toEqual([1, 2]);
    expect(mine.headers.get('preference-applied')).toContain('max-affected=2');
    // Anon changes nothing, within any limit; without strict handling the limit is not applied.
    expect((await call('PATCH', 'notes?id=lte.3', { prefer: 'handling=strict, max-affected=0' }, { body: 'anon' }, keys.anonKey)).status).toBe(204);
    const lenient = await call('PATCH', 'notes?id=eq.3', { prefer: 'max-affected=0' }, { body: 'bob note' }, await userToken(bob));
    expect(lenient.status).toBe(204);
    expect(lenient.headers.get('preference-applied') ?? '').not.toContain('max-affected');
    await db.exec(`update public.notes set body = case id when 1 then 'plain' when 2 then 'with, comma "and quotes"' else null end`);
  });

  it('renders timestamps in the time zone asked for, saying so in Preference-Applied', async () => {
    const r = await call('GET', 'notes?select=at&id=eq.1', { prefer: 'timezone=America/Los_Angeles' });
    expect(r.json).toEqual([{ at: '2024-01-15T04:00:00-08:00' }]);
    expect(r.headers.get('preference-applied')).toContain('timezone=America/Los_Angeles');
    const utc = await call('GET', 'notes?select=at&id=eq.1');
    expect(utc.json).toEqual([{ at: '2024-01-15T12:00:00+00:00' }]);
  });

  it('passes the whole body as the one json argument with params=single-object', async () => {
    const r = await call('POST', 'rpc/echo_object', { prefer: 'params=single-object' }, { a: 1, b: [true, null] });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ a: 1, b: [true, null] });
    expect(r.headers.get('preference-applied')).toContain('params=single-object');
    // Without it the body's keys are the arguments.
    expect((await call('POST', 'rpc/echo_object', {}, { payload: { c: 3 } })).json).toEqual({ c: 3 });
  });
});

describe('counting', () => {
  it('answers count=planned with the planner\'s estimate and count=estimated exactly below max rows, in Content-Range with 206 for part', async () => {
    await db.exec('analyze public.notes');
    const planned = await call('GET', 'notes?select=id&order=id', { prefer: 'count=planned', range: '0-0' });
    expect(planned.status).toBe(206);
    expect(planned.headers.get('content-range')).toBe('0-0/3');
    expect(planned.headers.get('preference-applied')).toContain('count=planned');
    const one = await call('GET', 'notes?select=id&id=eq.1', { prefer: 'count=planned' });
    expect(one.headers.get('content-range')).toBe('0-0/1');
    // An estimate, not a count: the planner never expects fewer than one row.
    const none = await call('GET', 'notes?select=id&body=eq.nothing-matches', { prefer: 'count=planned' });
    expect(none.json).toEqual([]);
    expect(none.headers.get('content-range')).toBe('*/1');
    expect((await call('GET', 'notes?select=id&body=eq.nothing-matches', { prefer: 'count=exact' })).headers.get('content-range')).toBe('*/0');
    const estimated = await call('GET', 'notes?select=id&body=not.is.null', { prefer: 'count=estimated' });
    expect(estimated.status).toBe(200);
    expect(estimated.headers.get('content-range')).toBe('0-1/2');
    // Through supabase-js.
    const r = await client(keys.serviceRoleKey).from('notes').select('id', { count: 'planned', head: true });
    expect(r.count).toBe(3);
  });
});

describe('text/csv', () => {
  it('answers rows as CSV through supabase-js, quoting as Postgres does, under row level security', async () => {
    const ask = async (c: SupabaseClient) => {
      const r = await c.from('notes').select('id, body, tags').order('id').csv();
      expect(r.error).toBeNull();
      // An empty answer is no data to the client.
      return (r.data as unknown as string | null) ?? '';
    };
    expect(await ask(client(keys.serviceRoleKey))).toBe('id,body,tags\n1,plain,"{a,b}"\n2,"with, comma ""and quotes""",{}\n3,,{x}');
    expect(await ask(client(keys.anonKey))).toBe('');
    expect(await ask(client(keys.anonKey, await userToken(alice)))).toBe('id,body,tags\n1,plain,"{a,b}"\n2,"with, comma ""and quotes""",{}');
    expect(await ask(client(keys.anonKey, await userToken(bob)))).toBe('id,body,tags\n3,,{x}');
    const raw = await call('GET', 'notes?select=id&order=id', { accept: 'text/csv' });
    expect(raw.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(raw.text).toBe('id\n1\n2\n3');
  });

  it('inserts rows from a text/csv body (quoted fields, NULL), row level security deciding', async () => {
    const csv = (owner: string, id = 1) => `id,owner,label,tags,n\r\n${id},${owner},"a, ""b""",{x},NULL\r\n${id + 1},${owner},plain,"{y,z}",5\r\n`;
    const post = async (body: string, token: string) => {
      const res = await fetch(`${base}/rest/v1/imports?select=id,label,tags,n`, { method: 'POST', headers: { apikey: keys.anonKey, authorization: `Bearer ${token}`, 'content-type': 'text/csv', prefer: 'return=representation' }, body });
      return { status: res.status, json: (await res.json()) as unknown };
    };
    const mine = await post(csv(alice), await userToken(alice));
    expect(mine.status).toBe(201);
    expect(mine.json).toEqual([
      { id: 1, label: 'a, "b"', tags: ['x'], n: null },
      { id: 2, label: 'plain', tags: ['y', 'z'], n: 5 },
    ]);
    expect((await post(csv(bob, 10), await userToken(alice))).json).toMatchObject({ code: '42501' });
    expect((await post(csv(bob, 10), keys.anonKey)).status).toBe(401);
    expect((await post(csv(bob, 10), await userToken(bob))).status).toBe(201);
    expect((await post(csv(bob, 20), keys.serviceRoleKey)).status).toBe(201);
    expect((await post('id,label\n1', keys.serviceRoleKey)).json).toMatchObject({ code: 'PGRST102' });
    expect((await post('id,label\n"1,x', keys.serviceRoleKey)).json).toMatchObject({ code: 'PGRST102' });
    const theirs = await client(keys.anonKey, await userToken(bob)).from('imports').select('id').order('id');
    expect(theirs.data).toEqual([{ id: 10 }, { id: 11 }, { id: 20 }, { id: 21 }]);
    expect((await client(keys.anonKey, await userToken(alice)).from('imports').select('id').order('id')).data).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('answers the rows of a function as CSV, under row level security', async () => {
    const r = await call('GET', 'rpc/my_notes?select=id,body', { accept: 'text/csv' }, undefined, await userToken(bob));
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.text).toBe('id,body\n3,');
  });
});
