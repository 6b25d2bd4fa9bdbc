import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRole } from '@plinth/shared-contracts';
import { startProjectServer, type ProjectTestServer } from '../../testing/project-server';

let s: ProjectTestServer;
/** Request headers of a member by role, signed in once before the tests. */
const headers = {} as Record<MemberRole, Record<string, string>>;
const url = (p: string) => `/api/platform/pg-meta/${s.ref}${p}`;
const run = (payload: Record<string, unknown>) => s.app.inject({ method: 'POST', url: url('/query'), headers: headers.Developer, payload });

beforeAll(async () => {
  s = await startProjectServer();
  for (const role of ['Developer', 'Read-only'] as const) headers[role] = await s.as(role);
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
