import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttp } from '@plinth/shared-contracts';
import { createLogQueriesClient, type LogSqlResult } from '@plinth/contracts-logs';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';
import { logSchemaName } from './query-views';

// Log queries read as an attacker would, beyond the escapes of analytics.test.ts: what Postgres
// lets every role read (other sessions, every role and schema, settings, files), very long and
// broken text; and the saved queries' rules: an edit keeps what it leaves out, and a self-hosted
// build has none.

let h: TestHarness;
let owner: TestUser;
let ref: string;
let otherRef: string;

beforeAll(async () => {
  h = await createTestHarness();
  const a = await h.userWithProject();
  owner = a.user;
  ref = a.project.ref;
  const b = await h.userWithProject();
  otherRef = b.project.ref;
  // The other project's log schema and reader exist (its owner queried its logs once).
  await h.app.logStore.queries.prepare(otherRef, 1);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

interface Answer {
  status: number;
  body: LogSqlResult & { message?: string; code?: string; field?: string };
}
async function run(sql: string, user = owner, projectRef = ref): Promise<Answer> {
  const res = await user.fetch(`/api/platform/projects/${projectRef}/analytics/endpoints/logs.all`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': user.jar.get('plinth_csrf') ?? '' },
    body: JSON.stringify({ sql }),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}
const logsOf = (user: TestUser) => createLogQueriesClient(createHttp({ baseUrl: '/api', fetch: user.fetch, csrfToken: () => user.jar.get('plinth_csrf') }));

describe('log queries read as an attacker', () => {
  it('cannot list other sessions, roles, schemas, databases or view definitions, which would name other projects', async () => {
    const otherSchema = logSchemaName(otherRef);
    const attempts = [
      'select usename, application_name, datname, query from pg_stat_activity',
      'select * from pg_catalog.pg_stat_activity',
      'select pg_stat_get_backend_userid(1)',
      'select datname, numbackends, xact_commit from pg_stat_database',
      'select nspname from pg_namespace',
      'select rolname from pg_roles',
      'select usename from pg_user',
      'select datname from pg_database',
      "select schemaname, viewname, definition from pg_views where schemaname like 'logs_%'",
      "select relname from pg_class where relkind = 'v'",
      `select '${otherSchema}'::regnamespace`,
      `select to_regnamespace('${otherSchema}')`,
      `select pg_get_viewdef('${otherSchema}.edge_logs')`,
      "select has_schema_privilege('" + otherSchema + "', 'usage')",
      'select name, setting from pg_settings',
      'select * from pg_show_all_settings()',
      // A WITH query named like a catalogue, reached outside its scope.
      'with pg_roles as (select 1 as rolname) select * from (select rolname from pg_roles) as r',
    ];
    for (const sql of attempts) {
      const r = await run(sql);
      expect(r.status, `${sql}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`).toBe(403);
      expect(r.body).toMatchObject({ code: 'log_query_forbidden', field: 'sql' });
      expect(r.body.message, sql).toMatch(/reads only this project's log sources/);
      expect(JSON.stringify(r.body), sql).not.toContain(`"${otherRef}`);
    }
  });

  it("cannot read the server's locks, statements, transactions, connections, memory or configuration, however the name is spelled", async () => {
    // Views (and the functions behind them) that show other projects' sessions and statements or
    // the platform's own activity and set-up; each is refused before the database sees it.
    const views = [
      'pg_locks',
      'pg_stat_statements',
      'pg_prepared_xacts',
      'pg_stat_replication',
      'pg_stat_ssl',
      'pg_stat_gssapi',
      'pg_backend_memory_contexts',
      'pg_file_settings',
      'pg_hba_file_rules',
      'pg_shmem_allocations',
      'pg_config',
    ];
    const spellings = (name: string) => [
      `select * from ${name}`,
      `select count(*) from pg_catalog.${name}`,
      `select * from "${name}"`,
      `select * from "pg_catalog"."${name}"`,
      `select * from ${name.toUpperCase()}`,
      // An extension's view lives in the schema it was installed into.
      `select * from public.${name}`,
      `select * from extensions."${name}"`,
      `select 1 as x where exists (select 1 from ${name})`,
      `select path from edge_logs union all select null from ${name}`,
      `table ${name}`,
    ];
    const functions = [
      'select * from pg_lock_status()',
      'select * from pg_catalog.pg_lock_status()',
      'select * from pg_prepared_xact()',
      'select * from pg_stat_get_wal_senders()',
      'select * from pg_hba_file_rules()',
      'select * from pg_config()',
      'select * from "pg_config"()',
      'select pg_current_xact_id()',
    ];
    for (const sql of [...views.flatMap(spellings), ...functions]) {
      const r = await run(sql);
      expect(r.status, `${sql}: ${r.status} ${r.body.message}`).toBe(403);
      expect(r.body, sql).toMatchObject({ code: 'log_query_forbidden', field: 'sql', message: expect.stringMatching(/reads only this project's log sources/) });
    }
    // Named after the view it tried, so the user knows what was refused.
    expect((await run('select * from "pg_locks"')).body.message).toMatch(/pg_locks shows what is not this project's/);
    // The log sources themselves still answer, columns named like the refused views included.
    const own = await run('select count(*) as locks from edge_logs');
    expect(own.status, own.body.message).toBe(200);
  });

  it("cannot read files, large objects or the platform's settings, nor signal other sessions", async () => {
    const attempts = [
      "select lo_import('/etc/passwd')",
      'select lo_get(1)',
      "select * from pg_ls_dir('.')",
      "select pg_read_binary_file('/etc/passwd')",
      "select pg_stat_file('postgresql.conf')",
      "select current_setting('plinth.vault_key', true)",
      "select current_setting('PLINTH.Vault_Key')",
      "select current_setting('plinth' || '.vault_key', true)",
      "select set_config('plinth.anything', 'x', true)",
      'select pg_cancel_backend(1)',
      "select pg_notify('plinth', 'x')",
      'select txid_current()',
    ];
    for (const sql of attempts) {
      const r = await run(sql);
      expect(r.status, `${sql}: ${r.status} ${r.body.message}`).toBe(403);
      expect(r.body.code, sql).toBe('log_query_forbidden');
    }
    // The query's own range settings and Postgres' settings stay readable.
    const range = await run("select current_setting('plinth_logs.range_start') as since, current_setting('statement_timeout') as timeout");
    expect(range.status, range.body.message).toBe(200);
  });

  it('refuses EXPLAIN ANALYZE of a writing statement, and of any statement', async () => {
    for (const sql of ["explain analyze insert into edge_logs (path) values ('x')", 'explain analyze select * from edge_logs', 'explain select 1']) {
      const r = await run(sql);
      expect(r.status, sql).toBe(403);
      expect(r.body.message, sql).toMatch(/only SELECT is allowed \(this statement is EXPLAIN\)/);
    }
  });

  it('answers very long, deeply nested and NUL-bearing text with a 400, never a 500', async () => {
    const long = await run(`select 1 as x -- ${'x'.repeat(25_000)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/sql must be at most 20000 characters/);
    const nested = await run(`select ${'('.repeat(3_000)}1${')'.repeat(3_000)} as x`);
    expect([200, 400], nested.body.message).toContain(nested.status);
    const deep = await run(`select ${Array.from({ length: 3_000 }, () => '1').join(' + ')} as x`);
    expect([200, 400], deep.body.message).toContain(deep.status);
    const nul = await run('select 1 as x\u0000; select path from public.project_api_logs');
    expect(nul.status).toBe(400);
    expect(nul.body.message).toBeTruthy();
  });
});

describe('saved log queries', () => {
  it('keep every field an edit leaves out, and change only those it gives', async () => {
    const logs = logsOf(owner);
    const saved = await logs.createSavedLogQuery(ref, { name: 'Slow calls', description: 'Over a second', sql: 'select * from edge_logs where latency_ms > 1000' });
    const onlySql = await logs.updateSavedLogQuery(ref, saved.id, { sql: 'select * from edge_logs where latency_ms > 2000' });
    expect(onlySql).toMatchObject({ name: 'Slow calls', description: 'Over a second', sql: 'select * from edge_logs where latency_ms > 2000' });
    const onlyName = await logs.updateSavedLogQuery(ref, saved.id, { name: 'Very slow calls' });
    expect(onlyName).toMatchObject({ name: 'Very slow calls', description: 'Over a second' });
    // An empty description given is a change.
    expect(await logs.updateSavedLogQuery(ref, saved.id, { description: '' })).toMatchObject({ name: 'Very slow calls', description: '' });
    expect((await logs.listSavedLogQueries(ref)).queries.find((q) => q.id === saved.id)).toMatchObject({ name: 'Very slow calls', sql: 'select * from edge_logs where latency_ms > 2000' });
  });

  it('are refused by a self-hosted build with a message that says so; recent queries and templates stay', async () => {
    const selfHosted = await createTestHarness({ buildMode: 'self-hosted' });
    try {
      const { user, project } = await selfHosted.userWithProject();
      const logs = logsOf(user);
      const calls = [
        () => logs.listSavedLogQueries(project.ref),
        () => logs.createSavedLogQuery(project.ref, { name: 'Errors', sql: 'select 1' }),
        () => logs.updateSavedLogQuery(project.ref, 1, { name: 'Errors' }),
        () => logs.deleteSavedLogQuery(project.ref, 1),
      ];
      for (const call of calls) {
        await expect(call()).rejects.toMatchObject({ status: 404, code: 'hosted_only', message: expect.stringMatching(/only available on the hosted platform/) });
      }
      expect((await logs.runLogQuery(project.ref, { sql: 'select 1 as one' })).result).toEqual([{ one: 1 }]);
      expect((await logs.listRecentLogQueries(project.ref)).queries.map((q) => q.sql)).toContain('select 1 as one');
      expect((await logs.listLogQueryTemplates(project.ref)).templates.length).toBeGreaterThan(0);
    } finally {
      await selfHosted.close();
    }
  }, 120_000);
});
