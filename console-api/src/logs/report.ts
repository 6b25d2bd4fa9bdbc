import type { ApiReport, ApiReportQuery, ReportWindow } from '@plinth/contracts-logs';
import type { ControlDatabase } from '@plinth/platform-core/deps';

// The API report: what a project's app endpoints answered over a window, counted from the request
// log (never past the plan's retention). Each part is one grouped query over the window's rows.

const HOUR_MS = 3600_000;
const WINDOWS: Record<ReportWindow, { ms: number; bucketSeconds: number }> = {
  '1h': { ms: HOUR_MS, bucketSeconds: 60 },
  '24h': { ms: 24 * HOUR_MS, bucketSeconds: 3600 },
  '7d': { ms: 7 * 24 * HOUR_MS, bucketSeconds: 6 * 3600 },
};
const TOP = 10;
const n = (v: unknown) => Number(v ?? 0);

export async function readApiReport(db: ControlDatabase, ref: string, retentionDays: number, query: ApiReportQuery, nowMs = Date.now()): Promise<ApiReport> {
  const window = query.window ?? '24h';
  const { ms, bucketSeconds } = WINDOWS[window];
  const bucketMs = bucketSeconds * 1000;
  const to = nowMs;
  const from = Math.max(nowMs - ms, nowMs - retentionDays * 24 * HOUR_MS);
  const params: unknown[] = [ref, new Date(from).toISOString(), new Date(to).toISOString()];
  // The apps' calls: the console API's own calls about the project (service console) are not part of the API report.
  let where = `project_ref = $1 and at >= $2 and at <= $3 and service in ('auth', 'rest', 'storage')`;
  if (query.service) {
    params.push(query.service);
    where += ` and service = $${params.length}`;
  }
  const q = <T extends Record<string, unknown>>(sql: string, extra: unknown[] = []) => db.query<T>(sql, [...params, ...extra]).then((r) => r.rows);
  const b = params.length + 1;
  const [totals, overTime, byStatus, byService, byOperation, errors, slowest] = await Promise.all([
    q<{ requests: number; errors: number; bytes_out: number; avg: number | null; p95: number | null }>(
      `select count(*)::float8 as requests, count(*) filter (where status >= 400)::float8 as errors, coalesce(sum(bytes_out), 0)::float8 as bytes_out,
              avg(latency_ms)::float8 as avg, percentile_cont(0.95) within group (order by latency_ms)::float8 as p95
         from project_api_logs where ${where}`,
    ),
    q<{ bucket: number; requests: number; errors: number }>(
      `select floor(extract(epoch from at) / $${b})::float8 as bucket, count(*)::float8 as requests, count(*) filter (where status >= 400)::float8 as errors
         from project_api_logs where ${where} group by 1`,
      [bucketSeconds],
    ),
    q<{ status_class: string; requests: number }>(
      `select (status / 100)::text || 'xx' as status_class, count(*)::float8 as requests from project_api_logs where ${where} group by 1 order by 2 desc, 1`,
    ),
    q<{ service: string; requests: number; errors: number }>(
      `select service, count(*)::float8 as requests, count(*) filter (where status >= 400)::float8 as errors from project_api_logs where ${where} group by 1 order by 2 desc, 1`,
    ),
    q<{ operation: string; requests: number; bytes_out: number }>(
      `select storage_operation as operation, count(*)::float8 as requests, coalesce(sum(bytes_out), 0)::float8 as bytes_out
         from project_api_logs where ${where} and storage_operation is not null group by 1 order by 2 desc, 1`,
    ),
    q<{ status: number; service: string; method: string; path: string; requests: number }>(
      `select status, service, method, path, count(*)::float8 as requests from project_api_logs where ${where} and status >= 400
         group by 1, 2, 3, 4 order by 5 desc, 1, 4 limit ${TOP}`,
    ),
    q<{ service: string; method: string; path: string; requests: number; avg: number; max: number }>(
      `select service, method, path, count(*)::float8 as requests, avg(latency_ms)::float8 as avg, max(latency_ms)::float8 as max
         from project_api_logs where ${where} group by 1, 2, 3 order by 5 desc, 3 limit ${TOP}`,
    ),
  ]);
  const t = totals[0];
  const counted = new Map(overTime.map((row) => [n(row.bucket) * bucketMs, row]));
  const buckets: ApiReport['over_time'] = [];
  for (let start = Math.floor(from / bucketMs) * bucketMs; start <= to; start += bucketMs) {
    const row = counted.get(start);
    buckets.push({ start: new Date(start).toISOString(), requests: n(row?.requests), errors: n(row?.errors) });
  }
  return {
    window,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    retention_days: retentionDays,
    bucket_seconds: bucketSeconds,
    totals: {
      requests: n(t?.requests),
      errors: n(t?.errors),
      bytes_out: n(t?.bytes_out),
      avg_latency_ms: t?.avg == null ? null : Number(t.avg),
      p95_latency_ms: t?.p95 == null ? null : Number(t.p95),
    },
    over_time: buckets,
    by_status: byStatus.map((r) => ({ status_class: r.status_class, requests: n(r.requests) })),
    by_service: byService.map((r) => ({ service: r.service, requests: n(r.requests), errors: n(r.errors) })),
    by_operation: byOperation.map((r) => ({ operation: r.operation, requests: n(r.requests), bytes_out: n(r.bytes_out) })),
    top_errors: errors.map((r) => ({ status: n(r.status), service: r.service, method: r.method, path: r.path, requests: n(r.requests) })),
    slowest: slowest.map((r) => ({ service: r.service, method: r.method, path: r.path, requests: n(r.requests), avg_latency_ms: n(r.avg), max_latency_ms: n(r.max) })),
  };
}
