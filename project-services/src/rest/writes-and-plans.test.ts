import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestHarness } from '@plinth/platform-api/testing';
import type { ProjectDatabase } from '@plinth/platform-core/deps';
import type { ProjectKeys } from '../auth/testing';
import { RestSettingsStore, type TxEnd } from './settings';
import { startRestProject, type RestProject } from './testing';

// Writes and answers PostgREST documents beyond the common path: PUT (the upsert of one row by its
// primary key), upserts answering 200 when nothing was created, return=headers-only with Location,
// limited updates and deletes, the transaction's end (db-tx-end and Prefer: tx=), execution plans
// (Accept: application/vnd.pgrst.plan, behind the project's setting), and the status and headers a
// function sets. Row level security holds on each path for anon, two users and service_role.

let h: TestHarness;
let ref: string;
let base: string;
let keys: ProjectKeys;
let db: ProjectDatabase;
let as: Record<'alice' | 'bob' | 'anon' | 'service', SupabaseClient>;
let aliceToken: string;
const alice = randomUUID();
const bob = randomUUID();

const SCHEMA = `
create table public.tasks (id int primary key, owner uuid not null, title text not null, done boolean not null default false);
alter table public.tasks enable row level security;
create policy own_tasks on public.tasks for all to authenticated using (owner = auth.uid()) with check (owner = auth.uid());
grant select, insert, update, delete on public.tasks to anon, authenticated, service_role;
create table public.log_lines (n int primary key, line text);
revoke all on public.log_lines from anon, authenticated;
grant select, insert, update, delete on public.log_lines to service_role;
create function public.brew() returns text language plpgsql as $$
begin
  perform set_config('response.status', '418', true);
  perform set_config('response.headers', '[{"X-Teapot": "short and stout"}, {"Cache-Control": "no-store"}]', true);
  return 'tea';
end $$;
create function public.bad_headers() returns text language plpgsql as $$
begin
  perform set_config('response.headers', '{"not": "an array"}', true);
  return 'x';
end $$;
grant execute on function public.brew(), public.bad_headers() to anon, authenticated, service_role;
`;

const setTx = (txEnd: TxEnd, planEnabled = false) => new RestSettingsStore(h.internals.control).update(ref, { schemas: ['public'], maxRows: 1000, txEnd, planEnabled });
const rows = async (sql: string) => (await db.query<Record<string, unknown>>(sql)).rows;

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
  return { status: res.status, headers: res.headers, text, json: json as Record<string, unknown> | Record<string, unknown>[] | null };
}

