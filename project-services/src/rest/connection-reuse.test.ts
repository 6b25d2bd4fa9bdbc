import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '@plinth/platform-api/testing';
import { signJwt } from '@plinth/platform-core/jwt';

// Requests one after another share the project database's pooled connections: what one request
// sets up for itself (its role, its claims, read-only mode, settings its functions make for their
// transaction, statements prepared for it) never shapes the next one, and a request that failed
// leaves the connection usable.

let h: TestHarness;
let ref: string;
let keys: { anon: string; secret: string };
const alice = randomUUID();
const bob = randomUUID();

const token = (sub: string) => signJwt({ sub, role: 'authenticated', aud: 'authenticated', ref, exp: Math.floor(Date.now() / 1000) + 600 }, keys.secret);

async function call(method: 'GET' | 'POST', path: string, as: string | null, body?: unknown) {
  const headers: Record<string, string> = { apikey: keys.anon };
  if (as) headers.authorization = `Bearer ${await token(as)}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return h.services.inject({ method, url: `/${ref}/rest/v1/${path}`, headers, payload: body === undefined ? undefined : JSON.stringify(body) });
}

beforeAll(async () => {
  h = await createTestHarness();
  const { project } = await h.userWithProject();
  ref = project.ref;
  const k = await h.internals.control.query<{ anon_key: string; jwt_secret: string }>('select anon_key, jwt_secret from projects where ref = $1', [ref]);
  keys = { anon: k.rows[0]!.anon_key, secret: k.rows[0]!.jwt_secret };
  const db = await h.internals.databases.get(ref);
  await db.exec(`
    create table public.notes (id serial primary key, owner uuid not null default auth.uid(), title text not null);
    alter table public.notes enable row level security;
    create policy own_notes on public.notes for all to authenticated using (owner = auth.uid()) with check (owner = auth.uid());
    grant select, insert on public.notes to anon, authenticated;
    grant usage on sequence public.notes_id_seq to authenticated;
    insert into public.notes (owner, title) values ('${alice}', 'alice 1'), ('${alice}', 'alice 2'), ('${bob}', 'bob 1');
    create function public.remember(note text) returns text language sql as $$ select set_config('app.note', note, true) $$;
    create function public.remember_for_the_session(note text) returns text language sql as $$ select set_config('app.note', note, false) $$;
    create function public.make_scratch() returns int language plpgsql as $$
      begin execute 'create temp table if not exists scratch (secret text)'; execute 'insert into scratch values (''alice'')'; return 1; end $$;
    create function public.has_scratch() returns boolean language sql stable as $$ select to_regclass('pg_temp.scratch') is not null $$;
    create function public.recall() returns text language sql stable as $$ select coalesce(nullif(current_setting('app.note', true), ''), 'nothing') $$;
    create function public.who() returns json language sql stable as $$
      select json_build_object('role', current_user, 'sub', auth.uid(), 'read_only', current_setting('transaction_read_only')) $$;
    grant execute on function public.remember(text), public.remember_for_the_session(text), public.make_scratch(), public.has_scratch(), public.recall(), public.who() to anon, authenticated;`);
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('requests that follow each other on the same connections', () => {
  it('answers each caller as itself: a signed-in read is followed by anonymous and other users\' reads that see nothing of it', async () => {
    for (let i = 0; i < 3; i++) {
      const mine = await call('GET', 'notes?select=title&order=id.asc', alice);
      expect(mine.json()).toEqual([{ title: 'alice 1' }, { title: 'alice 2' }]);
      expect((await call('GET', 'rpc/who', null)).json()).toEqual({ role: 'anon', sub: null, read_only: 'on' });
      expect((await call('GET', 'notes?select=title&order=id.asc', null)).json()).toEqual([]);
      expect((await call('GET', 'notes?select=title&order=id.asc', bob)).json()).toEqual([{ title: 'bob 1' }]);
      expect((await call('GET', 'rpc/who', bob)).json()).toEqual({ role: 'authenticated', sub: bob, read_only: 'on' });
    }
  });

  it('ends a setting a function made for its own request with that request', async () => {
    expect((await call('GET', 'rpc/remember?note=alice-secret', alice)).json()).toBe('alice-secret');
    for (let i = 0; i < 4; i++) expect((await call('GET', 'rpc/recall', bob)).json()).toBe('nothing');
  });

  it('ends a setting a function made for its whole session with the request that made it', async () => {
    expect((await call('GET', 'rpc/remember_for_the_session?note=alice-read', alice)).json()).toBe('alice-read');
    for (let i = 0; i < 4; i++) expect((await call('GET', 'rpc/recall', bob)).json()).toBe('nothing');
    expect((await call('POST', 'rpc/remember_for_the_session', alice, { note: 'alice-write' })).json()).toBe('alice-write');
    for (let i = 0; i < 4; i++) {
      expect((await call('GET', 'rpc/recall', bob)).json()).toBe('nothing');
      expect((await call('POST', 'rpc/recall', null, {})).json()).toBe('nothing');
    }
  });

  it("never shows one caller's temporary table to the next", async () => {
    const made = await call('POST', 'rpc/make_scratch', alice, {});
    if (process.env.DATABASE_URL) {
      // A Postgres server does not let the app roles create temporary tables at all.
      expect(made.statusCode).toBe(403);
      expect(made.json()).toMatchObject({ code: '42501' });
    } else {
      // The embedded database has one session for every call: the table is dropped when the call ends.
      expect(made.statusCode, made.body).toBe(200);
    }
    for (let i = 0; i < 4; i++) {
      expect((await call('GET', 'rpc/has_scratch', bob)).json()).toBe(false);
      expect((await call('POST', 'rpc/has_scratch', null, {})).json()).toBe(false);
    }
  });

  it('leaves no read-only mode behind: a write right after reads is made', async () => {
    for (let i = 0; i < 3; i++) expect((await call('GET', 'notes?select=id', alice)).statusCode).toBe(200);
    const made = await call('POST', 'notes', alice, { title: 'alice 3' });
    expect(made.statusCode).toBe(201);
    expect((await call('GET', 'notes?select=title&title=eq.alice%203', alice)).json()).toEqual([{ title: 'alice 3' }]);
  });

  it('answers the same read again after it failed on a bad value', async () => {
    for (let i = 0; i < 3; i++) {
      const bad = await call('GET', 'notes?select=title&id=eq.not-a-number', alice);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: '22P02' });
      const good = await call('GET', 'notes?select=title&id=eq.1', alice);
      expect(good.statusCode).toBe(200);
      expect(good.json()).toEqual([{ title: 'alice 1' }]);
    }
  });
});
