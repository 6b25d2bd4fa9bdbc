import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttp } from '@plinth/shared-contracts';
import { createDatabaseReportsClient, createLogQueriesClient, type DatabaseReport, type QueryPerformanceStatement } from '@plinth/contracts-logs';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';
import { runSqlAs } from '@plinth/platform-api/testing/run-sql';
import { appClient, ensureStorageSchema, listen, projectKeys, type ProjectKeys } from '@plinth/project-services/testing';
import type { ProjectDatabase } from '@plinth/platform-core/deps';
import { normalizeStatement } from './statement-stats';

// The Database and Query performance reports, driven through the real API on the database the
// suite runs on (embedded PGlite, or a Postgres server with DATABASE_URL): statements run by an
// app through the data API and by a member in the SQL editor are counted and timed, and the
// database's figures are those the database itself gives.

let h: TestHarness;
let base: string;
let keys: ProjectKeys;
let owner: TestUser;
let db: ProjectDatabase;

beforeAll(async () => {
  h = await createTestHarness();
  const a = await h.userWithProject();
  owner = a.user;
  keys = await projectKeys(h, a.project.ref);
  db = await ensureStorageSchema(await h.internals.databases.get(keys.ref));
  await db.exec(
    `create table notes (id serial primary key, body text not null);
     alter table notes enable row level security;
     create policy anyone_reads on notes for select to anon using (true);
     create policy anyone_writes on notes for insert to anon with check (true);
     grant select, insert on notes to anon;
     grant usage on sequence notes_id_seq to anon;
     create function slow_answer() returns int language sql as $$ select 42 from pg_sleep(1.1) $$;
     grant execute on function slow_answer() to anon;`,
    { user: true },
  );
  base = await listen(h);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const reportsOf = (user: TestUser) => createDatabaseReportsClient(createHttp({ baseUrl: '/api', fetch: user.fetch, csrfToken: () => user.jar.get('plinth_csrf') }));
const logsOf = (user: TestUser) => createLogQueriesClient(createHttp({ baseUrl: '/api', fetch: user.fetch, csrfToken: () => user.jar.get('plinth_csrf') }));

describe('statements, normalized', () => {
  it('groups runs of one statement whatever its constants, keeping parameters, identifiers and quoted bodies', () => {
    expect(normalizeStatement(`select * from notes where id = 5 and body = 'it''s'  -- mine\n;`)).toBe('select * from notes where id = $1 and body = $2');
    expect(normalizeStatement('select "col 1", t2.x from t2 where a = $1 limit 10')).toBe('select "col 1", t2.x from t2 where a = $1 limit $2');
    expect(normalizeStatement(`select $$ 5 $$, e'a\\'b', 1.5e3 /* c */`)).toBe(`select $$ 5 $$, $1, $2`);
  });
});

describe('the Query performance report', () => {
  it('counts and times the statements apps ran through the data API and members ran in the SQL editor', async () => {
    const app = appClient(base, keys.ref, keys.anonKey);
    for (let i = 0; i < 3; i++) expect((await app.from('notes').insert({ body: `note ${i}` })).error).toBeNull();
    for (let i = 0; i < 5; i++) expect((await app.from('notes').select('id, body').eq('id', i + 1)).error).toBeNull();
    // The SQL editor's page sends its runs statement by statement (resultShape 'statements'); the API's other callers as one result.
    for (const [id, resultShape] of [[1, 'statements'], [2, undefined]] as const) expect((await runSqlAs(owner, keys.ref, { query: `select body from notes where id = ${id}`, resultShape })).status).toBe(200);

    const report = await reportsOf(owner).getQueryPerformance(keys.ref, { sort: 'calls' });
    expect(report.source).toMatch(process.env.DATABASE_URL ? /^(platform|pg_stat_statements)$/ : /^platform$/);
    if (report.source !== 'platform') return; // a server with pg_stat_statements answers its own figures
    const byOrigin = (origin: string) => report.statements.filter((s) => s.origins.includes(origin));
    const reads = byOrigin('data_api').filter((s) => s.roles.includes('anon') && s.query.includes('"notes"') && s.calls === 5);
    expect(reads).toHaveLength(1);
    const read = reads[0]!;
    expect(read.rows).toBe(3); // ids 4 and 5 are not there
    expectTimings(read);
    const inserts = byOrigin('data_api').filter((s) => s.calls === 3);
    expect(inserts).toHaveLength(1);
    expect(inserts[0]!.rows).toBe(3);
    const editor = byOrigin('sql_editor').find((s) => s.query === 'select body from notes where id = $1');
    expect(editor).toMatchObject({ calls: 2, rows: 2, roles: ['postgres'], origins: ['sql_editor'] });
    expectTimings(editor!);
    // Sorted by calls, the most frequent first; the totals count every statement.
    expect(report.statements.map((s) => s.calls)).toEqual([...report.statements.map((s) => s.calls)].sort((a, b) => b - a));
    expect(report.statements[0]!.calls).toBe(5);
    expect(report.totals.calls).toBe(report.statements.reduce((n, s) => n + s.calls, 0));

    // Slowest first, and searched by the statement's text.
    const slowest = await reportsOf(owner).getQueryPerformance(keys.ref, { sort: 'mean' });
    expect(slowest.statements.map((s) => s.mean_ms)).toEqual([...slowest.statements.map((s) => s.mean_ms)].sort((a, b) => b - a));
    const searched = await reportsOf(owner).getQueryPerformance(keys.ref, { search: 'BODY FROM NOTES WHERE' });
    expect(searched.statements.map((s) => s.query)).toEqual(['select body from notes where id = $1']);
    expect(searched.totals).toMatchObject({ statements: 1, calls: 2 });
  });

  it('refuses a wrong order naming it, and a caller without access to the project', async () => {
    const res = await owner.fetch(`/api/platform/projects/${keys.ref}/reports/query-performance?sort=slowest`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain('sort must be total, mean or calls');
    const stranger = await h.signUp();
    expect((await stranger.fetch(`/api/platform/projects/${keys.ref}/reports/query-performance`)).status).toBe(404);
  });
});

async function reportUntil(done: (r: DatabaseReport) => boolean): Promise<DatabaseReport> {
  for (let tries = 0; ; tries++) {
    const r = await reportsOf(owner).getDatabaseReport(keys.ref, { window: '1h' });
    if (done(r) || tries === 80) return r;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function expectTimings(s: QueryPerformanceStatement) {
  expect(s.total_ms).toBeGreaterThan(0);
  expect(s.mean_ms).toBeCloseTo(s.total_ms / s.calls, 5);
  expect(s.min_ms).toBeLessThanOrEqual(s.p50_ms!);
  expect(s.p50_ms!).toBeLessThanOrEqual(s.p95_ms!);
  expect(s.p95_ms!).toBeLessThanOrEqual(s.p99_ms!);
  expect(s.p99_ms!).toBeLessThanOrEqual(s.max_ms);
}

describe('the Database report', () => {
  it("gives the database's own figures: its size, a table's size and rows after inserting them, transactions and samples", async () => {
    expect((await runSqlAs(owner, keys.ref, { query: `create table measured (id int primary key, payload text) with (autovacuum_enabled = false); insert into measured select g, repeat('x', 200) from generate_series(1, 4000) g` })).status).toBe(200);
    // A server counts another connection's rows once that connection reports its statistics (when idle, within seconds).
    const report = await reportUntil((r) => r.largest_tables.find((t) => t.name === 'measured')?.live_rows === 4000);
    const direct = await db.query<{ db: number; total: number; heap: number; idx: number }>(
      `select pg_database_size(current_database())::float8 as db, pg_total_relation_size('public.measured')::float8 as total,
              pg_table_size('public.measured')::float8 as heap, pg_indexes_size('public.measured')::float8 as idx`,
    );
    const d = direct.rows[0]!;
    expect(report.size_bytes).toBe(d.db);
    const measured = report.largest_tables.find((t) => t.schema === 'public' && t.name === 'measured');
    expect(measured).toMatchObject({ total_bytes: d.total, table_bytes: d.heap, index_bytes: d.idx, live_rows: 4000, dead_rows: 0 });
    expect(measured!.total_bytes).toBeGreaterThan(4000 * 200);
    // Largest first.
    expect(report.largest_tables.map((t) => t.total_bytes)).toEqual([...report.largest_tables.map((t) => t.total_bytes)].sort((a, b) => b - a));
    expect(report.indexes.find((i) => i.name === 'measured_pkey')).toMatchObject({ table: 'measured', size_bytes: d.idx });
    expect(report.connections.open).toBeGreaterThanOrEqual(1);
    expect(report.transactions.commits).toBeGreaterThan(0);
    expect(report.cache_hit_ratio).toBeGreaterThan(0);
    expect(report.cache_hit_ratio).toBeLessThanOrEqual(1);
    expect(report.over_time.at(-1)).toMatchObject({ size_bytes: d.db });

    // Deleting rows leaves dead rows (the bloat estimate), and the next sample counts the transactions between.
    // (No autovacuum on the table: on a server its analyze would replace the row counts with estimates.)
    expect((await runSqlAs(owner, keys.ref, { query: 'delete from measured where id <= 1000' })).status).toBe(200);
    const after = await reportUntil((r) => {
      const t = r.largest_tables.find((x) => x.name === 'measured');
      return t?.dead_rows === 1000 && t.live_rows === 3000;
    });
    expect(after.largest_tables.find((t) => t.name === 'measured')).toMatchObject({ live_rows: 3000, dead_rows: 1000 });
    expect(after.over_time.length).toBeGreaterThanOrEqual(2);
    expect(after.over_time.at(-1)!.commits).toBeGreaterThan(0);
  });

  it('records a failed statement as a Postgres event, from the SQL editor and from the data API', async () => {
    expect((await runSqlAs(owner, keys.ref, { query: 'select nothing_here from measured' })).status).toBe(400);
    const app = appClient(base, keys.ref, keys.anonKey);
    expect((await app.from('notes').insert({ body: null } as never)).error?.code).toBe('23502');
    await h.app.logStore.flush();
    const r = await logsOf(owner).runLogQuery(keys.ref, { sql: `select sql_state_code, origin, query from postgres_logs where error_severity = 'ERROR' order by timestamp` });
    expect(r.result).toEqual([
      expect.objectContaining({ sql_state_code: '42703', origin: 'sql_editor', query: 'select nothing_here from measured' }),
      expect.objectContaining({ sql_state_code: '23502', origin: 'data_api' }),
    ]);
  });

  it('records a data API statement slower than a second as a slow statement of the Postgres source, with its text', async () => {
    const app = appClient(base, keys.ref, keys.anonKey);
    expect((await app.rpc('slow_answer')).data).toBe(42);
    await h.app.logStore.flush();
    const r = await logsOf(owner).runLogQuery(keys.ref, { sql: `select error_severity, origin, user_name, query, duration_ms from postgres_logs where error_severity = 'LOG'` });
    expect(r.result).toEqual([expect.objectContaining({ error_severity: 'LOG', origin: 'data_api', user_name: 'anon', query: expect.stringContaining('slow_answer') })]);
    expect(r.result[0]!.duration_ms).toBeGreaterThan(1000);
  });
});
