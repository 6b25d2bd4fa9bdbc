/**
 * Log queries over a project with ROWS (10,000,000) calls over the last 7 days (issue 23), through
 * the real server and the real POST analytics/endpoints/logs.all (reader role, views, time-out):
 * - the explorer's default query over the last hour (newest 100),
 * - a count by status over 7 days, counting the calls (edge_logs) and adding up the hourly
 *   counts the writer keeps (edge_logs_hourly),
 * - a template's group-by over a day (errors by path),
 * each run RUNS (7) times; prints p50 and p95 in ms. EXPLAIN=1 prints each query's plan.
 * The rows are loaded fast: generate_series inserts straight into each day's partition (not
 * through the batched writer), a million rows a statement, in time order as calls arrive, the
 * table's indexes made after, the hourly counts added up from the loaded calls (as the writer
 * adds them batch by batch), then vacuum analyze (as autovacuum does after inserts).
 * The figures that count are on a Postgres server:
 *   bash platform-api/scripts/with-postgres.sh sh -c 'cd bench && npx tsx log-scale.ts'
 * Run: cd bench && npx tsx log-scale.ts   (ROWS, RUNS, EXPLAIN; TRY: statements to weigh, measured again after)
 */
import { createTestHarness } from '@plinth/platform-api/testing';

const rows = Number(process.env.ROWS ?? 10_000_000);
const runs = Number(process.env.RUNS ?? 7);
const CHUNK = 1_000_000;
const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
const DEFAULT_SQL = 'select timestamp, service, method, path, status, latency_ms\nfrom edge_logs\norder by timestamp desc';
const COUNT_SQL = 'select status, count(*) as n\nfrom edge_logs\ngroup by status\norder by n desc';
const HOURLY_COUNT_SQL = 'select status, sum(requests) as n\nfrom edge_logs_hourly\ngroup by status\norder by n desc';
// The "Errors by path" template of @plinth/contracts-logs.
const TEMPLATE_SQL = 'select service, path, status, count(*) as requests\nfrom edge_logs\nwhere status >= 400\ngroup by service, path, status\norder by requests desc';

