import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttp } from '@plinth/shared-contracts';
import { createApiReportsClient, createLogQueriesClient, type ApiRangeReport, type ApiRangeReportQuery, type ApiReport } from '@plinth/contracts-logs';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';
import { appClient, listen, projectKeys, randomEmail, type ProjectKeys } from '@plinth/project-services/testing';
import { ensureStorageSchema } from '@plinth/project-services/testing';

// The API report of Reports: what an app's supabase-js calls did, counted from the request log.

let h: TestHarness;
let base: string;
let keys: ProjectKeys;
let owner: TestUser;

beforeAll(async () => {
  h = await createTestHarness();
  const { user, project } = await h.userWithProject();
  owner = user;
  keys = await projectKeys(h, project.ref);
  const db = await ensureStorageSchema(await h.internals.databases.get(project.ref));
  await db.exec(`create table todos (id serial primary key, title text not null);
    alter table todos enable row level security;
    create policy anyone_reads on todos for select to anon using (true);`, { user: true });
  base = await listen(h);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

async function report(query = ''): Promise<ApiReport> {
  await h.app.logStore.flush();
  return owner.api.logs.getApiReport(keys.ref, Object.fromEntries(new URLSearchParams(query)) as never);
}

async function rangeReport(query: ApiRangeReportQuery = {}): Promise<ApiRangeReport> {
  await h.app.logStore.flush();
  return createApiReportsClient(createHttp({ baseUrl: '/api', fetch: owner.fetch, csrfToken: () => owner.jar.get('plinth_csrf') })).getApiRangeReport(keys.ref, query);
}

/** The report once `calls` calls are logged (a streamed download is recorded when its last byte has left, after the client has it). */
async function reportOf(calls: number, query = ''): Promise<ApiReport> {
  for (let tries = 0; ; tries++) {
    const r = await report(query);
    if (r.totals.requests >= calls || tries === 100) return r;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the API report', () => {
  it('counts calls by time, status, service and storage operation, and lists the errors and slowest paths', async () => {
    const empty = await report();
    expect(empty.totals).toEqual({ requests: 0, errors: 0, bytes_out: 0, avg_latency_ms: null, p95_latency_ms: null });
    expect(empty.over_time).toHaveLength(25); // 24 hourly buckets, the current one included
    expect(empty.over_time.every((b) => b.requests === 0)).toBe(true);

    const app = appClient(base, keys.ref, keys.anonKey);
    for (let i = 0; i < 4; i++) expect((await app.from('todos').select('id')).error).toBeNull();
    expect((await app.from('missing_table').select()).error?.code).toBe('PGRST205');
    expect((await app.from('missing_table').select()).error?.code).toBe('PGRST205');
    expect((await app.auth.signInWithPassword({ email: randomEmail('report'), password: 'wrong password' })).error?.status).toBe(400);
    const storage = appClient(base, keys.ref, keys.serviceRoleKey).storage;
    expect((await storage.createBucket('files')).error).toBeNull();
    expect((await storage.from('files').upload('a.txt', 'hello report')).error).toBeNull();
    expect(await (await storage.from('files').download('a.txt')).data?.text()).toBe('hello report');

    const r = await reportOf(10);
    expect(r.window).toBe('24h');
    expect(r.retention_days).toBe(1);
    expect(r.totals).toMatchObject({ requests: 10, errors: 3 });
    expect(r.totals.bytes_out).toBeGreaterThan(0);
    expect(r.totals.avg_latency_ms).toBeGreaterThan(0);
    expect(r.over_time.reduce((n, b) => n + b.requests, 0)).toBe(10);
    expect(r.by_status).toEqual([
      { status_class: '2xx', requests: 7 },
      { status_class: '4xx', requests: 3 },
    ]);
    expect(r.by_service).toEqual([
      { service: 'rest', requests: 6, errors: 2 },
      { service: 'storage', requests: 3, errors: 0 },
      { service: 'auth', requests: 1, errors: 1 },
    ]);
    expect(r.by_operation.map((o) => o.operation).sort()).toEqual(['create_bucket', 'download', 'upload'].sort());
    expect(r.by_operation.find((o) => o.operation === 'download')!.bytes_out).toBe('hello report'.length);
    expect(r.top_errors[0]).toEqual({ status: 404, service: 'rest', method: 'GET', path: '/missing_table', requests: 2 });
    expect(r.top_errors[1]).toMatchObject({ status: 400, service: 'auth', path: '/token', requests: 1 });
    expect(r.slowest.length).toBeGreaterThan(0);
    expect(r.slowest.map((s) => s.avg_latency_ms)).toEqual([...r.slowest.map((s) => s.avg_latency_ms)].sort((a, b) => b - a));

    // One service alone (the Storage report)
    const onlyStorage = await report('service=storage&window=1h');
    expect(onlyStorage.window).toBe('1h');
    expect(onlyStorage.bucket_seconds).toBe(60);
    expect(onlyStorage.totals.requests).toBe(3);
    expect(onlyStorage.by_service).toEqual([{ service: 'storage', requests: 3, errors: 0 }]);
  });

  it('over a range: latency percentiles and egress per bucket, top and failing paths, the storage not-modified share', async () => {
    const r = await rangeReport({ window: '1h' });
    expect(r.window).toBe('1h');
    expect(r.totals).toMatchObject({ requests: 10, errors: 3 });
    const { p50_latency_ms: p50, p95_latency_ms: p95, p99_latency_ms: p99 } = r.totals;
    expect(p50).toBeGreaterThan(0);
    expect(p50!).toBeLessThanOrEqual(p95!);
    expect(p95!).toBeLessThanOrEqual(p99!);
    const busy = r.over_time.filter((b) => b.requests > 0);
    expect(busy.reduce((sum, b) => sum + b.requests, 0)).toBe(10);
    expect(r.over_time.reduce((sum, b) => sum + b.bytes_out, 0)).toBe(r.totals.bytes_out);
    for (const b of busy) expect(b.p50_ms! <= b.p95_ms! && b.p95_ms! <= b.p99_ms!).toBe(true);
    expect(r.over_time.filter((b) => b.requests === 0).every((b) => b.p95_ms === null)).toBe(true);
    expect(r.top_paths[0]).toMatchObject({ service: 'rest', method: 'GET', path: '/todos', requests: 4, errors: 0 });
    expect(r.top_paths[0]!.p95_latency_ms).toBeGreaterThan(0);
    expect(r.error_paths).toEqual([
      { service: 'rest', method: 'GET', path: '/missing_table', errors: 2, requests: 2, statuses: [404] },
      { service: 'auth', method: 'POST', path: '/token', errors: 1, requests: 1, statuses: [400] },
    ]);
    // One download, answered with its bytes: a cacheable read that no cache answered.
    expect(r.cache).toEqual({ basis: 'storage_not_modified', cacheable: 1, hits: 0, hit_rate: 0 });

    // A custom range of the last ten minutes: minute buckets, the same calls.
    const now = Date.now();
    const custom = await rangeReport({ start: new Date(now - 10 * 60_000).toISOString(), end: new Date(now + 60_000).toISOString(), service: 'rest' });
    expect(custom.window).toBe('custom');
    expect(custom.bucket_seconds).toBe(60);
    expect(Date.parse(custom.to)).toBeLessThanOrEqual(Date.now());
    expect(custom.totals).toMatchObject({ requests: 6, errors: 2 });
    expect(custom.by_service).toEqual([{ service: 'rest', requests: 6, errors: 2 }]);
    expect(custom.cache).toEqual({ basis: 'storage_not_modified', cacheable: 0, hits: 0, hit_rate: null });
    // A custom range before any of these calls counts none of them.
    const before = await rangeReport({ start: new Date(now - 3 * 3600_000).toISOString(), end: new Date(now - 2 * 3600_000).toISOString() });
    expect(before.totals.requests).toBe(0);
    expect(before.top_paths).toEqual([]);
  });

  it('a custom range is bounded by the retention and checked: each mistake is a 400 naming its field', async () => {
    const now = Date.now();
    // Asked from ten days back, a free project's range starts a day ago, in 15-minute buckets (96 of them).
    const capped = await rangeReport({ start: new Date(now - 10 * 86_400_000).toISOString(), end: new Date(now).toISOString() });
    expect(Date.parse(capped.to) - Date.parse(capped.from)).toBeLessThanOrEqual(86_400_000);
    expect(Date.parse(capped.to) - Date.parse(capped.from)).toBeGreaterThan(86_400_000 - 60_000);
    expect(capped.bucket_seconds).toBe(15 * 60);
    const url = (query: string) => `/api/platform/projects/${keys.ref}/reports/api?${query}`;
    const cases: [string, string][] = [
      [`start=${new Date(now - 3600_000).toISOString()}`, 'end'],
      [`end=${new Date(now).toISOString()}`, 'start'],
      [`start=yesterday&end=${new Date(now).toISOString()}`, 'start'],
      [`start=${new Date(now).toISOString()}&end=${new Date(now - 3600_000).toISOString()}`, 'end'],
      [`start=${new Date(now - 100 * 86_400_000).toISOString()}&end=${new Date(now).toISOString()}`, 'start'],
      // Wholly before the retention: nothing the plan keeps
      [`start=${new Date(now - 5 * 86_400_000).toISOString()}&end=${new Date(now - 4 * 86_400_000).toISOString()}`, 'end'],
      ['window=2h', 'window'],
    ];
    for (const [query, field] of cases) {
      const res = await owner.fetch(url(query));
      expect(res.status, query).toBe(400);
      expect(await res.json(), query).toMatchObject({ field });
    }
    const stranger = await h.signUp();
    expect((await stranger.fetch(url('window=1h'))).status).toBe(404);
  });

  it("counts a log query's rows over its whole range per bucket for the explorer's histogram, past the row limit, without keeping it in Recent", async () => {
    const http = createHttp({ baseUrl: '/api', fetch: owner.fetch, csrfToken: () => owner.jar.get('plinth_csrf') });
    const logs = createLogQueriesClient(http);
    const reports = createApiReportsClient(http);
    const end = new Date(Date.now() + 60_000).toISOString();
    const start = new Date(Date.now() - 3600_000).toISOString();
    const sql = "select timestamp, path from edge_logs where service <> 'console' order by timestamp desc";
    const all = await logs.runLogQuery(keys.ref, { sql: "select count(*)::int as n from edge_logs where service <> 'console'", iso_timestamp_start: start, iso_timestamp_end: end });
    const n = Number(all.result[0]!.n);
    expect(n).toBeGreaterThanOrEqual(10);
    const shown = await logs.runLogQuery(keys.ref, { sql, iso_timestamp_start: start, iso_timestamp_end: end, limit: 2 });
    expect(shown.truncated).toBe(true);
    const histogram = await reports.getLogHistogram(keys.ref, { sql, iso_timestamp_start: start, iso_timestamp_end: end, time_column: 'timestamp', bucket_seconds: 60 });
    expect(histogram.total).toBe(n);
    expect(histogram.bucket_seconds).toBe(60);
    expect(histogram.buckets.every((b) => Date.parse(b.start) % 60_000 === 0 && b.value > 0)).toBe(true);
    // A query that already counted: its counts are summed per bucket.
    const grouped = await reports.getLogHistogram(keys.ref, {
      sql: "select date_trunc('minute', timestamp) as minute, count(*) as requests from edge_logs where service <> 'console' group by 1;",
      iso_timestamp_start: start,
      iso_timestamp_end: end,
      time_column: 'minute',
      count_column: 'requests',
      bucket_seconds: 300,
    });
    expect(grouped.total).toBe(n);
    // The count is not one of the user's queries.
    expect((await logs.listRecentLogQueries(keys.ref)).queries.filter((q) => q.sql.includes('as bucket'))).toEqual([]);
    // Mistakes are 400s naming the field or the problem; an outsider gets a 404; a write is refused.
    const post = (body: Record<string, unknown>, user = owner) =>
      user.fetch(`/api/platform/projects/${keys.ref}/analytics/endpoints/logs.histogram`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': user.jar.get('plinth_csrf') ?? '' },
        body: JSON.stringify({ sql, iso_timestamp_start: start, iso_timestamp_end: end, time_column: 'timestamp', bucket_seconds: 60, ...body }),
      });
    const badBucket = await post({ bucket_seconds: 5 });
    expect(badBucket.status).toBe(400);
    expect(await badBucket.json()).toMatchObject({ field: 'bucket_seconds' });
    expect((await post({ time_column: 'no_such_column' })).status).toBe(400);
    expect((await post({ sql: 'selec broken' })).status).toBe(400);
    expect([400, 403]).toContain((await post({ sql: 'select now() as timestamp from edge_logs; delete from edge_logs' })).status);
    expect((await post({}, await h.signUp())).status).toBe(404);
  });

  it("stops at the plan's retention: a 7-day window of a free project starts a day ago", async () => {
    const r = await report('window=7d');
    expect(Date.parse(r.to) - Date.parse(r.from)).toBe(24 * 3600 * 1000);
    expect(r.bucket_seconds).toBe(6 * 3600);
  });

  it('refuses a bad window or service with a 400 naming it; another tenant gets a 404', async () => {
    const bad = await owner.fetch(`/api/platform/projects/${keys.ref}/logs/report?window=1y`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: 'window' });
    const badService = await owner.fetch(`/api/platform/projects/${keys.ref}/logs/report?service=realtime`);
    expect(badService.status).toBe(400);
    expect(await badService.json()).toMatchObject({ field: 'service' });
    const stranger = await h.signUp();
    expect((await stranger.fetch(`/api/platform/projects/${keys.ref}/logs/report`)).status).toBe(404);
  });
});
