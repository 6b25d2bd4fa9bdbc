import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@plinth/shared-contracts';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';
import { runSqlAs } from '@plinth/platform-api/testing/run-sql';
import { projectKeys } from '@plinth/project-services/testing';
import { projectDatabaseName } from './manager';
import { projectRoleName } from './owner-role';
import { CONNECTIONS_PER_PROJECT, openDatabasesFor } from './api-user';
import { StatementWatchdog } from './watchdog';
import { loadServerSecret } from '../csrf';
import { projectRolePassword, projectRoleUrl } from './owner-role';
import pg from 'pg';

// What one tenant can do to the limits the platform keeps around its runs, and to other tenants'
// runs: a time limit the session lifts, a cancel of another's run id, a storm of calls, and a
// password the tenant changes on its own role.

let h: TestHarness;
let a: { user: TestUser; ref: string };
let b: { user: TestUser; ref: string; org: string };

beforeAll(async () => {
  h = await createTestHarness();
  const first = await h.userWithProject();
  a = { user: first.user, ref: first.project.ref };
  const second = await h.userWithProject();
  b = { user: second.user, ref: second.project.ref, org: second.org.slug };
}, 180_000);
afterAll(async () => {
  await h?.close();
});

const cancel = (user: TestUser, ref: string, runId: string) =>
  user.fetch(`/api/platform/pg-meta/${ref}/query/cancel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: user.jar.get('plinth_csrf') ?? '' },
    body: JSON.stringify({ runId }),
  });

describe('a tenant and the limits around its runs', () => {
  it('a run past its time limit is stopped although its text set statement_timeout = 0', async () => {
    const r = await runSqlAs(a.user, a.ref, { query: 'set statement_timeout = 0;\nselect pg_sleep(20)', timeoutMs: 1_000 });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/statement timeout/);
    // The project goes on answering, on a fresh connection.
    expect((await runSqlAs(a.user, a.ref, { query: 'select 1 as one' })).body).toMatchObject({ rows: [{ one: 1 }] });
  });

  it('a large result read page by page keeps the limit too', async () => {
    const r = await runSqlAs(a.user, a.ref, {
      query: 'set statement_timeout = 0;\nselect g, pg_sleep(0.01) from generate_series(1, 5000) g',
      timeoutMs: 1_000,
      resultShape: 'statements',
      rowLimit: 5000,
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/statement timeout/);
  });

  it("a cancel reaches only the member's own run in its own project; run ids are not shown to other sessions", async () => {
    const runId = 'victim-run-0001';
    const running = runSqlAs(b.user, b.ref, { query: 'select pg_sleep(3), 1 as done', runId });
    await new Promise((r) => setTimeout(r, 700));
    // Another tenant, on its own project and on the victim's.
    const fromA = await cancel(a.user, a.ref, runId);
    expect(fromA.status).toBe(200);
    expect(await fromA.json()).toMatchObject({ cancelled: false });
    expect([403, 404]).toContain((await cancel(a.user, b.ref, runId)).status);
    // Another member of the same project.
    const colleague = await h.signUp();
    await b.user.api.organizations.addMember(b.org, { email: colleague.email, role: 'Developer' });
    expect(await (await cancel(colleague, b.ref, runId)).json()).toMatchObject({ cancelled: false });
    if (h.mode === 'server') {
      const seen = await runSqlAs<{ rows: { n: number }[] }>(a.user, a.ref, { query: `select count(*)::int as n from pg_stat_activity where application_name like '%${runId}%'` });
      expect(seen.body.rows[0]!.n).toBe(0);
    }
    const victim = await running;
    expect(victim.status).toBe(200);
    expect(victim.body).toMatchObject({ rows: [{ done: 1 }] });

    // The member's own cancel stops it (a server can; the embedded database says it cannot).
    const own = 'own-run-00000001';
    const mine = runSqlAs(b.user, b.ref, { query: 'select pg_sleep(5)', runId: own });
    await new Promise((r) => setTimeout(r, 700));
    const answer = (await (await cancel(b.user, b.ref, own)).json()) as { cancelled: boolean };
    if (h.mode === 'server') {
      expect(answer.cancelled).toBe(true);
      expect((await mine).status).toBe(400);
    } else {
      expect(answer.cancelled).toBe(false);
      expect((await mine).status).toBe(200);
    }
  });

  it('a storm of app requests, SQL runs and console calls stays within the connections one project may hold', async () => {
    const keys = await projectKeys(h, a.ref);
    await runSqlAs(a.user, a.ref, { query: 'create table public.storm (id int primary key); insert into public.storm select generate_series(1, 50)' });
    let most = 0;
    let sampling = h.mode === 'server';
    const sampler = (async () => {
      while (sampling) {
        const r = await h.internals.control.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [projectDatabaseName(a.ref)]);
        most = Math.max(most, r.rows[0]!.n);
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    const calls: Promise<number>[] = [];
    for (let i = 0; i < 40; i++) {
      calls.push(h.services.inject({ method: 'GET', url: `/${a.ref}/rest/v1/storm?select=id&id=lt.${i + 2}`, headers: { apikey: keys.serviceRoleKey, authorization: `Bearer ${keys.serviceRoleKey}` } }).then((r) => r.statusCode));
    }
    for (let i = 0; i < 6; i++) calls.push(runSqlAs(a.user, a.ref, { query: 'select pg_sleep(0.3)' }).then((r) => r.status));
    for (let i = 0; i < 10; i++) calls.push(a.user.fetch(`/api/platform/pg-meta/${a.ref}/tables`).then((r) => r.status));
    const statuses = await Promise.all(calls);
    sampling = false;
    await sampler;
    // Each call is answered, or told the project is busy; none fails.
    expect(statuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(40);
    if (h.mode === 'server') {
      expect(most).toBeGreaterThan(1);
      expect(most).toBeLessThanOrEqual(CONNECTIONS_PER_PROJECT);
      // The database itself refuses more, whoever connects (the project role directly included).
      const limit = await h.internals.control.query<{ n: number }>('select datconnlimit as n from pg_database where datname = $1', [projectDatabaseName(a.ref)]);
      expect(limit.rows[0]!.n).toBe(CONNECTIONS_PER_PROJECT);
    }
    // On a server with 300 connections, one instance keeps at most this many projects open at once.
    expect(openDatabasesFor(300)).toBe(Math.floor((300 - 30) / CONNECTIONS_PER_PROJECT));
  });

  it("a statement outside the platform's pools (a direct connection as the project role) is held to its plan's limit too", async () => {
    if (h.mode !== 'server') {
      // Embedded: there is no server to connect to; every statement goes through the platform, whose limit holds (first test).
      expect(h.internals.config.databaseUrl).toBeNull();
      return;
    }
    const secret = await loadServerSecret(h.internals.control, 'project-database-roles');
    const direct = new pg.Client({ connectionString: projectRoleUrl(process.env.DATABASE_URL!, projectDatabaseName(a.ref), projectRoleName(a.ref), projectRolePassword(secret, a.ref)) });
    await direct.connect();
    try {
      await direct.query('set statement_timeout = 0');
      const sleeping = direct.query('select pg_sleep(30)').then(() => null, (err: { code?: string }) => err.code);
      await new Promise((r) => setTimeout(r, 1_200));
      const watchdog = new StatementWatchdog(h.internals.control, { floorMs: 500, limitMs: async (ref) => (ref === a.ref ? 800 : 60_000) });
      expect(await watchdog.tick()).toBe(1);
      expect(await sleeping).toBe('57014');
    } finally {
      await direct.end();
    }
  });

  it("a password the tenant sets on its own role does not lock the platform's pools out", async () => {
    const role = h.mode === 'server' ? projectRoleName(b.ref) : 'postgres';
    const changed = await runSqlAs(b.user, b.ref, { query: `alter role "${role}" password 'chosen-by-the-tenant'` });
    expect(changed.status).toBe(200);
    // The pools close (as after an idle spell) and log in again for the next run.
    await ((await h.internals.databases.get(b.ref)) as unknown as { suspend(): Promise<boolean> }).suspend();
    const next = await runSqlAs(b.user, b.ref, { query: 'select current_user::text as who' });
    expect(next.status).toBe(200);
    expect(next.body).toMatchObject({ rows: [{ who: role }] });
  });
});