const h = await createTestHarness();
try {
  const { user, project, org } = await h.userWithProject();
  const ref = project.ref;
  const store = h.app.logStore;
  const db = store.db;
  console.log(`log queries at scale — ${h.mode} database, ${rows.toLocaleString('en')} calls over 7 days (shared machine: 2 cores, other work running)`);

  // Load: each day's share of the rows straight into its partition.
  const now = Date.now();
  const start = now - 7 * DAY_MS;
  const days: string[] = [];
  for (let t = Date.parse(new Date(start).toISOString().slice(0, 10)); t <= now; t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
  await store.partitions.ensure(days);
  // The log table's indexes are made after the load (faster than row by row).
  const indexes = (await db.query<{ name: string; definition: string }>(`select indexname as name, indexdef as definition from pg_indexes where tablename = 'project_api_logs'`)).rows;
  for (const index of indexes) await db.query(`drop index ${index.name}`);
  const loadStart = performance.now();
  let loaded = 0;
  for (const day of days) {
    const from = Math.max(Date.parse(`${day}T00:00:00Z`), start);
    const to = Math.min(Date.parse(`${day}T00:00:00Z`) + DAY_MS, now);
    const share = day === days[days.length - 1] ? rows - loaded : Math.round((rows * (to - from)) / (now - start));
    // In time order, as calls arrive; a chunk's rows cover its share of the day.
    for (let done = 0; done < share; done += CHUNK) {
      const n = Math.min(CHUNK, share - done);
      const chunkFrom = from + ((to - from) * done) / share;
      const chunkTo = from + ((to - from) * (done + n)) / share;
      await db.query(
        `insert into project_api_logs_p${day.replaceAll('-', '')} (at, project_ref, service, method, path, search, status, latency_ms, role, bytes_out)
         select $2::timestamptz + (i - 1 + random()) / $4::int * ($3::timestamptz - $2::timestamptz), $1, (array['rest','auth','storage'])[1 + i % 3], 'GET', '/path_' || (i % 40), '',
           (array[200,200,200,201,204,400,404,500])[1 + i % 8], random() * 200, 'anon', 1000
         from generate_series(1, $4::int) as i`,
        [ref, new Date(chunkFrom).toISOString(), new Date(chunkTo).toISOString(), n],
      );
    }
    loaded += share;
  }
  for (const index of indexes) await db.query(index.definition);
  await db.query(
    `insert into project_api_logs_hourly (project_ref, hour, service, status, requests, errors, latency_ms_sum, bytes_out)
     select project_ref, date_trunc('hour', at), service, status, count(*), count(*) filter (where status >= 400), sum(latency_ms), sum(bytes_out)
       from project_api_logs where project_ref = $1 and path like '/path\\_%' group by 1, 2, 3, 4
     on conflict (project_ref, hour, service, status) do update set requests = project_api_logs_hourly.requests + excluded.requests,
       errors = project_api_logs_hourly.errors + excluded.errors, latency_ms_sum = project_api_logs_hourly.latency_ms_sum + excluded.latency_ms_sum,
       bytes_out = project_api_logs_hourly.bytes_out + excluded.bytes_out`,
    [ref],
  );
  await db.query('vacuum analyze project_api_logs');
  await db.query('vacuum analyze project_api_logs_hourly');
  console.log(`  loaded ${loaded.toLocaleString('en')} calls in ${((performance.now() - loadStart) / 1000).toFixed(1)} s (indexes made after, hourly counts added up, vacuum analyze)`);
  // Seven days of retention and more: the Team plan.
  await h.internals.control.query("update organizations set plan = 'team' where slug = $1", [org.slug]);

  const runLogQuery = async (sql: string, rangeMs: number) => {
    const res = await user.fetch(`/api/platform/projects/${ref}/analytics/endpoints/logs.all`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': user.jar.get('plinth_csrf') ?? '' },
      body: JSON.stringify({ sql, iso_timestamp_start: new Date(Date.now() - rangeMs).toISOString() }),
    });
    if (res.status !== 200) throw new Error(`logs.all answered ${res.status}: ${await res.text()}`);
    await res.json();
  };
  const time = async (name: string, sql: string, rangeMs: number, target: number) => {
    const ms: number[] = [];
    await runLogQuery(sql, rangeMs).catch(() => undefined); // once to warm the reader's connection and the cache
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      try {
        await runLogQuery(sql, rangeMs);
      } catch (err) {
        console.log(`    ${name}: failed after ${(performance.now() - t).toFixed(0)} ms: ${err instanceof Error ? err.message.slice(0, 200) : String(err)}`);
        return;
      }
      ms.push(performance.now() - t);
    }
    ms.sort((a, b) => a - b);
    const p50 = ms[Math.floor(ms.length / 2)]!;
    const p95 = ms[Math.min(ms.length - 1, Math.ceil(ms.length * 0.95) - 1)]!;
    console.log(`    ${name}: p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (target ${target} ms: ${p50 < target ? 'met' : 'MISSED'})`);
  };
  // EXPLAIN=1: each query's plan as it ran (read as the platform, which owns the views), once per measure.
  const explain = async (sql: string, rangeMs: number) => {
    await db.transaction(async (tx) => {
      await tx.query(`select set_config('plinth_logs.range_start', $1, true), set_config('plinth_logs.range_end', $2, true)`, [new Date(Date.now() - rangeMs).toISOString(), new Date().toISOString()]);
      await tx.query(`set local search_path = logs_${ref}`);
      const plan = await tx.query<Record<string, string>>(`explain (analyze, costs off, timing off, summary on) select * from (\n${sql}\n) as log_query limit 101`);
      console.log(plan.rows.map((r) => `      ${Object.values(r)[0]}`).join('\n'));
    });
  };
  const measure = async (label: string) => {
    console.log(`  ${label}`);
    await time('explorer default, last hour', DEFAULT_SQL, HOUR_MS, 200);
    await time('count by status, 7 days, counting the calls (edge_logs)', COUNT_SQL, 7 * DAY_MS, 2000);
    await time('count by status, 7 days, adding up the hourly counts (edge_logs_hourly)', HOURLY_COUNT_SQL, 7 * DAY_MS, 2000);
    await time('errors by path template, 1 day', TEMPLATE_SQL, DAY_MS, 1000);
    // (after the runs: the first run made the project's log schema)
    if (process.env.EXPLAIN) {
      await explain(DEFAULT_SQL, HOUR_MS);
      await explain(COUNT_SQL, 7 * DAY_MS);
      await explain(HOURLY_COUNT_SQL, 7 * DAY_MS);
      await explain(TEMPLATE_SQL, DAY_MS);
    }
  };

  await measure('through logs.all');
  // TRY: statements of a change to weigh (separated by ";"), applied to the log store and measured again.
  if (process.env.TRY) {
    const t = performance.now();
    for (const statement of process.env.TRY.split(';').map((s) => s.trim()).filter(Boolean)) await db.query(statement);
    await db.query('vacuum analyze project_api_logs');
    console.log(`  TRY applied in ${((performance.now() - t) / 1000).toFixed(1)} s: ${process.env.TRY}`);
    await measure('after TRY');
  }
} finally {
  await h.close();
}
