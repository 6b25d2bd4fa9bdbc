import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRole } from '@plinth/shared-contracts';
import { startProjectServer, type ProjectTestServer } from '@plinth/platform-api/testing/project-server';
import { commandOf, splitStatements } from './sql-run';

let s: ProjectTestServer;
/** Request headers of a member by role, signed in once before the tests. */
const headers = {} as Record<MemberRole, Record<string, string>>;
const url = (p: string) => `/api/platform/pg-meta/${s.ref}${p}`;
const run = (payload: Record<string, unknown>) => s.app.inject({ method: 'POST', url: url('/query'), headers: headers.Developer, payload });

beforeAll(async () => {
  s = await startProjectServer();
  for (const role of ['Developer', 'Read-only'] as const) headers[role] = await s.as(role);
  headers.Administrator = await s.as('Administrator', 'second-developer');
}, 300_000);
afterAll(async () => s?.close());

describe('SQL editor runs', () => {
  it('cut a result at the row limit and say so', async () => {
    const cut = await run({ query: 'select n, n * 2 as twice from generate_series(1, 25) as n', rowLimit: 10, runId: 'run-limit-1' });
    expect(cut.statusCode).toBe(200);
    expect(cut.json()).toMatchObject({ truncated: true, totalRows: 25 });
    expect(cut.json().rows).toHaveLength(10);
    expect(cut.json().rows[9]).toEqual({ n: 10, twice: 20 });
    const whole = await run({ query: 'select n from generate_series(1, 25) as n', rowLimit: 25 });
    expect(whole.json()).toMatchObject({ truncated: false, totalRows: 25 });
    expect(whole.json().rows).toHaveLength(25);
    const bad = await run({ query: 'select 1', rowLimit: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('rowLimit');
  });

  it('mark an error at its place in the text the user wrote, run id or not', async () => {
    for (const runId of [undefined, 'run-error-1']) {
      const res = await run({ query: 'select 1;\nselect * from missing_table', runId });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'SQL_ERROR', position: 25, sqlState: '42P01' });
    }
  });

  it('stop a running statement when asked, or say plainly that the embedded database cannot', async () => {
    const runId = 'run-cancel-0001';
    const server = Boolean(process.env.DATABASE_URL);
    const running = run({ query: `select pg_sleep(${server ? 20 : 3})`, runId, timeoutMs: 30_000 });
    // Give the statement time to start before asking.
    await new Promise((r) => setTimeout(r, 1_000));
    const cancel = await s.app.inject({ method: 'POST', url: url('/query/cancel'), headers: headers.Developer, payload: { runId } });
    expect(cancel.statusCode).toBe(200);
    if (server) {
      expect(cancel.json()).toEqual({ cancelled: true });
      const answer = await running;
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ sqlState: '57014', message: 'canceling statement due to user request' });
    } else {
      expect(cancel.json().cancelled).toBe(false);
      expect(cancel.json().message).toContain('cannot stop it midway');
      await running;
    }
    const ro = await s.app.inject({ method: 'POST', url: url('/query/cancel'), headers: headers['Read-only'], payload: { runId } });
    expect(ro.statusCode).toBe(403);
  }, 60_000);
});

