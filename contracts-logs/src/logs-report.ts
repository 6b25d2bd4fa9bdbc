import * as z from '@plinth/shared-contracts/zod';

// The API report of Reports (000 §2.1 reports/api-overview, reports/storage): what the project's
// app endpoints answered over a time window, read from the request log. Every figure is counted
// from logged calls; nothing is estimated.

const REPORT_SERVICES = ['auth', 'rest', 'storage'] as const;

export const REPORT_WINDOWS = ['1h', '24h', '7d'] as const;
export type ReportWindow = (typeof REPORT_WINDOWS)[number];
export const REPORT_WINDOW_LABELS: Record<ReportWindow, string> = { '1h': 'Last hour', '24h': 'Last 24 hours', '7d': 'Last 7 days' };

export const ApiReportQuerySchema = z.object({
  window: z._default(z.enum(REPORT_WINDOWS, { error: 'window must be 1h, 24h or 7d' }), '24h'),
  service: z.optional(z.enum(REPORT_SERVICES, { error: 'service must be auth, rest or storage' })),
});
export interface ApiReportQuery {
  window?: ReportWindow;
  service?: (typeof REPORT_SERVICES)[number];
}

const Count = z.number();
export const ApiReportSchema = z.object({
  window: z.enum(REPORT_WINDOWS),
  /** The window's start: the plan's retention may start it later than asked. */
  from: z.string(),
  to: z.string(),
  retention_days: z.number(),
  /** Width of each `over_time` bucket. */
  bucket_seconds: z.number(),
  totals: z.object({ requests: Count, errors: Count, bytes_out: Count, avg_latency_ms: z.nullable(z.number()), p95_latency_ms: z.nullable(z.number()) }),
  /** Every bucket of the window, oldest first, empty ones included. */
  over_time: z.array(z.object({ start: z.string(), requests: Count, errors: Count })),
  /** 2xx, 3xx, 4xx, 5xx, most first. */
  by_status: z.array(z.object({ status_class: z.string(), requests: Count })),
  by_service: z.array(z.object({ service: z.string(), requests: Count, errors: Count })),
  /** Storage operations (upload, download, list...), most first. */
  by_operation: z.array(z.object({ operation: z.string(), requests: Count, bytes_out: Count })),
  /** Failing calls grouped by status, method and path, most first (10 at most). */
  top_errors: z.array(z.object({ status: z.number(), service: z.string(), method: z.string(), path: z.string(), requests: Count })),
  /** Paths by their slowest average answer (10 at most). */
  slowest: z.array(z.object({ service: z.string(), method: z.string(), path: z.string(), requests: Count, avg_latency_ms: z.number(), max_latency_ms: z.number() })),
});
export type ApiReport = z.infer<typeof ApiReportSchema>;

