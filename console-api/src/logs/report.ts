import type { ApiRangeReport, ApiRangeReportQuery, ApiReport, ApiReportQuery, ReportWindow } from '@plinth/contracts-logs';
import { HttpError, type ControlDatabase } from '@plinth/platform-core/deps';

// The API report: what a project's app endpoints answered over a window or a chosen range, counted
// from the request log (never past the plan's retention). Each part is one grouped query over the
// range's rows.

const HOUR_MS = 3600_000;
const WINDOWS: Record<ReportWindow, { ms: number; bucketSeconds: number }> = {
  '1h': { ms: HOUR_MS, bucketSeconds: 60 },
  '24h': { ms: 24 * HOUR_MS, bucketSeconds: 3600 },
  '7d': { ms: 7 * 24 * HOUR_MS, bucketSeconds: 6 * 3600 },
};
/** Bucket widths a custom range may take: the smallest that keeps it within about 100 buckets. */
const CUSTOM_BUCKETS_S = [60, 5 * 60, 15 * 60, 30 * 60, 3600, 3 * 3600, 6 * 3600, 12 * 3600, 24 * 3600];
const MAX_CUSTOM_BUCKETS = 100;
const TOP = 10;
const n = (v: unknown) => Number(v ?? 0);
const msOrNull = (v: unknown) => (v == null ? null : Number(v));
const pct = (p: number) => `percentile_cont(${p}) within group (order by latency_ms)::float8`;

interface Range {
  from: number;
  to: number;
  bucketSeconds: number;
}

