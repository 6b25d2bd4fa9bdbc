import * as z from '@plinth/shared-contracts/zod';
import type { Http } from '@plinth/shared-contracts';
import { ApiReportSchema, type ApiReportQuery } from './logs-report';

// The request log of a project's app endpoints (/auth/v1, /rest/v1, /storage/v1): one entry per
// answered call, newest first, kept as long as the organization's plan retains logs (001 §9).

export const LOG_SERVICES = ['auth', 'rest', 'storage'] as const;
export type LogService = (typeof LOG_SERVICES)[number];
export const LOG_PAGE_MAX = 1000;
export const LOG_PAGE_DEFAULT = 100;

/** `status`: one code (404), a class (4xx) or `error` (every 4xx and 5xx). */
export const LOG_STATUS_PATTERN = /^([1-5]xx|[1-5][0-9][0-9]|error)$/;

export const ProjectLogQuerySchema = z.object({
  service: z.optional(z.enum(LOG_SERVICES)),
  status: z.optional(z.string().check(z.regex(LOG_STATUS_PATTERN, 'status must be a code such as 404, a class such as 4xx, or error'))),
  /** Part of the path, query, user id, auth event, object name or error message. */
  search: z.optional(z.string().check(z.maxLength(200))),
  /** ISO 8601 times, named as the established platform's logs endpoint names them; the plan's retention bounds the start. */
  iso_timestamp_start: z.optional(z.iso.datetime({ offset: true, error: 'iso_timestamp_start must be an ISO 8601 time' })),
  iso_timestamp_end: z.optional(z.iso.datetime({ offset: true, error: 'iso_timestamp_end must be an ISO 8601 time' })),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(LOG_PAGE_MAX)), LOG_PAGE_DEFAULT),
  /** The `next_cursor` of the page before. */
  before: z.optional(z.string().check(z.regex(/^\d{1,16}\.\d{1,18}$/, 'before must be a cursor answered by the previous page'))),
});
export interface ProjectLogQuery {
  service?: LogService;
  status?: string;
  search?: string;
  iso_timestamp_start?: string;
  iso_timestamp_end?: string;
  limit?: number;
  before?: string;
}

export const ProjectLogEntrySchema = z.object({
  id: z.string(),
  timestamp: z.string(),
  service: z.string(),
  method: z.string(),
  /** Below the service, e.g. /token or /todos. */
  path: z.string(),
  /** The query string; values of credentials read [redacted]. */
  search: z.string(),
  status: z.number(),
  latency_ms: z.number(),
  role: z.nullable(z.string()),
  user_id: z.nullable(z.string()),
  bytes_out: z.number(),
  /** Auth events: user_signedup, login, login_failed, token_refreshed, logout, user_recovery_requested... */
  event: z.nullable(z.string()),
  storage: z.nullable(z.object({ operation: z.string(), bucket_id: z.nullable(z.string()), object_name: z.nullable(z.string()) })),
  error: z.nullable(z.object({ code: z.string(), message: z.nullable(z.string()) })),
});
export type ProjectLogEntry = z.infer<typeof ProjectLogEntrySchema>;

export const ProjectLogPageSchema = z.object({
  entries: z.array(ProjectLogEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  next_cursor: z.nullable(z.string()),
  /** Days of logs the project's plan keeps. */
  retention_days: z.number(),
});
export type ProjectLogPage = z.infer<typeof ProjectLogPageSchema>;

export function createLogsClient(http: Http) {
  return {
    listProjectLogs: (ref: string, query: ProjectLogQuery = {}) =>
      http('GET', `/platform/projects/${encodeURIComponent(ref)}/logs`, { query: { ...query }, schema: ProjectLogPageSchema }),
    /** The API report: calls over a window by time, status, service and storage operation; errors and slowest paths. */
    getApiReport: (ref: string, query: ApiReportQuery = {}) =>
      http('GET', `/platform/projects/${encodeURIComponent(ref)}/logs/report`, { query: { ...query }, schema: ApiReportSchema }),
  };
}
export type LogsClient = ReturnType<typeof createLogsClient>;
