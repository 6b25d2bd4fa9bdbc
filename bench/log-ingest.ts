/**
 * The log store under load (issue 23), through the real server:
 * 1. Ingest: for SECONDS (10) calls and events are recorded as the project services record them
 *    (two calls for each Postgres event), as fast as the batched writer accepts them (the queue
 *    is kept under its bound, so nothing is dropped). Prints events written per second, the
 *    CPU microseconds each record costs the request path, and the rows dropped.
 * 2. Queries: QUERY_ROWS (1,000,000; the figure is 10,000,000) calls spread over the last
 *    7 days are loaded (insert ... select, a million rows a statement), then three log queries run RUNS (5) times through
 *    POST analytics/endpoints/logs.all: the explorer's default (last hour, newest 100), a count
 *    by status over 7 days, and a template's group-by over a day. Prints p50 and max in ms.
 * Embedded database by default; DATABASE_URL: on that server (the figures that count).
 * Run: cd bench && npx tsx log-ingest.ts   (SECONDS, QUERY_ROWS, RUNS)
 */
import { createTestHarness } from '@plinth/platform-api/testing';

const seconds = Number(process.env.SECONDS ?? 10);
const queryRows = Number(process.env.QUERY_ROWS ?? 1_000_000);
const runs = Number(process.env.RUNS ?? 5);
const LOAD_CHUNK = 1_000_000;
const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

const h = await createTestHarness();
try {
  const ingestRef = (await h.userWithProject()).project.ref;
  // The queries read a project of their own, so that the ingest's rows do not weigh on them.
  const { user, project, org } = await h.userWithProject();
  const ref = project.ref;
  const store = h.app.logStore;
  console.log(`log store bench — ${h.mode} database`);

  // 1. Ingest.
  const start = performance.now();
  const writtenBefore = store.writer.written + store.events.written;
  let recorded = 0;
  let recordCpu = 0;
  while (performance.now() - start < seconds * 1000) {
    // Keep the queue under its bound: recording waits here only because the bench produces faster than any server would.
    if (store.writer.queued + store.events.queued > 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      continue;
    }
    const cpu = process.cpuUsage();
    for (let i = 0; i < 300; i++) {
      store.record({ ref: ingestRef, service: 'rest', method: 'GET', path: '/items', search: `select=*&id=eq.${i}`, status: i % 50 ? 200 : 500, latencyMs: 2 + (i % 7), role: 'anon', userId: null, bytesOut: 900 });
      store.record({ ref: ingestRef, service: 'auth', method: 'POST', path: '/token', search: 'grant_type=password', status: i % 9 ? 200 : 400, latencyMs: 20, role: 'anon', userId: null, event: i % 9 ? 'login' : 'login_failed' });
      store.recordEvent({ ref: ingestRef, source: 'postgres', level: 'ERROR', message: 'division by zero', sqlState: '22012', origin: 'data_api' });
    }
    const used = process.cpuUsage(cpu);
    recordCpu += used.user + used.system;
    recorded += 900;
    await new Promise((resolve) => setImmediate(resolve));
  }
  await store.flush();
  const elapsed = (performance.now() - start) / 1000;
  const written = store.writer.written + store.events.written - writtenBefore;
  console.log(`  ingest: ${recorded} recorded in ${elapsed.toFixed(1)} s, ${written} written: ${Math.round(written / elapsed)} events/s; recording ${(recordCpu / recorded).toFixed(2)} µs CPU each; dropped ${store.writer.dropped + store.events.dropped}`);

  // 2. Queries over many rows.
  const now = Date.now();
  await store.partitions.ensure(Array.from({ length: 9 }, (_, i) => new Date(now - i * DAY_MS).toISOString().slice(0, 10)));
  const loadStart = performance.now();
  // In chunks of a million rows, so that no one statement meets the database's statement time-out (QUERY_ROWS=10000000: ten).
  for (let from = 0; from < queryRows; from += LOAD_CHUNK) {
    await store.db.query(
      `insert into project_api_logs (at, project_ref, service, method, path, status, latency_ms, role, bytes_out)
       select now() - (random() * interval '7 days'), $1, (array['rest','auth','storage'])[1 + i % 3], 'GET', '/path_' || (i % 40),
         (array[200,200,200,201,204,400,404,500])[1 + i % 8], random() * 200, 'anon', 1000
       from generate_series($2::int + 1, $3::int) as i`,
      [ref, from, Math.min(queryRows, from + LOAD_CHUNK)],
    );
  }
  await store.db.query('analyze project_api_logs');
  console.log(`  loaded ${queryRows} calls in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`);
  // Seven days of retention and more: the Team plan.
  await h.internals.control.query("update organizations set plan = 'team' where slug = $1", [org.slug]);
  // The call of createLogQueriesClient (@plinth/contracts-logs), made here with the user's fetch.
  const runLogQuery = async (body: { sql: string; iso_timestamp_start: string }) => {
    const res = await user.fetch(`/api/platform/projects/${ref}/analytics/endpoints/logs.all`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': user.jar.get('plinth_csrf') ?? '' },
      body: JSON.stringify(body),
    });
    if (res.status !== 200) throw new Error(`logs.all answered ${res.status}: ${await res.text()}`);
    await res.json();
  };
  const time = async (name: string, sql: string, rangeMs: number) => {
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      try {
        await runLogQuery({ sql, iso_timestamp_start: new Date(Date.now() - rangeMs).toISOString() });
      } catch (err) {
        // A query past the log queries' time-out is a figure too: say so and go on.
        console.log(`  ${name}: failed after ${(performance.now() - t).toFixed(0)} ms: ${err instanceof Error ? err.message.slice(0, 200) : String(err)}`);
        return;
      }
      ms.push(performance.now() - t);
    }
    ms.sort((a, b) => a - b);
    console.log(`  ${name}: p50 ${ms[Math.floor(ms.length / 2)]!.toFixed(0)} ms, max ${ms[ms.length - 1]!.toFixed(0)} ms`);
  };
  await time('floor (select 1)', 'select 1', HOUR_MS);
  await time('default query, last hour', 'select timestamp, service, method, path, status, latency_ms from edge_logs order by timestamp desc', HOUR_MS);
  await time('count by status, 7 days', 'select status, count(*) as n from edge_logs group by status order by n desc', 7 * DAY_MS);
  await time('errors by path, 1 day', 'select service, path, status, count(*) as requests from edge_logs where status >= 400 group by service, path, status order by requests desc', DAY_MS);
} finally {
  await h.close();
}