/** Every figure of the range (the window's report and the range report's additions). */
async function countRange(db: ControlDatabase, ref: string, range: Range, service: ApiReportQuery['service']) {
  const { from, to, bucketSeconds } = range;
  const bucketMs = bucketSeconds * 1000;
  const params: unknown[] = [ref, new Date(from).toISOString(), new Date(to).toISOString()];
  // The apps' calls: the console API's own calls about the project (service console) are not part of the API report.
  let where = `project_ref = $1 and at >= $2 and at <= $3 and service in ('auth', 'rest', 'storage')`;
  if (service) {
    params.push(service);
    where += ` and service = $${params.length}`;
  }
  const q = <T extends Record<string, unknown>>(sql: string, extra: unknown[] = []) => db.query<T>(sql, [...params, ...extra]).then((r) => r.rows);
  const b = params.length + 1;
  const [totals, overTime, byStatus, byService, byOperation, errors, slowest, topPaths, errorPaths, cache] = await Promise.all([
    q<{ requests: number; errors: number; bytes_out: number; avg: number | null; p50: number | null; p95: number | null; p99: number | null }>(
      `select count(*)::float8 as requests, count(*) filter (where status >= 400)::float8 as errors, coalesce(sum(bytes_out), 0)::float8 as bytes_out,
              avg(latency_ms)::float8 as avg, ${pct(0.5)} as p50, ${pct(0.95)} as p95, ${pct(0.99)} as p99
         from project_api_logs where ${where}`,
    ),
    q<{ bucket: number; requests: number; errors: number; bytes_out: number; p50: number | null; p95: number | null; p99: number | null }>(
      `select floor(extract(epoch from at) / $${b})::float8 as bucket, count(*)::float8 as requests, count(*) filter (where status >= 400)::float8 as errors,
              coalesce(sum(bytes_out), 0)::float8 as bytes_out, ${pct(0.5)} as p50, ${pct(0.95)} as p95, ${pct(0.99)} as p99
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
    q<{ service: string; method: string; path: string; requests: number; errors: number; p95: number }>(
      `select service, method, path, count(*)::float8 as requests, count(*) filter (where status >= 400)::float8 as errors, ${pct(0.95)} as p95
         from project_api_logs where ${where} group by 1, 2, 3 order by 4 desc, 3, 2 limit ${TOP}`,
    ),
    q<{ service: string; method: string; path: string; errors: number; requests: number; statuses: number[] | null }>(
      `select service, method, path, count(*) filter (where status >= 400)::float8 as errors, count(*)::float8 as requests,
              array_agg(distinct status order by status) filter (where status >= 400) as statuses
         from project_api_logs where ${where} group by 1, 2, 3 having count(*) filter (where status >= 400) > 0 order by 4 desc, 3, 2 limit ${TOP}`,
    ),
    // Cacheable reads: object downloads and image transformations; answered 304, the app's copy was still good.
    q<{ cacheable: number; hits: number }>(
      `select count(*)::float8 as cacheable, count(*) filter (where status = 304)::float8 as hits
         from project_api_logs where ${where} and service = 'storage' and storage_operation in ('download', 'transform') and method in ('GET', 'HEAD')`,
    ),
  ]);
  const t = totals[0];
  const counted = new Map(overTime.map((row) => [n(row.bucket) * bucketMs, row]));
  const buckets: ApiRangeReport['over_time'] = [];
  for (let start = Math.floor(from / bucketMs) * bucketMs; start <= to; start += bucketMs) {
    const row = counted.get(start);
    buckets.push({ start: new Date(start).toISOString(), requests: n(row?.requests), errors: n(row?.errors), bytes_out: n(row?.bytes_out), p50_ms: msOrNull(row?.p50), p95_ms: msOrNull(row?.p95), p99_ms: msOrNull(row?.p99) });
  }
  const cacheable = n(cache[0]?.cacheable);
  const hits = n(cache[0]?.hits);
  return {
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    bucket_seconds: bucketSeconds,
    totals: {
      requests: n(t?.requests),
      errors: n(t?.errors),
      bytes_out: n(t?.bytes_out),
      avg_latency_ms: msOrNull(t?.avg),
      p50_latency_ms: msOrNull(t?.p50),
      p95_latency_ms: msOrNull(t?.p95),
      p99_latency_ms: msOrNull(t?.p99),
    },
    over_time: buckets,
    by_status: byStatus.map((r) => ({ status_class: r.status_class, requests: n(r.requests) })),
    by_service: byService.map((r) => ({ service: r.service, requests: n(r.requests), errors: n(r.errors) })),
    by_operation: byOperation.map((r) => ({ operation: r.operation, requests: n(r.requests), bytes_out: n(r.bytes_out) })),
    top_errors: errors.map((r) => ({ status: n(r.status), service: r.service, method: r.method, path: r.path, requests: n(r.requests) })),
    slowest: slowest.map((r) => ({ service: r.service, method: r.method, path: r.path, requests: n(r.requests), avg_latency_ms: n(r.avg), max_latency_ms: n(r.max) })),
    top_paths: topPaths.map((r) => ({ service: r.service, method: r.method, path: r.path, requests: n(r.requests), errors: n(r.errors), p95_latency_ms: n(r.p95) })),
    error_paths: errorPaths.map((r) => ({ service: r.service, method: r.method, path: r.path, errors: n(r.errors), requests: n(r.requests), statuses: (r.statuses ?? []).map(Number) })),
    cache: { basis: 'storage_not_modified' as const, cacheable, hits, hit_rate: cacheable ? hits / cacheable : null },
  };
}

/** A window counted back from now, its start moved up to the plan's retention. */
function windowRange(window: ReportWindow, retentionDays: number, nowMs: number): Range {
  const { ms, bucketSeconds } = WINDOWS[window];
  return { from: Math.max(nowMs - ms, nowMs - retentionDays * 24 * HOUR_MS), to: nowMs, bucketSeconds };
}

/** The API report over a window (`GET /platform/projects/{ref}/logs/report`). */
export async function readApiReport(db: ControlDatabase, ref: string, retentionDays: number, query: ApiReportQuery, nowMs = Date.now()): Promise<ApiReport> {
  const window = query.window ?? '24h';
  const r = await countRange(db, ref, windowRange(window, retentionDays, nowMs), query.service);
  return {
    window,
    from: r.from,
    to: r.to,
    retention_days: retentionDays,
    bucket_seconds: r.bucket_seconds,
    totals: { requests: r.totals.requests, errors: r.totals.errors, bytes_out: r.totals.bytes_out, avg_latency_ms: r.totals.avg_latency_ms, p95_latency_ms: r.totals.p95_latency_ms },
    over_time: r.over_time.map((b) => ({ start: b.start, requests: b.requests, errors: b.errors })),
    by_status: r.by_status,
    by_service: r.by_service,
    by_operation: r.by_operation,
    top_errors: r.top_errors,
    slowest: r.slowest,
  };
}

/**
 * The API report over a window or a custom range (`GET /platform/projects/{ref}/reports/api`): the
 * window report's figures, and per bucket the egress and the p50/p95/p99 latency, the most called
 * and the failing paths, and the storage reads answered 304 Not Modified. A custom range is moved
 * into the plan's retention and ends now at the latest; one wholly before the retention is a 400.
 */
export async function readApiRangeReport(db: ControlDatabase, ref: string, retentionDays: number, query: ApiRangeReportQuery, nowMs = Date.now()): Promise<ApiRangeReport> {
  let range: Range;
  if (query.start !== undefined && query.end !== undefined) {
    const from = Math.max(Date.parse(query.start), nowMs - retentionDays * 24 * HOUR_MS);
    const to = Math.min(Date.parse(query.end), nowMs);
    if (to <= from) {
      throw new HttpError(400, `The range ends before the oldest logs the plan keeps (${retentionDays} ${retentionDays === 1 ? 'day' : 'days'}) or starts after now`, 'range_outside_retention', 'end');
    }
    const bucketSeconds = CUSTOM_BUCKETS_S.find((s) => (to - from) / (s * 1000) <= MAX_CUSTOM_BUCKETS) ?? CUSTOM_BUCKETS_S[CUSTOM_BUCKETS_S.length - 1]!;
    range = { from, to, bucketSeconds };
  } else {
    range = windowRange(query.window ?? '24h', retentionDays, nowMs);
  }
  const r = await countRange(db, ref, range, query.service);
  return { window: query.start !== undefined ? 'custom' : (query.window ?? '24h'), retention_days: retentionDays, ...r };
}
