import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestHarness, type TestHarness } from '@plinth/platform-api/testing';

// Hostile requests to the data API: made-up select lists, filters, groups, orders, headers and
// bodies built from the grammar's own pieces and SQL fragments. Reads run as service_role (they see
// everything), changes as anon (row level security on `secrets` lets anon change nothing there).
// Every answer is a 2xx or a 4xx in PostgREST's shape, never a 5xx, and `secrets` is unchanged.

let h: TestHarness;
let ref: string;
let keys: { anon: string; service: string };

beforeAll(async () => {
  h = await createTestHarness();
  const { project } = await h.userWithProject();
  ref = project.ref;
  const k = await h.internals.control.query<{ anon_key: string; service_role_key: string }>('select anon_key, service_role_key from projects where ref = $1', [ref]);
  keys = { anon: k.rows[0]!.anon_key, service: k.rows[0]!.service_role_key };
  const db = await h.internals.databases.get(ref);
  await db.exec(`
    create table public.secrets (id int primary key, owner uuid, body text, tags text[], meta jsonb);
    create table public.notes (id int primary key, secret_id int references public.secrets(id), body text);
    alter table public.secrets enable row level security;
    grant select, insert, update, delete on public.secrets, public.notes to anon, authenticated, service_role;
    insert into public.secrets values (1, null, 'keep me', '{a}', '{"k": 1}');
    insert into public.notes values (1, 1, 'note');`);
  // Aggregates on, so that hostile aggregate requests reach their statements.
  await h.internals.control.query(
    `insert into project_rest_settings (project_ref, exposed_schemas, max_rows, extra_search_path, aggregates_enabled) values ($1, '{public}', 1000, '{public}', true)
     on conflict (project_ref) do update set aggregates_enabled = true`,
    [ref],
  );
}, 120_000);

afterAll(async () => {
  await h?.close();
});

