import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogSqlResult } from '@plinth/contracts-logs';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';

// Sources recorded by the console API itself, driven through the real API on the database the
// suite runs on: the console's own calls about a project are API Edge events of that project
// (with the member who made them), and never another project's; on a Postgres server, the
// database sampler records connections and checkpoints as Postgres events.

let h: TestHarness;
let owner: TestUser;
let ref: string;
let other: TestUser;
let otherRef: string;

beforeAll(async () => {
  h = await createTestHarness();
  const a = await h.userWithProject();
  owner = a.user;
  ref = a.project.ref;
  const b = await h.userWithProject();
  other = b.user;
  otherRef = b.project.ref;
}, 120_000);
afterAll(async () => {
  await h?.close();
});

async function rows(user: TestUser, projectRef: string, sql: string, extra: Record<string, unknown> = {}): Promise<Record<string, unknown>[]> {
  const res = await user.fetch(`/api/platform/projects/${projectRef}/analytics/endpoints/logs.all`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': user.jar.get('plinth_csrf') ?? '' },
    body: JSON.stringify({ sql, ...extra }),
  });
  const body = (await res.json()) as LogSqlResult & { message?: string };
  expect(res.status, body.message).toBe(200);
  return body.result;
}

describe('console API calls about a project', () => {
  it('show in its edge_logs with method, path, status, latency and the member, and never in another project', async () => {
    const paths = [
      `/api/platform/projects/${ref}`,
      `/api/platform/pg-meta/${ref}/tables`,
      `/api/platform/storage/${ref}/buckets`,
      `/api/platform/auth/${ref}/users`,
      `/api/v1/projects/${ref}/branches`,
      `/api/projects/${ref}/api/rest`,
    ];
    for (const path of paths) await owner.fetch(path);
    // A call refused is logged with its status too; someone outside the project's organization is not named.
    expect((await other.fetch(`/api/platform/pg-meta/${ref}/tables`)).status).toBe(404);
    await other.fetch(`/api/platform/storage/${otherRef}/buckets`);
    // Reading the logs is not logged (the explorer's runs and live tail would flood the source).
    await rows(owner, ref, 'select 1');
    await h.app.logStore.flush();

    const mine = await rows(owner, ref, `select method, path, status, latency_ms, user_id from edge_logs where service = 'console' order by timestamp`);
    for (const path of paths) {
      const call = mine.find((r) => r.path === path);
      expect(call, path).toMatchObject({ method: 'GET', user_id: owner.id });
      expect(typeof call!.status).toBe('number');
      expect(call!.latency_ms as number).toBeGreaterThanOrEqual(0);
    }
    expect(mine.find((r) => r.path === `/api/platform/pg-meta/${ref}/tables` && r.user_id === null)).toMatchObject({ status: 404 });
    expect(mine.some((r) => r.user_id === other.id)).toBe(false);
    expect(mine.some((r) => String(r.path).includes(otherRef))).toBe(false);
    expect(mine.some((r) => String(r.path).includes('/analytics/'))).toBe(false);

    const theirs = await rows(other, otherRef, `select path, user_id from edge_logs where service = 'console'`);
    expect(theirs).toContainEqual({ path: `/api/platform/storage/${otherRef}/buckets`, user_id: other.id });
    expect(theirs.some((r) => String(r.path).includes(ref) || r.user_id === owner.id)).toBe(false);
  });
});

