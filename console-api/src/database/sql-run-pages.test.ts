import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CSRF_HEADER } from '@plinth/shared-contracts';
import { HELD_SESSION_NAME, SPARE_SESSION_NAME } from '@plinth/platform-core/project-db/held-session';
import { projectRoleName } from '@plinth/platform-core/project-db/owner-role';
import { startProjectServer, type ProjectTestServer } from '@plinth/platform-api/testing/project-server';
import { CURSOR_IDLE_MS, CURSORS_PER_PROJECT } from './sql-run-pages';

// A large result of the SQL editor arrives page by page on both databases: on a Postgres server
// the cursor is held on a connection of the project role of its own, outside the pools.

let s: ProjectTestServer;
const headers: Record<string, Record<string, string>> = {};
const url = (p: string, ref = s.ref) => `/api/platform/pg-meta/${ref}${p}`;
const run = (payload: Record<string, unknown>, who = headers.dev, ref = s.ref) =>
  s.app.inject({ method: 'POST', url: url('/query', ref), headers: who, payload: { resultShape: 'statements', ...payload } });
const rows = (payload: Record<string, unknown>, who = headers.dev, ref = s.ref) => s.app.inject({ method: 'POST', url: url('/query/rows', ref), headers: who, payload });
const server = Boolean(process.env.DATABASE_URL);

/** Server: connections holding a result in the project's database now (the API's own view, as its user). */
const held = async () => {
  const db = await s.deps.databases.get(s.ref);
  const r = await db.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1', [HELD_SESSION_NAME]);
  return r.rows[0]!.n;
};
/** Server: connections of the project role (its pools, held results and spare) in its database now. */
const roleConnections = async () => {
  const db = await s.deps.databases.get(s.ref);
  const r = await db.query<{ n: number; spare: number }>(
    'select count(*)::int as n, (count(*) filter (where application_name = $2))::int as spare from pg_stat_activity where datname = current_database() and usename = $1',
    [projectRoleName(s.ref), SPARE_SESSION_NAME],
  );
  return r.rows[0]!;
};
/** Reads a result to its end (or until a page fails), answering every row and the failing page. */
const readAll = async (first: Result, who = headers.dev) => {
  const all = [...first.rows];
  while (first.cursor) {
    const page = await rows({ cursor: first.cursor, offset: all.length, limit: 1000 }, who);
    if (page.statusCode !== 200) return { all, failed: page };
    all.push(...page.json().rows);
    if (page.json().done) break;
  }
  return { all, failed: null };
};
const large = (runId: string, who = headers.dev, ref = s.ref) => run({ query: 'select n from generate_series(1, 3000) as n', rowLimit: 100_000, runId }, who, ref);
const expectGone = (res: { statusCode: number; json(): Record<string, unknown> }) => {
  expect(res.statusCode).toBe(404);
  expect(res.json()).toMatchObject({ code: 'RESULT_GONE', field: 'cursor' });
  expect(res.json().message).toContain('run the query again');
};

beforeAll(async () => {
  s = await startProjectServer();
  headers.dev = await s.as('Developer');
  headers.other = await s.as('Developer', 'another-developer');
}, 300_000);
afterAll(async () => s?.close());
afterEach(() => {
  vi.useRealTimers();
});

type Result = { rows: unknown[][]; totalRows: number; truncated: boolean; cursor?: string; command: string };

