import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProjectServer, type ProjectTestServer } from '../../testing/project-server';

let s: ProjectTestServer;
const headers: Record<string, Record<string, string>> = {};
const url = (p: string) => `/api/platform/pg-meta/${s.ref}${p}`;
const run = (payload: Record<string, unknown>, who = headers.dev) => s.app.inject({ method: 'POST', url: url('/query'), headers: who, payload: { resultShape: 'statements', ...payload } });
const rows = (payload: Record<string, unknown>, who = headers.dev) => s.app.inject({ method: 'POST', url: url('/query/rows'), headers: who, payload });
const server = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  s = await startProjectServer();
  headers.dev = await s.as('Developer');
  headers.other = await s.as('Developer', 'another-developer');
}, 300_000);
afterAll(async () => s?.close());

type Result = { rows: unknown[][]; totalRows: number; truncated: boolean; cursor?: string; command: string };

describe('a large result of the SQL editor', () => {
  it('answers its first rows at once and the rest page by page, in order, cut at the row limit', async () => {
    const res = await run({ query: "create temp table if not exists pages_t (n int);\nselect n, 'row ' || n as label from generate_series(1, 2600) as n order by n desc", rowLimit: 2500, runId: 'pages-run-0001' });
    expect(res.statusCode).toBe(200);
    const results = res.json().results as Result[];
    expect(results.map((r) => r.command)).toEqual(['CREATE TABLE', 'SELECT']);
    const first = results[1]!;
    expect(first).toMatchObject({ totalRows: 2600, truncated: true });
    // The embedded database answers the first 1,000 rows and a cursor; a Postgres server all of them.
    expect(first.rows.length).toBe(server ? 2500 : 1000);
    const all = [...first.rows];
    while (first.cursor) {
      const page = await rows({ cursor: first.cursor, offset: all.length, limit: 1000 });
      expect(page.statusCode).toBe(200);
      all.push(...page.json().rows);
      if (page.json().done) break;
    }
    expect(all).toHaveLength(2500);
    expect(all[0]).toEqual([2600, 'row 2600']);
    expect(all[1000]).toEqual([1600, 'row 1600']);
    expect(all[2499]).toEqual([101, 'row 101']);
    if (first.cursor) {
      // Read to its end, the result is no longer kept.
      const gone = await rows({ cursor: first.cursor, offset: 0, limit: 10 });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ code: 'RESULT_GONE', field: 'cursor' });
      expect(gone.json().message).toContain('run the query again');
    }
  });

  it('keeps a result for the member who ran it only, and names the field of a bad page request', async () => {
    const res = await run({ query: 'select n from generate_series(1, 3000) as n', rowLimit: 100_000, runId: 'pages-run-0002' });
    const first = res.json().results[0] as Result;
    expect(first).toMatchObject({ totalRows: 3000, truncated: false });
    if (server) expect(first.rows).toHaveLength(3000);
    else {
      expect(first.cursor).toBe('pages-run-0002');
      const theirs = await rows({ cursor: first.cursor, offset: 1000, limit: 10 }, headers.other);
      expect(theirs.statusCode).toBe(404);
      const page = await rows({ cursor: first.cursor, offset: 2990, limit: 5_000 });
      expect(page.json()).toEqual({ rows: Array.from({ length: 10 }, (_, i) => [2991 + i]), done: true });
    }
    const unknown = await rows({ cursor: 'no-such-run', offset: 0, limit: 10 });
    expect(unknown.statusCode).toBe(404);
    const tooMany = await rows({ cursor: 'pages-run-0002', offset: 0, limit: 5_001 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().field).toBe('limit');
  });

  it('reports an error of the last statement with the run, at its place in the user’s text', async () => {
    const res = await run({ query: 'select 1;\nselect n, 1 / (n - 5) as q from generate_series(1, 10) as n', runId: 'pages-run-0003' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'SQL_ERROR', message: 'division by zero', sqlState: '22012' });
    const missing = await run({ query: 'select 1;\n  select x from missing_pages_table', runId: 'pages-run-0004' });
    expect(missing.json()).toMatchObject({ position: 27, sqlState: '42P01' });
  });
});
