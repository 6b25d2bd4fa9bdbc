import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestHarness } from '@plinth/platform-api/testing';
import type { ProjectKeys } from '../auth/testing';
import { startRestProject } from './testing';

// Function calls as PostgREST resolves them: overloads chosen by argument names (PGRST203 only when
// the names cannot tell them apart), defaults, variadic parameters (repeated query arguments on
// GET), GET refused for a function that writes, a single unnamed text/xml/bytea parameter taking a
// text/plain, text/xml or application/octet-stream body, and one value answered as text/plain or
// application/octet-stream.

let h: TestHarness;
let base: string;
let keys: ProjectKeys;
let svc: SupabaseClient;

const SCHEMA = `
create table public.counters (id int primary key, n int not null);
insert into public.counters values (1, 0);
create function public.area(w int, h int default 10) returns int language sql immutable as $$ select w * h $$;
create function public.area(r int) returns int language sql immutable as $$ select 3 * r * r $$;
create function public.pick(a int) returns text language sql immutable as $$ select 'int' $$;
create function public.pick(a text) returns text language sql immutable as $$ select 'text' $$;
create function public.joined(variadic parts text[]) returns text language sql immutable as $$ select array_to_string(parts, '-') $$;
create function public.bump() returns int language sql volatile as $$ update public.counters set n = n + 1 where id = 1 returning n $$;
create function public.shout(text) returns text language sql immutable as $$ select upper($1) $$;
create function public.byte_count(bytea) returns int language sql immutable as $$ select length($1) $$;
create function public.magic() returns bytea language sql immutable as $$ select '\\x89504e470d0a'::bytea $$;
create function public.root_name(xml) returns text language sql immutable as $$ select (xpath('name(/*)', $1))[1]::text $$;
grant select, update on public.counters to anon, authenticated, service_role;
`;

async function call(method: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer) {
  const res = await fetch(`${base}/rest/v1/${path}`, { method, headers: { apikey: keys.serviceRoleKey, authorization: `Bearer ${keys.serviceRoleKey}`, ...headers }, ...(body !== undefined ? { body: typeof body === 'string' ? body : new Uint8Array(body) } : {}) });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}
const json = (r: { bytes: Buffer }) => JSON.parse(r.bytes.toString('utf8')) as unknown;

beforeAll(async () => {
  const project = await startRestProject(SCHEMA);
  ({ h, base, keys } = project);
  svc = project.client(keys.serviceRoleKey);
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('function resolution', () => {
  it('chooses an overload by its argument names, with defaults', async () => {
    expect((await svc.rpc('area', { w: 2, h: 3 })).data).toBe(6);
    expect((await svc.rpc('area', { w: 2 })).data).toBe(20);
    expect((await svc.rpc('area', { r: 2 })).data).toBe(12);
    expect((await svc.rpc('area', { r: 2 }, { get: true })).data).toBe(12);
  });

  it('answers 300 PGRST203 only when the names cannot tell overloads apart, 404 PGRST202 when none fits', async () => {
    const r = await svc.rpc('pick', { a: 1 });
    expect(r.status).toBe(300);
    expect(r.error).toMatchObject({ code: 'PGRST203' });
    const none = await svc.rpc('area', { x: 1 });
    expect(none.status).toBe(404);
    expect(none.error).toMatchObject({ code: 'PGRST202' });
  });

  it('passes a variadic parameter as an array, and repeated query arguments on GET', async () => {
    expect((await svc.rpc('joined', { parts: ['a', 'b', 'c'] })).data).toBe('a-b-c');
    expect(json(await call('GET', 'rpc/joined?parts=x&parts=y'))).toBe('x-y');
    expect(json(await call('GET', 'rpc/joined?parts=solo'))).toBe('solo');
  });

  it('refuses GET for a function that writes (405, read-only transaction) and runs it on POST', async () => {
    const get = await svc.rpc('bump', {}, { get: true });
    expect(get.status).toBe(405);
    expect(get.error).toMatchObject({ code: '25006' });
    const post = await svc.rpc('bump');
    expect(post.data).toBe(1);
  });
});

describe('raw bodies and answers', () => {
  it('passes a text/plain, text/xml or application/octet-stream body to the one unnamed parameter of that type', async () => {
    const text = await call('POST', 'rpc/shout', { 'content-type': 'text/plain' }, 'hello, world');
    expect(text.status).toBe(200);
    expect(json(text)).toBe('HELLO, WORLD');
    const bytes = await call('POST', 'rpc/byte_count', { 'content-type': 'application/octet-stream' }, Buffer.from([0, 1, 2, 255]));
    expect(json(bytes)).toBe(4);
    const xml = await call('POST', 'rpc/root_name', { 'content-type': 'text/xml' }, '<catalog><item/></catalog>');
    expect(json(xml)).toBe('catalog');
    // No function of one unnamed parameter of that type: 404 PGRST202; a table takes JSON only.
    expect(json(await call('POST', 'rpc/area', { 'content-type': 'text/plain' }, 'x'))).toMatchObject({ code: 'PGRST202' });
    expect((await call('POST', 'counters', { 'content-type': 'text/plain' }, 'x')).status).toBe(415);
  });

  it('answers one value as text/plain or application/octet-stream when asked, 406 PGRST107 where it cannot', async () => {
    const text = await call('POST', 'rpc/shout', { 'content-type': 'text/plain', accept: 'text/plain' }, 'abc');
    expect(text.type).toBe('text/plain; charset=utf-8');
    expect(text.bytes.toString('utf8')).toBe('ABC');
    const bin = await call('GET', 'rpc/magic', { accept: 'application/octet-stream' });
    expect(bin.status).toBe(200);
    expect(bin.type).toBe('application/octet-stream');
    expect([...bin.bytes]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]);
    const wrongType = await call('GET', 'rpc/magic', { accept: 'text/plain' });
    expect(wrongType.status).toBe(406);
    expect(json(wrongType)).toMatchObject({ code: 'PGRST107' });
    expect((await call('GET', 'counters', { accept: 'text/plain' })).status).toBe(406);
  });
});