const SQL = ["'", '"', ';', '--', '/*', ')', '(', ',', '.', ':', '::', '!', '->', '->>', '*', '\\', '%', ' or 1=1', '); drop table secrets; --', 'pg_sleep(5)', '$1', '{', '}', 'null', 'not.', 'eq.', 'in.(', 'é', '\u202e', '😀'];
const WORDS = ['id', 'body', 'tags', 'meta', 'owner', 'notes', 'secrets', 'nope', 'inner', 'eq', 'in', 'is', 'or', 'and', 'not', 'asc', 'desc', 'nullsfirst', 'cs', 'fts', 'any'];
const piece = fc.oneof(fc.constantFrom(...SQL), fc.constantFrom(...WORDS), fc.string({ maxLength: 6 }));
const text = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''));
const often = <T>(arb: fc.Arbitrary<T>, rare: fc.Arbitrary<T>) => fc.oneof({ arbitrary: arb, weight: 5 }, { arbitrary: rare, weight: 1 });
const column = often(fc.constantFrom('id', 'body', 'tags', 'meta', 'owner', 'meta->>k', 'meta->k'), text);
const operator = often(fc.constantFrom('eq', 'neq', 'gt', 'like', 'ilike', 'is', 'in', 'cs', 'cd', 'not.eq', 'not.in', 'eq(any)', 'fts'), text);
const value = often(fc.constantFrom('1', 'keep me', 'null', 'true', '(1,2)', '{a}', '{"k":1}', '*e*', '"a,b"'), text);
const filter = fc.tuple(column, operator, value).map(([c, o, v]) => ({ c, f: `${o}.${v}` }));
const select = fc.array(often(fc.constantFrom('*', 'id', 'body', 'x:body', 'id::text', 'meta->k', 'notes(*)', 'notes!inner(body)', 'secrets(id)', 'n:notes(id,body)', 'count()', 'id.sum()', 'body.max()::text', 'id::int.avg()', 'notes(count)', 'notes(id.sum())', '...notes(body)', '...secrets(id,body)', '...notes(count(),id.max())', 'notes!secret_id!left(body)', 'secret_id(*)', 'notes_secret_id_fkey(*)'), text), { minLength: 1, maxLength: 4 }).map((a) => a.join(','));
const pair = fc.oneof(
  filter.map(({ c, f }) => [c, f] as [string, string]),
  select.map((v) => ['select', v] as [string, string]),
  fc.tuple(fc.constantFrom('or', 'and', 'not.or', 'notes.or'), fc.array(filter, { minLength: 1, maxLength: 3 }).map((fs) => `(${fs.map(({ c, f }) => `${c}.${f}`).join(',')})`)),
  fc.tuple(fc.constantFrom('order', 'notes.order'), often(fc.constantFrom('id.desc', 'body.asc.nullslast,id', 'nope'), text)),
  fc.tuple(fc.constantFrom('limit', 'offset', 'notes.limit', 'columns', 'on_conflict'), often(fc.constantFrom('0', '1', '10', 'id,body', '-1', '99999999999999999999'), text)),
  fc.tuple(text, text),
);
const query = fc.array(pair, { maxLength: 4 }).map((pairs) => new URLSearchParams(pairs).toString());
const path = often(fc.constantFrom('secrets', 'secrets', 'notes', 'rpc/nope'), fc.oneof(fc.constantFrom('rpc/', 'pg_authid', '..%2Fplatform'), text.map(encodeURIComponent)));
const rarely = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 4 }, { arbitrary: arb, weight: 1 });
const header = fc.record({
  prefer: rarely(often(fc.constantFrom('return=representation', 'count=exact', 'resolution=merge-duplicates', 'missing=default,return=representation', 'handling=strict, foo', 'handling=strict, max-affected=0', 'timezone=Asia/Tokyo', 'timezone=x;drop', 'params=single-object', 'tx=rollback'), text)),
  accept: rarely(often(fc.constantFrom('application/vnd.pgrst.object+json', 'text/csv', '*/*', 'text/plain', 'application/octet-stream'), text)),
  'accept-profile': rarely(often(fc.constantFrom('public', 'auth', 'storage', 'pg_catalog'), text)),
  'content-profile': rarely(often(fc.constantFrom('public', 'auth'), text)),
  range: rarely(often(fc.constantFrom('0-1', '5-', '3-1'), text)),
});
const row = fc.dictionary(often(fc.constantFrom('id', 'body', 'tags', 'meta', 'owner', 'secret_id'), text), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
const body = fc.oneof(fc.constant(undefined), row.map((r) => JSON.stringify(r)), fc.array(row, { maxLength: 3 }).map((r) => JSON.stringify(r)), fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)), text);

it('answers every hostile request with a 2xx or a PostgREST-shaped 4xx, and leaves the data alone', async () => {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom('GET', 'HEAD', 'POST', 'PATCH', 'DELETE'), path, query, header, body, async (method, p, q, extra, payload) => {
      const reading = method === 'GET' || method === 'HEAD';
      const auth = { apikey: keys.anon, authorization: `Bearer ${reading ? keys.service : keys.anon}` };
      const sent = Object.fromEntries(Object.entries({ ...auth, ...extra, 'content-type': 'application/json' }).filter(([, v]) => v !== undefined && /^[\t\x20-\x7e]*$/.test(v))) as Record<string, string>;
      const res = await h.services.inject({ method: method as 'GET', url: `/${ref}/rest/v1/${p}${q ? `?${q}` : ''}`, headers: sent, payload: reading ? undefined : payload });
      expect(res.statusCode, `${method} ${p}?${q} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
      if (res.statusCode >= 400 && method !== 'HEAD') {
        const err = res.json();
        expect(typeof err.code).toBe('string');
        expect(typeof err.message).toBe('string');
        expect(err).toHaveProperty('details');
        expect(err).toHaveProperty('hint');
      }
    }),
    { numRuns: 400, seed: 13 },
  );
  const db = await h.internals.databases.get(ref);
  const left = await db.query<{ n: number; kept: number }>("select count(*)::int as n, count(*) filter (where id = 1 and body = 'keep me')::int as kept from public.secrets");
  expect(left.rows[0]).toEqual({ n: 1, kept: 1 });
}, 300_000);