describe('a large result of the SQL editor', () => {
  it('answers its first rows at once and the rest page by page, in order, cut at the row limit', async () => {
    const before = server ? await held() : 0;
    const res = await run({ query: "create temp table if not exists pages_t (n int);\nselect n, 'row ' || n as label from generate_series(1, 2600) as n order by n desc", rowLimit: 2500, runId: 'pages-run-0001' });
    expect(res.statusCode).toBe(200);
    const results = res.json().results as Result[];
    expect(results.map((r) => r.command)).toEqual(['CREATE TABLE', 'SELECT']);
    const first = results[1]!;
    expect(first).toMatchObject({ totalRows: 2600, truncated: true, cursor: 'pages-run-0001' });
    // Both databases answer the first 1,000 rows and a cursor; a server holds one connection for it.
    expect(first.rows.length).toBe(1000);
    if (server) expect(await held()).toBe(before + 1);
    const { all, failed } = await readAll(first);
    expect(failed).toBeNull();
    expect(all).toHaveLength(2500);
    expect(all[0]).toEqual([2600, 'row 2600']);
    expect(all[1000]).toEqual([1600, 'row 1600']);
    expect(all[2499]).toEqual([101, 'row 101']);
    // Read to its end, the result is no longer kept, and its connection is gone.
    expectGone(await rows({ cursor: first.cursor, offset: 0, limit: 10 }));
    if (server) await expect.poll(held).toBe(before);
  });

  it('a small result closes at once, holding nothing', async () => {
    const before = server ? await held() : 0;
    const res = await run({ query: 'select n from generate_series(1, 10) as n', runId: 'pages-run-small' });
    const first = res.json().results[0] as Result;
    expect(first).toMatchObject({ totalRows: 10 });
    expect(first.rows).toHaveLength(10);
    expect(first.cursor).toBeUndefined();
    if (server) {
      await expect.poll(held).toBe(before);
      // Its connection is kept, wiped, for the next paged run: one spare at most.
      expect((await roleConnections()).spare).toBeLessThanOrEqual(1);
    }
  });

  it('a finished result’s connection serves the next paged run wiped: nothing of the last run’s session reaches another member', async () => {
    const plain = (await run({ query: "select current_user as who, current_setting('search_path') as path" })).json().results[0] as Result;
    const mine = (await run({ query: "set search_path = nowhere;\nset role anon;\nselect pg_backend_pid() as pid, n from generate_series(1, 3000) as n", runId: 'pages-run-spare-1' })).json().results[2] as Result;
    expect(mine.cursor).toBe('pages-run-spare-1');
    expect((await rows({ cursor: 'pages-run-spare-1', offset: 2999, limit: 1 })).json().done).toBe(true);
    const q = "select pg_backend_pid() as pid, current_user as who, current_setting('search_path') as path, n from generate_series(1, 3000) as n";
    const theirs = (await run({ query: q, runId: 'pages-run-spare-2' }, headers.other)).json().results[0] as Result;
    expect(theirs.rows[0]).toEqual([mine.rows[0]![0], plain.rows[0]![0], plain.rows[0]![1], 1]);
    expect((await rows({ cursor: 'pages-run-spare-2', offset: 2999, limit: 1 }, headers.other)).json().done).toBe(true);
  });

  it('keeps a result for the member who ran it only, and names the field of a bad page request', async () => {
    const res = await large('pages-run-0002');
    const first = res.json().results[0] as Result;
    expect(first).toMatchObject({ totalRows: 3000, truncated: false, cursor: 'pages-run-0002' });
    const theirs = await rows({ cursor: first.cursor, offset: 1000, limit: 10 }, headers.other);
    expect(theirs.statusCode).toBe(404);
    const page = await rows({ cursor: first.cursor, offset: 2990, limit: 5_000 });
    expect(page.json()).toEqual({ rows: Array.from({ length: 10 }, (_, i) => [2991 + i]), done: true });
    const unknown = await rows({ cursor: 'no-such-run', offset: 0, limit: 10 });
    expect(unknown.statusCode).toBe(404);
    const tooMany = await rows({ cursor: 'pages-run-0002', offset: 0, limit: 5_001 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().field).toBe('limit');
  });

  it('a result is never reached through another project, even by a member of both with the right run id', async () => {
    const { user, project } = await s.harness.userWithProject();
    const theirs = { cookie: user.jar.header(), [CSRF_HEADER]: user.jar.get('plinth_csrf') ?? '' };
    const added = await s.app.inject({ method: 'POST', url: `/api/platform/organizations/${s.orgSlug}/members`, headers: await s.as('Owner'), payload: { email: user.email, role: 'Developer' } });
    expect(added.statusCode).toBeLessThan(300);
    const here = (await large('pages-run-cross', theirs)).json().results[0] as Result;
    expect(here.cursor).toBe('pages-run-cross');
    expectGone(await rows({ cursor: 'pages-run-cross', offset: 1000, limit: 10 }, theirs, project.ref));
    // The same run id in their own project is another result; each reads its own rows.
    const there = (await run({ query: 'select -n as n from generate_series(1, 3000) as n', rowLimit: 100_000, runId: 'pages-run-cross' }, theirs, project.ref)).json().results[0] as Result;
    expect((await rows({ cursor: 'pages-run-cross', offset: 1000, limit: 1 }, theirs, project.ref)).json().rows).toEqual([[-1001]]);
    expect((await rows({ cursor: 'pages-run-cross', offset: 1000, limit: 1 }, theirs)).json().rows).toEqual([[1001]]);
    expect(there.totalRows).toBe(3000);
  }, 120_000);

  it('more results than a project keeps close the oldest, whose next page says so; the others read on', async () => {
    const ids = Array.from({ length: CURSORS_PER_PROJECT + 1 }, (_, i) => `pages-run-bound-${i}`);
    for (const id of ids) expect(((await large(id)).json().results[0] as Result).cursor).toBe(id);
    expectGone(await rows({ cursor: ids[0], offset: 1000, limit: 10 }));
    const newest = await rows({ cursor: ids[ids.length - 1], offset: 1000, limit: 10 });
    expect(newest.statusCode).toBe(200);
    expect(newest.json().rows[0]).toEqual([1001]);
    if (server) {
      // Held connections stay within what the project role's connection limit leaves beside its pools (user 2, app 8).
      const db = await s.deps.databases.get(s.ref);
      const limit = (await db.query<{ n: number }>('select rolconnlimit as n from pg_roles where rolname = $1', [projectRoleName(s.ref)])).rows[0]!.n;
      expect(await held()).toBeLessThanOrEqual(Math.min(CURSORS_PER_PROJECT, limit - 10));
      // The member's own runs and the console still get their connections.
      const plain = await run({ query: 'select 1 as one; select 2 as two' });
      expect(plain.statusCode).toBe(200);
      // Never more connections of the project role than its limit, however many results are held.
      expect((await roleConnections()).n).toBeLessThanOrEqual(limit);
      for (const id of ids) await rows({ cursor: id, offset: 2999, limit: 1 });
      await expect.poll(held).toBe(0);
      expect((await roleConnections()).spare).toBeLessThanOrEqual(1);
    }
  });

  it('a result left unread is closed by a timer after its idle time, its connection given back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const first = (await large('pages-run-idle')).json().results[0] as Result;
    expect(first.cursor).toBe('pages-run-idle');
    if (server) expect(await held()).toBe(1);
    await vi.advanceTimersByTimeAsync(CURSOR_IDLE_MS - 1_000);
    expect((await rows({ cursor: first.cursor, offset: 1000, limit: 10 })).statusCode).toBe(200);
    // Read once, the full idle time starts again.
    await vi.advanceTimersByTimeAsync(CURSOR_IDLE_MS - 1_000);
    if (server) expect(await held()).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    vi.useRealTimers();
    if (server) await expect.poll(held).toBe(0);
    expectGone(await rows({ cursor: first.cursor, offset: 1010, limit: 10 }));
  });

  it('a result whose connection broke answers a clear error on its next page, and the next run works', async () => {
    const first = (await large('pages-run-lost')).json().results[0] as Result;
    expect(first.cursor).toBe('pages-run-lost');
    const db = await s.deps.databases.get(s.ref);
    if (server) {
      const killed = await db.query<{ n: number }>(
        `with h as materialized (select pid from pg_stat_activity where datname = current_database() and application_name = $1 and pid <> pg_backend_pid())
         select count(*)::int as n from h where pg_terminate_backend(h.pid)`,
        [HELD_SESSION_NAME],
      );
      expect(killed.rows[0]!.n).toBe(1);
    } else {
      // The embedded database's worker stops (as when it is idle): its cursors go with it.
      expect(await (db as unknown as { suspend(): Promise<boolean> }).suspend()).toBe(true);
    }
    const page = await rows({ cursor: first.cursor, offset: 1000, limit: 10 });
    expectGone(page);
    if (server) expect(page.json().message).toContain('connection holding this result was lost');
    if (server) await expect.poll(held).toBe(0);
    const again = await large('pages-run-lost-2');
    expect(again.statusCode).toBe(200);
    expect((await rows({ cursor: 'pages-run-lost-2', offset: 2999, limit: 1 })).json()).toEqual({ rows: [[3000]], done: true });
  });

  it('a paged run keeps the run’s time limit, its cancel and its role reset', async () => {
    const slow = 'select pg_sleep(2) as slept, n from generate_series(1, 3000) as n';
    const timedOut = await run({ query: slow, runId: 'pages-run-time', timeoutMs: 300 });
    expect(timedOut.statusCode).toBe(400);
    expect(timedOut.json()).toMatchObject({ code: 'SQL_ERROR', sqlState: '57014' });
    if (server) {
      const running = run({ query: 'select pg_sleep(20) as slept, n from generate_series(1, 3000) as n', runId: 'pages-run-cancel', timeoutMs: 30_000 });
      await expect.poll(async () => (await s.app.inject({ method: 'POST', url: url('/query/cancel'), headers: headers.dev, payload: { runId: 'pages-run-cancel' } })).json().cancelled).toBe(true);
      expect((await running).json()).toMatchObject({ sqlState: '57014', message: 'canceling statement due to user request' });
    }
    const asAnon = (await run({ query: 'set role anon;\nselect current_user as who, n from generate_series(1, 3000) as n', runId: 'pages-run-role' })).json().results[1] as Result;
    expect(asAnon).toMatchObject({ totalRows: 3000, cursor: 'pages-run-role' });
    expect(asAnon.rows[0]).toEqual(['anon', 1]);
    expect((await rows({ cursor: 'pages-run-role', offset: 2999, limit: 1 })).json()).toEqual({ rows: [['anon', 3000]], done: true });
    const after = (await run({ query: 'select current_user as who' })).json().results[0] as Result;
    expect(after.rows[0]).not.toEqual(['anon']);
    if (server) await expect.poll(held).toBe(0);
  }, 60_000);

  it('reports an error of the last statement with the run, at its place in the user’s text', async () => {
    const res = await run({ query: 'select 1;\nselect n, 1 / (n - 5) as q from generate_series(1, 10) as n', runId: 'pages-run-0003' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'SQL_ERROR', message: 'division by zero', sqlState: '22012' });
    const missing = await run({ query: 'select 1;\n  select x from missing_pages_table', runId: 'pages-run-0004' });
    expect(missing.json()).toMatchObject({ position: 27, sqlState: '42P01' });
    if (server) await expect.poll(held).toBe(0);
  });
});
