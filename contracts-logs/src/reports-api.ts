import * as z from '@plinth/shared-contracts/zod';
import type { Http } from '@plinth/shared-contracts';
import { ApiReportSchema, REPORT_WINDOWS, type ReportWindow } from './logs-report';
import { LogSqlQuerySchema } from './logs-sql';

// The API report over a chosen range (000 §2.1 reports/api-overview, reports/storage; issue 23):
// everything `ApiReportSchema` counts, plus latency percentiles (p50/p95/p99) and egress per time
// bucket, the busiest paths and the failing paths, and the share of cacheable storage reads the
// request log can show answered from a cache. The range is one of the windows or a custom start and
// end; the plan's retention moves a start before it forward (the answer's `from` says so).

const REPORT_SERVICES = ['auth', 'rest', 'storage'] as const;
/** A custom range's widest span (the longest plan retention). */
export const API_REPORT_MAX_RANGE_DAYS = 90;

const Iso = z.iso.datetime({ offset: true, error: 'must be an ISO date-time, e.g. 2026-11-28T10:00:00Z' });

export const ApiRangeReportQuerySchema = z
  .object({
    window: z._default(z.enum(REPORT_WINDOWS, { error: 'window must be 1h, 24h or 7d' }), '24h'),
    /** A custom range: both `start` and `end` (they replace `window`). */
    start: z.optional(Iso),
    end: z.optional(Iso),
    service: z.optional(z.enum(REPORT_SERVICES, { error: 'service must be auth, rest or storage' })),
  })
  .check(
    z.superRefine((q, ctx) => {
      if ((q.start === undefined) !== (q.end === undefined)) {
        ctx.issues.push({ code: 'custom', input: q, path: [q.start === undefined ? 'start' : 'end'], message: 'a custom range needs both start and end' });
      } else if (q.start !== undefined && q.end !== undefined) {
        const span = Date.parse(q.end) - Date.parse(q.start);
        if (!(span > 0)) ctx.issues.push({ code: 'custom', input: q, path: ['end'], message: 'end must be after start' });
        else if (span > API_REPORT_MAX_RANGE_DAYS * 86_400_000) ctx.issues.push({ code: 'custom', input: q, path: ['start'], message: `a range spans at most ${API_REPORT_MAX_RANGE_DAYS} days` });
      }
    }),
  );
export interface ApiRangeReportQuery {
  window?: ReportWindow;
  start?: string;
  end?: string;
  service?: (typeof REPORT_SERVICES)[number];
}

const Count = z.number();
const Ms = z.nullable(z.number());
const Call = { service: z.string(), method: z.string(), path: z.string() };

export const ApiRangeReportSchema = z.object({
  ...ApiReportSchema.shape,
  /** The window asked for, or `custom` for a start and end. */
  window: z.enum([...REPORT_WINDOWS, 'custom']),
  totals: z.object({
    requests: Count,
    errors: Count,
    bytes_out: Count,
    avg_latency_ms: Ms,
    p50_latency_ms: Ms,
    p95_latency_ms: Ms,
    p99_latency_ms: Ms,
  }),
  /** Every bucket of the range, oldest first, empty ones included (percentiles null without calls). */
  over_time: z.array(z.object({ start: z.string(), requests: Count, errors: Count, bytes_out: Count, p50_ms: Ms, p95_ms: Ms, p99_ms: Ms })),
  /** The most called paths, most first (10 at most), with their failures and 95th percentile. */
  top_paths: z.array(z.object({ ...Call, requests: Count, errors: Count, p95_latency_ms: z.number() })),
  /** Paths with failed calls (status 400 and over), most failures first (10 at most), with the statuses they answered. */
  error_paths: z.array(z.object({ ...Call, errors: Count, requests: Count, statuses: z.array(z.number()) })),
  /**
   * What the request log can say of caching: object downloads and image transformations (the
   * cacheable reads) and how many were answered 304 Not Modified (the app's cached copy was still
   * good). The image transformation cache's own hits are not in the request log, so they are not
   * counted. `hit_rate` is null without a cacheable read.
   */
  cache: z.object({ basis: z.literal('storage_not_modified'), cacheable: Count, hits: Count, hit_rate: z.nullable(z.number()) }),
});
export type ApiRangeReport = z.infer<typeof ApiRangeReportSchema>;

const Column = z.string().check(z.minLength(1, 'must name a column'), z.maxLength(63, 'must be at most 63 characters'));

/**
 * POST .../analytics/endpoints/logs.histogram: the explorer's histogram over a query's whole range.
 * The query's rows (all of them, not only the first `limit` the page shows) counted per bucket of
 * `time_column`, each row once or by `count_column` when the query already counted. The count runs
 * as the query does (read-only, this project's logs, the time-out) and is not kept in Recent.
 */
export const LogHistogramQuerySchema = z.object({
  sql: LogSqlQuerySchema.shape.sql,
  iso_timestamp_start: Iso,
  iso_timestamp_end: Iso,
  time_column: Column,
  count_column: z.optional(Column),
  bucket_seconds: z.coerce.number().check(z.int('bucket_seconds must be whole seconds'), z.gte(60, 'bucket_seconds must be at least 60'), z.lte(86_400, 'bucket_seconds must be at most 86400')),
});
export interface LogHistogramQuery {
  sql: string;
  iso_timestamp_start: string;
  iso_timestamp_end: string;
  time_column: string;
  count_column?: string;
  bucket_seconds: number;
}

export const LogHistogramSchema = z.object({
  /** The range counted (the start may be later than asked: the plan's retention). */
  from: z.string(),
  to: z.string(),
  bucket_seconds: z.number(),
  /** Buckets that counted something, oldest first (`start`: ISO time of the bucket's start). */
  buckets: z.array(z.object({ start: z.string(), value: z.number() })),
  total: z.number(),
});
export type LogHistogram = z.infer<typeof LogHistogramSchema>;

export function createApiReportsClient(http: Http) {
  return {
    /** The events of a log query's whole range per bucket (the explorer's histogram; not kept in Recent). */
    getLogHistogram: (ref: string, body: LogHistogramQuery) =>
      http('POST', `/platform/projects/${encodeURIComponent(ref)}/analytics/endpoints/logs.histogram`, { body, schema: LogHistogramSchema }),
    /** The API report over a window or a custom range: calls, latency percentiles and egress over time, top and failing paths, cache. */
    getApiRangeReport: (ref: string, query: ApiRangeReportQuery = {}) =>
      http('GET', `/platform/projects/${encodeURIComponent(ref)}/reports/api`, { query: { ...query }, schema: ApiRangeReportSchema }),
  };
}
export type ApiReportsClient = ReturnType<typeof createApiReportsClient>;

/** The API report's React Query keys (taken through `areaQueryKeys` like `logsQueryKeys`). */
export const apiReportQueryKeys = {
  apiRangeReport: (ref: string, range: string, service: string | undefined) => ['projects', ref, 'reports', 'api', range, service ?? 'all'] as const,
  logHistogram: (ref: string, sql: string, start: string, end: string, bucketSeconds: number) => ['projects', ref, 'analytics', 'histogram', sql, start, end, bucketSeconds] as const,
};