describe('several statements, EXPLAIN and the run history', () => {
  it('answers one result per statement with its command, rows in column order and counts', async () => {
    const text = [
      'create table sr_notes (id int primary key, body text)',
      "insert into sr_notes values (1, 'café'), (2, 'tea'), (3, null)",
      "/* the rows */ select id, body, 'x' as tag from sr_notes order by id",
      'update sr_notes set body = upper(body) where id < 3',
      'select n from generate_series(1, 40) as n',
    ].join(';\n');
    const res = await run({ query: text, resultShape: 'statements', rowLimit: 30, runId: 'run-several-1' });
    expect(res.statusCode).toBe(200);
    const { results } = res.json() as { results: { statement: string; command: string; columns: { name: string }[]; rows: unknown[][]; affectedRows: number | null; truncated: boolean; totalRows: number }[] };
    expect(results.map((r) => r.command)).toEqual(['CREATE TABLE', 'INSERT', 'SELECT', 'UPDATE', 'SELECT']);
    expect(results[1]).toMatchObject({ affectedRows: 3, columns: [] });
    expect(results[2]!.statement).toBe("/* the rows */ select id, body, 'x' as tag from sr_notes order by id");
    expect(results[2]!.columns.map((c) => c.name)).toEqual(['id', 'body', 'tag']);
    expect(results[2]!.rows).toEqual([[1, 'café', 'x'], [2, 'tea', 'x'], [3, null, 'x']]);
    expect(results[3]).toMatchObject({ affectedRows: 2 });
    expect(results[4]).toMatchObject({ truncated: true, totalRows: 40 });
    expect(results[4]!.rows).toHaveLength(30);
  });

  it('runs EXPLAIN (FORMAT JSON) and EXPLAIN ANALYZE into a plan the editor can draw', async () => {
    for (const query of ['explain (format json) select * from sr_notes where id = 2', 'explain (analyze, format json) select count(*) from generate_series(1, 100)']) {
      const res = await run({ query, resultShape: 'statements' });
      expect(res.statusCode).toBe(200);
      const [result] = res.json().results;
      expect(result.command).toBe('EXPLAIN');
      const cell = result.rows[0][0];
      const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: { 'Node Type': string; 'Actual Rows'?: number } }[];
      expect(typeof plan[0]!.Plan['Node Type']).toBe('string');
      if (query.includes('analyze')) expect(plan[0]!.Plan['Actual Rows']).toBe(1);
    }
  });

  it('keeps the runs asked for in the caller’s history, newest first, with duration, rows and status', async () => {
    const history = (who: Record<string, string>, query = '') => s.app.inject({ method: 'GET', url: url(`/query/history${query}`), headers: who });
    const before = (await history(headers.Developer)).json().entries.length;
    await run({ query: 'select n from generate_series(1, 7) as n', resultShape: 'statements', history: true });
    await run({ query: 'select * from history_missing', resultShape: 'statements', history: true });
    await run({ query: 'select 1 as not_kept', resultShape: 'statements' });
    const mine = await history(headers.Developer);
    expect(mine.statusCode).toBe(200);
    const { entries } = mine.json();
    expect(entries).toHaveLength(before + 2);
    expect(entries[0]).toMatchObject({ sql: 'select * from history_missing', status: 'error', rows: null, error: 'relation "history_missing" does not exist' });
    expect(entries[1]).toMatchObject({ sql: 'select n from generate_series(1, 7) as n', status: 'success', rows: 7, error: null });
    expect(entries[1].durationMs).toBeGreaterThanOrEqual(0);
    expect(Number.isNaN(Date.parse(entries[1].ranAt))).toBe(false);
    // Paged by id, and nobody else's.
    const page = (await history(headers.Developer, '?limit=1')).json();
    expect(page.entries).toHaveLength(1);
    const older = (await history(headers.Developer, `?limit=1&before=${page.next}`)).json();
    expect(older.entries[0].sql).toBe('select n from generate_series(1, 7) as n');
    expect((await history(headers.Administrator)).json().entries).toEqual([]);
    const bad = await history(headers.Developer, '?limit=1000');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('limit');
  });
});

describe('statement commands', () => {
  it('names each statement of a text by Postgres’ command words', async () => {
    const statements = await splitStatements(`create or replace function f() returns int language sql as $$ select 1; $$;
      create materialized view mv as select 1; with x as (select 1) select * from x; drop table if exists t; alter table t enable row level security; grant select on t to anon`);
    expect(statements!.map(commandOf)).toEqual(['CREATE FUNCTION', 'CREATE MATERIALIZED VIEW', 'SELECT', 'DROP TABLE', 'ALTER TABLE', 'GRANT']);
    expect(await splitStatements('select from where')).toBeNull();
  });
});
