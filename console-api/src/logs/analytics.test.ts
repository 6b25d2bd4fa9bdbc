import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttp } from '@plinth/shared-contracts';
import { createLogQueriesClient, LOG_QUERY_TEMPLATES, LOG_SCHEMA_CATALOGUE, type LogSqlResult } from '@plinth/contracts-logs';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';
import { runSqlAs } from '@plinth/platform-api/testing/run-sql';
import { appClient, ensureStorageSchema, listen, projectKeys, randomEmail, type ProjectKeys } from '@plinth/project-services/testing';
import { toLogEvent } from './entries';
import { dayOf } from './partitions';
import { logSchemaName } from './query-views';

// SQL over a project's logs, driven through the real API: each source records what it should,
// queries group and aggregate, and a query reads this project's rows alone, whatever it tries.

let h: TestHarness;
let base: string;
let keys: ProjectKeys;
let owner: TestUser;
let other: TestUser;
let otherRef: string;
const PASSWORD = 'analytics password 1';
const HOUR_MS = 3600_000;

beforeAll(async () => {
  h = await createTestHarness();
  const a = await h.userWithProject();
  owner = a.user;
  keys = await projectKeys(h, a.project.ref);
  const b = await h.userWithProject();
  other = b.user;
  otherRef = b.project.ref;
  const db = await ensureStorageSchema(await h.internals.databases.get(keys.ref));
  await db.exec('create table todos (id serial primary key, title text not null)', { user: true });
  base = await listen(h);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

interface Answer {
  status: number;
  body: LogSqlResult & { message?: string; code?: string };
}
const logsOf = (user: TestUser) => createLogQueriesClient(createHttp({ baseUrl: '/api', fetch: user.fetch, csrfToken: () => user.jar.get('plinth_csrf') }));
async function run(sql: string, extra: Record<string, unknown> = {}, user = owner, ref = keys.ref): Promise<Answer> {
  const res = await user.fetch(`/api/platform/projects/${ref}/analytics/endpoints/logs.all`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': user.jar.get('plinth_csrf') ?? '' },
    body: JSON.stringify({ sql, ...extra }),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}
async function rows(sql: string, extra: Record<string, unknown> = {}): Promise<Record<string, unknown>[]> {
  const r = await run(sql, extra);
  expect(r.status, r.body.message).toBe(200);
  return r.body.result;
}

describe('log queries', () => {
  it('each source records what happened, as it happened', async () => {
    const app = appClient(base, keys.ref, keys.anonKey);
    const email = randomEmail('analytics');
    expect((await app.auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    expect((await appClient(base, keys.ref, keys.anonKey).auth.signInWithPassword({ email, password: 'wrong password' })).error?.status).toBe(400);
    const signIn = await app.auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    expect((await app.auth.refreshSession()).error).toBeNull();
    expect((await appClient(base, keys.ref, keys.anonKey).auth.resetPasswordForEmail(email)).error).toBeNull();
    expect((await app.from('no_such_table').select()).error?.code).toBe('PGRST205');
    expect((await app.from('todos').select('nope')).error?.code).toBe('42703');
    const storage = appClient(base, keys.ref, keys.serviceRoleKey).storage;
    expect((await storage.createBucket('reports', { public: false })).error).toBeNull();
    expect((await storage.from('reports').upload('may.txt', 'twelve bytes')).error).toBeNull();
    expect(await (await storage.from('reports').download('may.txt')).data?.text()).toBe('twelve bytes');
    expect((await runSqlAs(owner, keys.ref, { query: 'select * from table_that_is_not_here' })).status).toBe(400);
    // Another project's calls, which no query of this project may see.
    await fetch(`${base}/${otherRef}/rest/v1/secret_of_the_other_project`, { headers: { apikey: (await projectKeys(h, otherRef)).anonKey } });
    await h.app.logStore.flush();

    const auth = await rows(`select action, status, user_id from auth_logs where action is not null order by timestamp`);
    const actions = auth.map((r) => r.action);
    for (const action of ['user_signedup', 'login_failed', 'login', 'token_refreshed', 'user_recovery_requested', 'email_sent']) expect(actions).toContain(action);
    expect(auth.find((r) => r.action === 'login')?.user_id).toBe(signIn.data.user!.id);

    const rest = await rows(`select path, status, error_code from postgrest_logs where error_code is not null order by path`);
    expect(rest).toEqual([
      { path: '/no_such_table', status: 404, error_code: 'PGRST205' },
      { path: '/todos', status: 400, error_code: '42703' },
    ]);
    const pg = await rows(`select sql_state_code, error_severity, origin, user_name, query from postgres_logs order by timestamp`);
    expect(pg).toEqual([
      expect.objectContaining({ sql_state_code: '42703', error_severity: 'ERROR', origin: 'data_api', user_name: 'authenticated' }),
      expect.objectContaining({ sql_state_code: '42P01', error_severity: 'ERROR', origin: 'sql_editor', query: 'select * from table_that_is_not_here' }),
    ]);
    const objects = await rows(`select operation, bucket_id, object_name, bytes_out, bytes_in from storage_logs where bucket_id = 'reports' order by timestamp`);
    expect(objects).toEqual(expect.arrayContaining([
      expect.objectContaining({ operation: 'upload', bucket_id: 'reports', object_name: 'may.txt' }),
      { operation: 'download', bucket_id: 'reports', object_name: 'may.txt', bytes_out: 12, bytes_in: 0 },
    ]));
    // The upload's body: the file and its multipart framing.
    expect(objects.find((r) => r.operation === 'upload')!.bytes_in).toBeGreaterThanOrEqual(12);
    const edge = await rows(`select service, count(*) as calls from edge_logs group by service order by service`);
    // The console API's calls about the project (the SQL run above) are edge events too; reading the logs is not logged.
    expect(edge.map((r) => r.service)).toEqual(['auth', 'console', 'rest', 'storage']);
    expect(edge.every((r) => typeof r.calls === 'number' && r.calls > 0)).toBe(true);
    const consoleCalls = await rows(`select method, path, status from edge_logs where service = 'console' order by timestamp`);
    expect(consoleCalls).toContainEqual({ method: 'POST', path: `/api/platform/pg-meta/${keys.ref}/query`, status: 400 });
    expect(consoleCalls.some((r) => String(r.path).includes('/analytics/'))).toBe(false);
  });

  it('answers the sources with their columns, which are the columns of the tables queried', async () => {
    const sources = await logsOf(owner).listLogSources(keys.ref);
    expect(sources.retention_days).toBe(1);
    expect(sources.sources.map((s) => s.reference)).toEqual(LOG_SCHEMA_CATALOGUE.map((s) => s.reference));
    expect(sources.sources.find((s) => s.reference === 'pgbouncer_logs')?.source_id).toBe('pooler-logs');
    // The project's log schema is made by its first query; the hourly counts are a source like the others.
    expect((await run('select count(*) as n from edge_logs_hourly')).status).toBe(200);
    const columns = await h.app.logStore.db.query<{ table_name: string; column_name: string; data_type: string }>(
      'select table_name, column_name, data_type from information_schema.columns where table_schema = $1 order by table_name, ordinal_position',
      [logSchemaName(keys.ref)],
    );
    // Every view of the project's log schema is a source of the catalogue (edge_logs_hourly too), and
    // each column has the name and the kind of value the catalogue tells the explorer.
    expect([...new Set(columns.rows.map((c) => c.table_name))].sort()).toEqual(LOG_SCHEMA_CATALOGUE.map((s) => s.reference).sort());
    const kind = (dataType: string) =>
      ({ text: 'string', integer: 'number', bigint: 'number', real: 'number', 'double precision': 'number', 'timestamp with time zone': 'datetime', boolean: 'boolean', jsonb: 'object' })[dataType] ?? dataType;
    for (const source of LOG_SCHEMA_CATALOGUE) {
      const real = columns.rows.filter((c) => c.table_name === source.reference).map((c) => ({ path: c.column_name, type: kind(c.data_type) }));
      expect(real, source.reference).toEqual(source.fields.map((f) => ({ path: f.path, type: f.type })));
    }
    const hourly = sources.sources.find((s) => s.reference === 'edge_logs_hourly');
    expect(hourly?.description).toMatch(/per hour, service and status/);
    expect(hourly?.fields.find((f) => f.path === 'errors')?.description).toMatch(/400 or more/);
  });

  it('groups, counts, takes percentiles and time buckets; every template runs', async () => {
    const byBucket = await rows(`select date_trunc('minute', timestamp) as minute, count(*) as n, percentile_cont(0.95) within group (order by latency_ms) as p95 from edge_logs group by 1 order by 1`);
    expect(byBucket.length).toBeGreaterThan(0);
    expect(typeof byBucket[0]!.minute).toBe('string');
    expect(typeof byBucket[0]!.p95).toBe('number');
    for (const t of LOG_QUERY_TEMPLATES) {
      const r = await run(t.sql);
      expect(r.status, `${t.id}: ${r.body.message}`).toBe(200);
    }
    const templates = await logsOf(owner).listLogQueryTemplates(keys.ref);
    expect(templates.templates.map((t) => t.id)).toContain('failed-sign-ins-by-user');
  });

  it('stops at the row limit and says so; the range is bounded by the plan\'s retention', async () => {
    const r = await run('select * from edge_logs', { limit: 2 });
    expect(r.status).toBe(200);
    expect(r.body.result).toHaveLength(2);
    expect(r.body.truncated).toBe(true);
    const now = Date.now();
    const wide = await run('select count(*) as n from edge_logs', { iso_timestamp_start: new Date(now - 30 * 24 * HOUR_MS).toISOString() });
    expect(wide.status).toBe(200);
    expect(Date.parse(wide.body.from)).toBeGreaterThanOrEqual(now - 24 * HOUR_MS - 60_000);
    expect(wide.body.retention_days).toBe(1);
    const past = await run('select count(*) as n from edge_logs', { iso_timestamp_start: new Date(now - 3 * HOUR_MS).toISOString(), iso_timestamp_end: new Date(now - 2 * HOUR_MS).toISOString() });
    expect(past.body.result).toEqual([{ n: 0 }]);
    const old = await run('select 1', { iso_timestamp_start: new Date(now - 5 * 24 * HOUR_MS).toISOString(), iso_timestamp_end: new Date(now - 4 * 24 * HOUR_MS).toISOString() });
    expect(old.status).toBe(400);
    expect(old.body.message).toMatch(/logs are kept 1 day/);
  });

  it('names what is wrong with bad SQL (400 with the message and position)', async () => {
    const syntax = await run('selec * from edge_logs');
    expect(syntax.status).toBe(400);
    expect(syntax.body.message).toMatch(/syntax error.*at character 1/);
    const column = await run('select nope from edge_logs');
    expect(column.status).toBe(400);
    expect(column.body.message).toBe('column "nope" does not exist (at character 8)');
    expect((await run('select * from no_such_source')).body.message).toMatch(/relation "no_such_source" does not exist/);
    expect((await run('   ')).status).toBe(400);
  });

  it('reads only this project\'s rows, and cannot write, whatever the query tries', async () => {
    const otherSchema = logSchemaName(otherRef);
    // The other project's schema exists (its owner queried once).
    const theirs = await run(`select path from edge_logs`, {}, other, otherRef);
    expect(theirs.body.result.map((r) => r.path)).toContain('/secret_of_the_other_project');
    const attempts = [
      'select * from public.project_api_logs',
      'select path from edge_logs union all select path from public.project_api_logs',
      'select path from edge_logs union all select path from project_api_logs',
      'select (select count(*) from public.project_api_logs) as n',
      'select * from edge_logs where exists (select 1 from public.project_log_events)',
      `select * from ${otherSchema}.edge_logs`,
      'select * from public.projects',
      'select * from public.saved_log_queries',
      'set role postgres',
      'reset role',
      "select set_config('role', 'postgres', true)",
      "select set_config('role', 'plinth', true), query_to_xml('select path from public.project_api_logs', true, false, '') as x",
      "select query_to_xml('select path from public.project_api_logs', true, false, '') as x",
      `select query_to_xml('select path from ${otherSchema}.edge_logs', true, false, '') as x`,
      'select 1; select path from public.project_api_logs',
      'select 1) as q; select path from public.project_api_logs; select * from (select 1',
      "select pg_read_file('/etc/passwd')",
      "select * from dblink('dbname=postgres', 'select 1') as t(x int)",
      "insert into edge_logs (path) values ('x')",
      'create table stolen (x int)',
      'copy (select 1) to stdout',
      "with gone as (delete from edge_logs returning *) select * from gone",
      'select * into stolen from edge_logs',
      "select pg_terminate_backend(pid) from pg_stat_activity",
    ];
    for (const sql of attempts) {
      const r = await run(sql);
      expect([400, 403], `${sql}: ${r.status} ${r.body.message}`).toContain(r.status);
      expect(r.body.message, sql).toBeTruthy();
      expect(JSON.stringify(r.body), sql).not.toContain('secret_of_the_other_project');
    }
    expect((await run('select * from public.project_api_logs')).body.message).toMatch(/permission denied/);
    // And what does work never shows another project's row.
    const mine = await rows('select path from edge_logs union all select path from postgrest_logs', { limit: 1000 });
    expect(mine.map((r) => r.path)).not.toContain('/secret_of_the_other_project');
  });

  it('leaves nothing behind for the next query (settings, locks)', async () => {
    const tries = [
      "select set_config('statement_timeout', '0', false) as x",
      `select set_config('plinth_logs.range_start', '2000-01-01T00:00:00Z', false) as x`,
      'select pg_advisory_lock(4242) as x',
    ];
    for (const sql of tries) expect([200, 403], sql).toContain((await run(sql)).status);
    const after = await rows("select current_setting('statement_timeout') as timeout, current_setting('plinth_logs.range_start') as since");
    expect(after).toHaveLength(1);
    expect(after[0]!.timeout).not.toBe('0');
    expect(Date.parse(after[0]!.since as string)).toBeGreaterThan(Date.now() - 2 * HOUR_MS);
    // pg_locks is closed to log queries (log-query-guard.test.ts): the platform looks, over every session of the server.
    const locks = await h.app.logStore.db.query<{ n: number }>("select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = 4242");
    expect(locks.rows[0]!.n).toBe(0);
  });

  it('stops a query at its time-out', async () => {
    const queries = h.app.logStore.queries;
    const was = queries.timeoutMs;
    queries.timeoutMs = 300;
    try {
      const r = await run('select pg_sleep(5)');
      if (h.mode === 'server') {
        expect(r.status).toBe(400);
        expect(r.body.code).toBe('log_query_timeout');
        expect(r.body.message).toMatch(/stopped after 0.3 s/);
      } else {
        // Embedded, a running statement cannot be interrupted: sleeping is refused instead.
        expect(r.status).toBe(403);
        expect(r.body.message).toMatch(/permission denied for function pg_sleep/);
      }
    } finally {
      queries.timeoutMs = was;
    }
    expect((await run('select count(*) as n from edge_logs')).status).toBe(200);
  });

  it('saves queries for the team, keeps each user\'s recent ones, and refuses outsiders', async () => {
    const saved = await logsOf(owner).createSavedLogQuery(keys.ref, { name: 'Errors', sql: 'select * from edge_logs where status >= 400' });
    expect(saved).toMatchObject({ name: 'Errors', description: '', created_by: owner.id });
    const edited = await logsOf(owner).updateSavedLogQuery(keys.ref, saved.id, { description: 'Failing calls' });
    expect(edited).toMatchObject({ name: 'Errors', description: 'Failing calls' });
    // An edit that leaves the description out keeps it.
    const renamed = await logsOf(owner).updateSavedLogQuery(keys.ref, saved.id, { name: 'Errors by path' });
    expect(renamed).toMatchObject({ name: 'Errors by path', description: 'Failing calls' });
    expect((await logsOf(owner).listSavedLogQueries(keys.ref)).queries.map((q) => q.id)).toEqual([saved.id]);
    // Another project's saved queries are its own.
    expect((await logsOf(other).listSavedLogQueries(otherRef)).queries).toEqual([]);
    await expect(logsOf(owner).createSavedLogQuery(keys.ref, { name: ' ', sql: 'select 1' })).rejects.toMatchObject({ status: 400 });
    await expect(logsOf(other).deleteSavedLogQuery(otherRef, saved.id)).rejects.toMatchObject({ status: 404 });
    await logsOf(owner).deleteSavedLogQuery(keys.ref, saved.id);
    expect((await logsOf(owner).listSavedLogQueries(keys.ref)).queries).toEqual([]);

    await run('select 42 as answer');
    await run('selec broken');
    const recent = (await logsOf(owner).listRecentLogQueries(keys.ref)).queries;
    expect(recent[0]).toMatchObject({ sql: 'selec broken', rows: null });
    expect(recent[0]!.error).toMatch(/syntax error/);
    expect(recent[1]).toMatchObject({ sql: 'select 42 as answer', rows: 1, error: null });
    expect((await logsOf(other).listRecentLogQueries(otherRef)).queries.map((q) => q.sql)).not.toContain('select 42 as answer');

    expect((await run('select 1', {}, other)).status).toBe(404);
    const anonymous = await h.anonymous();
    expect((await anonymous.fetch(`/api/platform/projects/${keys.ref}/analytics/log-sources`)).status).toBe(401);
  });

  it("drops a deleted project's log reader and schema", async () => {
    const queries = h.app.logStore.queries;
    const gone = 'zzzzzzzzzzzzzzzzzzzz';
    const role = await queries.prepare(gone, 1);
    const present = async () =>
      (await h.app.logStore.db.query<{ n: number }>('select (select count(*) from pg_namespace where nspname = $1)::int + (select count(*) from pg_roles where rolname = $2)::int as n', [logSchemaName(gone), role])).rows[0]!.n;
    expect(await present()).toBe(2);
    await h.app.logStore.applyRetention();
    expect(await present()).toBe(0);
    // The projects that exist keep theirs.
    expect((await run('select count(*) as n from edge_logs')).status).toBe(200);
    expect((await h.app.logStore.db.query('select 1 from pg_namespace where nspname = $1', [logSchemaName(keys.ref)])).rows).toHaveLength(1);
  });

  it("drops whole days of events past the longest retention, and a query reads only the plan's days", async () => {
    const store = h.app.logStore;
    const now = Date.now();
    const DAY_MS = 24 * HOUR_MS;
    const event = (message: string, at: number) => toLogEvent({ ref: keys.ref, source: 'postgres', level: 'ERROR', message, sqlState: '22012' }, at);
    store.events.push(event('hundred days ago', now - 100 * DAY_MS));
    store.events.push(event('two days ago', now - 2 * DAY_MS));
    await store.flush();
    expect(await store.eventPartitions.days()).toContain(dayOf(now - 100 * DAY_MS));
    await store.applyRetention(now);
    expect(await store.eventPartitions.days()).not.toContain(dayOf(now - 100 * DAY_MS));
    expect(await store.eventPartitions.days()).toContain(dayOf(now + 2 * DAY_MS));

    const range = { iso_timestamp_start: new Date(now - 3 * DAY_MS).toISOString() };
    const sql = "select event_message from postgres_logs where sql_state_code = '22012'";
    // Free keeps one day: the row is there, the query does not reach it.
    expect((await rows(sql, range))).toEqual([]);
    const orgId = (await h.internals.control.query<{ organization_id: number }>('select organization_id from projects where ref = $1', [keys.ref])).rows[0]!.organization_id;
    await h.internals.control.query("update organizations set plan = 'pro' where id = $1", [orgId]);
    try {
      const pro = await run(sql, range);
      expect(pro.body.retention_days).toBe(7);
      expect(pro.body.result).toEqual([{ event_message: 'two days ago' }]);
    } finally {
      await h.internals.control.query("update organizations set plan = 'free' where id = $1", [orgId]);
    }
    // Back on Free, the views are made again for one day.
    expect(await rows(sql, range)).toEqual([]);
  });
});