describe('Postgres connections and checkpoints', () => {
  it(process.env.DATABASE_URL ? "are recorded by the database sampler, each project's connections in its own log and checkpoints in every sampled project's" : 'are not reported by embedded PGlite: none is recorded', async () => {
    const sampler = h.app.logStore.sampler!;
    const events = async (user: TestUser, projectRef: string) =>
      rows(user, projectRef, `select event_message, error_severity, user_name, origin, duration_ms from postgres_logs where origin in ('connection', 'connections', 'checkpoint') order by timestamp`);
    // Both databases are open (the sampler never wakes a closed one).
    await h.internals.databases.get(ref);
    await h.internals.databases.get(otherRef);
    await sampler.tick();
    if (!process.env.DATABASE_URL) {
      await h.app.logStore.flush();
      expect(await events(owner, ref)).toEqual([]);
      return;
    }
    // A checkpoint of the server between two samples: creating a database by copying its files requests one.
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const name = `plinth_checkpoint_${Date.now()}`;
    try {
      await admin.query(`create database ${name} strategy file_copy`);
      await admin.query(`drop database ${name}`);
    } finally {
      await admin.end();
    }
    await sampler.tick();
    await h.app.logStore.flush();

    for (const [user, mine, theirs] of [[owner, ref, otherRef], [other, otherRef, ref]] as const) {
      const seen = await events(user, mine);
      const connections = seen.filter((e) => e.origin === 'connection');
      // The platform's connections to this project's database since the server started, by its roles (named after the project).
      expect(connections.length, mine).toBeGreaterThan(0);
      for (const c of connections) {
        expect(c).toMatchObject({ error_severity: 'LOG', event_message: expect.stringMatching(/^connection authorized: user=/) });
        expect(String(c.user_name)).toContain(mine);
      }
      expect(seen.find((e) => e.origin === 'connections')?.event_message).toMatch(/^connections: \d+ open/);
      // Nothing of the other project's database.
      expect(JSON.stringify(seen)).not.toContain(theirs);
      const checkpoint = seen.find((e) => e.origin === 'checkpoint');
      expect(checkpoint?.event_message).toMatch(/^checkpoint complete \(server-wide\): \d+ timed, [1-9]\d* requested/);
      expect(checkpoint?.event_message).not.toMatch(/buffer/);
    }
  });
});

describe('hourly counts of the edge (edge_logs_hourly)', () => {
  it("add up each project's calls per hour, service and status as they are written, for that project alone and within its retention", async () => {
    const store = h.app.logStore;
    const call = (projectRef: string, service: string, status: number, latencyMs: number) =>
      store.record({ ref: projectRef, service: service as 'rest', method: 'GET', path: '/counted', status, latencyMs, role: 'anon', userId: null, bytesOut: 10 });
    for (let i = 0; i < 3; i++) call(ref, 'rest', 200, 10);
    for (let i = 0; i < 2; i++) call(ref, 'rest', 500, 40);
    call(ref, 'auth', 404, 5);
    for (let i = 0; i < 5; i++) call(otherRef, 'rest', 200, 1);
    await store.flush();
    const range = { iso_timestamp_start: new Date(Date.now() - 2 * 3600_000).toISOString() };
    const hourly = await rows(owner, ref, `select service, status, sum(requests)::int as n, sum(errors)::int as errors from edge_logs_hourly where service in ('rest', 'auth') group by 1, 2 order by 1, 2`, range);
    expect(hourly).toEqual([
      { service: 'auth', status: 404, n: 1, errors: 1 },
      { service: 'rest', status: 200, n: 3, errors: 0 },
      { service: 'rest', status: 500, n: 2, errors: 2 },
    ]);
    // The same figures as counting the calls themselves.
    const counted = await rows(owner, ref, `select service, status, count(*)::int as n from edge_logs where service in ('rest', 'auth') group by 1, 2 order by 1, 2`, range);
    expect(counted.map((r) => r.n)).toEqual(hourly.map((r) => r.n));
    expect((await rows(owner, ref, `select latency_ms_avg from edge_logs_hourly where service = 'rest' and status = 500`, range))[0]!.latency_ms_avg).toBeCloseTo(40);
    expect(await rows(other, otherRef, `select service, status, sum(requests)::int as n from edge_logs_hourly group by 1, 2`, range)).toContainEqual({ service: 'rest', status: 200, n: 5 });

    // Hours older than the plan keeps (Free: a day) are not read; hours past the longest retention are deleted.
    const insert = (hoursAgo: number) =>
      store.db.query(`insert into project_api_logs_hourly values ($1, date_trunc('hour', now()) - make_interval(hours => $2), 'rest', 418, 7, 7, 7, 0)`, [ref, hoursAgo]);
    await insert(3 * 24);
    await insert(100 * 24);
    const old = await rows(owner, ref, `select count(*)::int as n from edge_logs_hourly where status = 418`, { iso_timestamp_start: new Date(Date.now() - 5 * 24 * 3600_000).toISOString() });
    expect(old).toEqual([{ n: 0 }]);
    await store.applyRetention();
    const kept = await store.db.query<{ n: number }>(`select count(*)::int as n from project_api_logs_hourly where project_ref = $1 and status = 418`, [ref]);
    expect(kept.rows[0]!.n).toBe(1);
  });
});