beforeAll(async () => {
  const project: RestProject = await startRestProject(SCHEMA, `insert into public.tasks values (1, '${alice}', 'water plants', false), (2, '${alice}', 'pay rent', false), (3, '${bob}', 'call mum', false), (4, '${alice}', 'fix bike', false)`);
  ({ h, ref, base, keys, db } = project);
  as = await project.callers({ alice, bob });
  aliceToken = await project.userToken(alice);
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('PUT: the upsert of one row named by its primary key', () => {
  it('creates the row (201), then replaces it (200 with representation, 204 without)', async () => {
    const created = await call('PUT', 'tasks?id=eq.10', { prefer: 'return=representation' }, { id: 10, owner: alice, title: 'new', done: false });
    expect(created.status).toBe(201);
    expect(created.json).toEqual([{ id: 10, owner: alice, title: 'new', done: false }]);
    const replaced = await call('PUT', 'tasks?id=eq.10', { prefer: 'return=representation' }, { id: 10, owner: alice, title: 'renamed', done: true });
    expect(replaced.status).toBe(200);
    expect(replaced.json).toEqual([{ id: 10, owner: alice, title: 'renamed', done: true }]);
    const minimal = await call('PUT', 'tasks?id=eq.10', {}, { id: 10, owner: alice, title: 'again', done: true });
    expect(minimal.status).toBe(204);
    expect(await rows('select title from public.tasks where id = 10')).toEqual([{ title: 'again' }]);
  });

  it('refuses filters that are not the whole primary key with eq, a body that disagrees, and a limit', async () => {
    const other = await call('PUT', 'tasks?title=eq.x', {}, { id: 11, owner: alice, title: 'x' });
    expect(other.status).toBe(405);
    expect(other.json).toMatchObject({ code: 'PGRST105' });
    const notEq = await call('PUT', 'tasks?id=gt.11', {}, { id: 11, owner: alice, title: 'x' });
    expect(notEq.json).toMatchObject({ code: 'PGRST105' });
    const mismatch = await call('PUT', 'tasks?id=eq.11', {}, { id: 12, owner: alice, title: 'x' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json).toMatchObject({ code: 'PGRST115', message: 'Payload values do not match URL in primary key column(s)' });
    const limited = await call('PUT', 'tasks?id=eq.11&limit=1', {}, { id: 11, owner: alice, title: 'x' });
    expect(limited.status).toBe(400);
    expect(limited.json).toMatchObject({ code: 'PGRST114' });
    expect(await rows('select id from public.tasks where id in (11, 12)')).toEqual([]);
  });

  it('holds row level security: a user cannot take over or create another user\'s row, anon nothing', async () => {
    const bobTakesAlice = await call('PUT', 'tasks?id=eq.1', {}, { id: 1, owner: bob, title: 'mine now', done: false }, await tokenOf(bob));
    expect([401, 403]).toContain(bobTakesAlice.status);
    expect(await rows('select owner, title from public.tasks where id = 1')).toEqual([{ owner: alice, title: 'water plants' }]);
    const anon = await call('PUT', 'tasks?id=eq.13', {}, { id: 13, owner: alice, title: 'anon' }, keys.anonKey);
    expect([401, 403]).toContain(anon.status);
    const own = await call('PUT', 'tasks?id=eq.14', {}, { id: 14, owner: alice, title: 'alice adds' }, aliceToken);
    expect(own.status).toBe(201);
    expect(await rows('select id from public.tasks where id in (13, 14) order by id')).toEqual([{ id: 14 }]);
  });
});

let tokens: Record<string, string> = {};
async function tokenOf(sub: string): Promise<string> {
  if (!tokens[sub]) {
    const { signJwt } = await import('@plinth/platform-core/jwt');
    tokens = { ...tokens, [sub]: await signJwt({ sub, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 600 }, keys.jwtSecret) };
  }
  return tokens[sub]!;
}

describe('upserts and return=headers-only', () => {
  it('answers 200 when every row already existed and 201 when one was created (supabase-js upsert)', async () => {
    const existing = await as.service.from('tasks').upsert([{ id: 2, owner: alice, title: 'pay rent today', done: false }]).select();
    expect(existing.status).toBe(200);
    expect(existing.data).toEqual([{ id: 2, owner: alice, title: 'pay rent today', done: false }]);
    const mixed = await as.service.from('tasks').upsert([{ id: 2, owner: alice, title: 'pay rent', done: false }, { id: 20, owner: bob, title: 'buy milk', done: false }]);
    expect(mixed.status).toBe(201);
    const ignored = await as.service.from('tasks').upsert([{ id: 20, owner: bob, title: 'ignored', done: false }], { ignoreDuplicates: true });
    expect(ignored.status).toBe(201);
    expect(await rows('select title from public.tasks where id in (2, 20) order by id')).toEqual([{ title: 'pay rent' }, { title: 'buy milk' }]);
  });

  it('names the created row in Location with return=headers-only', async () => {
    const res = await call('POST', 'tasks', { prefer: 'return=headers-only' }, { id: 21, owner: bob, title: 'located' });
    expect(res.status).toBe(201);
    expect(res.text).toBe('');
    expect(res.headers.get('location')).toBe('/tasks?id=eq.21');
  });
});

describe('limited updates and deletes', () => {
  it('changes only the first rows in the order asked, among those the caller may see', async () => {
    await db.exec(`insert into public.tasks values (30, '${bob}', 'b30', false), (31, '${alice}', 'a31', false), (32, '${alice}', 'a32', false), (33, '${alice}', 'a33', false)`);
    // Alice marks her first two open tasks from 30 up: 31 and 32, never bob's 30.
    const updated = await as.alice.from('tasks').update({ done: true }).gte('id', 30).eq('done', false).order('id').limit(2).select('id');
    expect(updated.error).toBeNull();
    expect(updated.data).toEqual([{ id: 31 }, { id: 32 }]);
    expect(await rows('select id, done from public.tasks where id >= 30 and id < 40 order by id')).toEqual([
      { id: 30, done: false },
      { id: 31, done: true },
      { id: 32, done: true },
      { id: 33, done: false },
    ]);
    const deleted = await call('DELETE', 'tasks?id=gte.30&id=lt.40&order=id.desc&limit=1&offset=1', { prefer: 'return=representation' });
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual([{ id: 32, owner: alice, title: 'a32', done: true }]);
    const anon = await as.anon.from('tasks').delete().gte('id', 30).order('id').limit(5);
    expect(anon.error).toBeNull();
    expect(await rows('select id from public.tasks where id >= 30 and id < 40 order by id')).toEqual([{ id: 30 }, { id: 31 }, { id: 33 }]);
  });

  it('refuses limit and offset on an insert', async () => {
    const res = await call('POST', 'tasks?limit=1', {}, { id: 40, owner: alice, title: 'x' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'PGRST100' });
  });
});

describe('the transaction end: the project setting and Prefer: tx=', () => {
  it('commits by default and does not honour tx=rollback (refused with handling=strict)', async () => {
    await setTx('commit');
    const kept = await as.service.from('log_lines').insert({ n: 1, line: 'kept' }).select().rollback();
    expect(kept.status).toBe(201);
    expect(await rows('select line from public.log_lines where n = 1')).toEqual([{ line: 'kept' }]);
    const strict = await call('POST', 'log_lines', { prefer: 'handling=strict, tx=rollback' }, { n: 2, line: 'strict' });
    expect(strict.status).toBe(400);
    expect(strict.json).toMatchObject({ code: 'PGRST122' });
    expect(await rows('select n from public.log_lines where n = 2')).toEqual([]);
  });

  it('rolls back with tx=rollback where the project allows the override, answering what would have changed', async () => {
    await setTx('commit-allow-override');
    const dry = await as.service.from('log_lines').insert({ n: 3, line: 'dry run' }).select().rollback();
    expect(dry.status).toBe(201);
    expect(dry.data).toEqual([{ n: 3, line: 'dry run' }]);
    expect(await rows('select n from public.log_lines where n = 3')).toEqual([]);
    const applied = await call('DELETE', 'log_lines?n=eq.1', { prefer: 'tx=rollback, return=representation' });
    expect(applied.headers.get('preference-applied')).toContain('tx=rollback');
    expect(await rows('select n from public.log_lines where n = 1')).toEqual([{ n: 1 }]);
    // A user's dry run is still held by row level security.
    const bobDry = await as.bob.from('tasks').update({ title: 'x' }).eq('id', 1).select().rollback();
    expect(bobDry.data).toEqual([]);
  });

  it('rolls back every request where the project says so, unless an allowed tx=commit says otherwise', async () => {
    await setTx('rollback-allow-override');
    await as.service.from('log_lines').insert({ n: 4, line: 'undone' });
    expect(await rows('select n from public.log_lines where n = 4')).toEqual([]);
    const committed = await call('POST', 'log_lines', { prefer: 'tx=commit' }, { n: 5, line: 'kept' });
    expect(committed.status).toBe(201);
    expect(await rows('select n from public.log_lines where n = 5')).toEqual([{ n: 5 }]);
    await setTx('commit');
  });
});

describe('execution plans (Accept: application/vnd.pgrst.plan)', () => {
  it('are refused while the project has them off', async () => {
    await setTx('commit', false);
    const res = await as.service.from('tasks').select('*').explain({ format: 'json' });
    expect(res.status).toBe(406);
    expect(res.error).toMatchObject({ code: 'PGRST107' });
  });

  it('answer the plan as JSON or text, as the caller, without changing data unless analyzed', async () => {
    await setTx('commit-allow-override', true);
    const json = await as.alice.from('tasks').select('id, title').eq('id', 1).explain({ format: 'json' });
    expect(json.status).toBe(200);
    const plan = json.data as unknown as { Plan: { 'Node Type': string } }[];
    expect(typeof plan[0]!.Plan['Node Type']).toBe('string');
    // Alice's plan carries her row level security policy.
    expect(JSON.stringify(plan)).toContain('auth.uid()');
    const text = await as.service.from('tasks').select('*').explain();
    expect(typeof text.data).toBe('string');
    expect(String(text.data)).toMatch(/Scan/);
    // An analyzed delete runs; rolled back, it changes nothing.
    const analyzed = await as.service.from('tasks').delete().eq('id', 3).rollback().explain({ analyze: true, format: 'json' });
    expect(analyzed.status).toBe(200);
    expect(JSON.stringify(analyzed.data)).toContain('Actual Rows');
    expect(await rows('select id from public.tasks where id = 3')).toEqual([{ id: 3 }]);
    // A table anon may not read: its plan is refused too.
    const denied = await as.anon.from('log_lines').select('*').explain({ format: 'json' });
    expect([401, 403]).toContain(denied.status);
    await setTx('commit', false);
  });
});

describe('the status and headers a function sets', () => {
  it('answers with response.status and response.headers', async () => {
    const res = await call('POST', 'rpc/brew', {}, {});
    expect(res.status).toBe(418);
    expect(res.headers.get('x-teapot')).toBe('short and stout');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json).toBe('tea');
    const get = await as.anon.rpc('brew', {}, { get: true });
    expect(get.status).toBe(418);
  });

  it('refuses headers that are not an array of one-key objects (PGRST111)', async () => {
    const res = await call('POST', 'rpc/bad_headers', {}, {});
    expect(res.status).toBe(500);
    expect(res.json).toMatchObject({ code: 'PGRST111' });
  });
});
