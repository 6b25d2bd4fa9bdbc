import * as z from '@plinth/shared-contracts/zod';
import type { Http } from '@plinth/shared-contracts';

// SQL over a project's logs (issue 23): each source of the catalogue is a table the query reads
// (`edge_logs`, `auth_logs`...), only over the project's rows and the chosen time range, which
// the plan's retention bounds (001 §9). Saved queries (per project, shared with the team),
// recent queries (kept per user) and the templates we write per source.

export const LOG_SQL_MAX_LENGTH = 20_000;
export const LOG_QUERY_ROWS_DEFAULT = 100;
export const LOG_QUERY_ROWS_MAX = 1000;
/** A log query is stopped after this long. */
export const LOG_QUERY_TIMEOUT_MS = 10_000;
/** Recent queries kept per user and project; older ones are forgotten. */
export const RECENT_LOG_QUERIES_KEPT = 50;

const isoTime = (name: string) => z.iso.datetime({ offset: true, error: `${name} must be an ISO 8601 time` });

/** GET .../analytics/log-sources: the tables a log query reads, with their columns. */
export const LogSourcesAnswerSchema = z.object({
  sources: z.array(
    z.object({
      name: z.string(),
      reference: z.string(),
      /** The menu's source id (000 §2.7) when the source has a page of its own. */
      source_id: z.nullable(z.string()),
      /** What a row is, where the name does not say it all (since 1.4.0). */
      description: z.optional(z.string()),
      fields: z.array(
        z.object({
          path: z.string(),
          type: z.enum(['string', 'number', 'datetime', 'boolean', 'object']),
          /** What the column holds, where its name does not say it all (since 1.4.0). */
          description: z.optional(z.string()),
        }),
      ),
    }),
  ),
  retention_days: z.number(),
});
export type LogSourcesAnswer = z.infer<typeof LogSourcesAnswerSchema>;

/** POST .../analytics/endpoints/logs.all: one SELECT over the sources, within a time range. */
export const LogSqlQuerySchema = z.object({
  sql: z.string().check(z.trim(), z.minLength(1, 'sql must not be empty'), z.maxLength(LOG_SQL_MAX_LENGTH, `sql must be at most ${LOG_SQL_MAX_LENGTH} characters`)),
  /** Default: the last hour. The plan's retention bounds the start. */
  iso_timestamp_start: z.optional(isoTime('iso_timestamp_start')),
  /** Default: now. */
  iso_timestamp_end: z.optional(isoTime('iso_timestamp_end')),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(LOG_QUERY_ROWS_MAX)), LOG_QUERY_ROWS_DEFAULT),
});
export interface LogSqlQuery {
  sql: string;
  iso_timestamp_start?: string;
  iso_timestamp_end?: string;
  limit?: number;
}

export const LogSqlResultSchema = z.object({
  result: z.array(z.record(z.string(), z.unknown())),
  columns: z.array(z.object({ name: z.string(), type: z.string() })),
  /** More rows matched than `limit`: only the first `limit` are answered. */
  truncated: z.boolean(),
  limit: z.number(),
  /** The range the query ran over (the start may be later than asked: the plan's retention). */
  from: z.string(),
  to: z.string(),
  retention_days: z.number(),
});
export type LogSqlResult = z.infer<typeof LogSqlResultSchema>;

export const SavedLogQuerySchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  sql: z.string(),
  created_by: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedLogQuery = z.infer<typeof SavedLogQuerySchema>;

const SavedName = z.string().check(z.trim(), z.minLength(1, 'Please enter a query name'), z.maxLength(100, 'name must be at most 100 characters'));
const SavedDescription = z.string().check(z.maxLength(1000, 'description must be at most 1000 characters'));
const SavedSql = z.string().check(z.trim(), z.minLength(1, 'sql must not be empty'), z.maxLength(LOG_SQL_MAX_LENGTH, `sql must be at most ${LOG_SQL_MAX_LENGTH} characters`));
export const SavedLogQueryCreateSchema = z.object({ name: SavedName, description: z._default(SavedDescription, ''), sql: SavedSql });
export interface SavedLogQueryCreate {
  name: string;
  description?: string;
  sql: string;
}
/** @deprecated It gives a description left out its default (''): validate an edit with SavedLogQueryEditSchema. */
export const SavedLogQueryUpdateSchema = z.partial(SavedLogQueryCreateSchema);
/** An edit of a saved query: each field left out keeps its value (a description left out is not blanked). */
export const SavedLogQueryEditSchema = z.object({ name: z.optional(SavedName), description: z.optional(SavedDescription), sql: z.optional(SavedSql) });
export type SavedLogQueryUpdate = Partial<SavedLogQueryCreate>;
export const SavedLogQueryListSchema = z.object({ queries: z.array(SavedLogQuerySchema) });

export const RecentLogQuerySchema = z.object({
  id: z.number(),
  sql: z.string(),
  iso_timestamp_start: z.string(),
  iso_timestamp_end: z.string(),
  ran_at: z.string(),
  /** Rows answered, or null when the query failed. */
  rows: z.nullable(z.number()),
  error: z.nullable(z.string()),
});
export type RecentLogQuery = z.infer<typeof RecentLogQuerySchema>;
export const RecentLogQueryListSchema = z.object({ queries: z.array(RecentLogQuerySchema) });

export const LogQueryTemplateSchema = z.object({ id: z.string(), source: z.string(), name: z.string(), description: z.string(), sql: z.string() });
export type LogQueryTemplate = z.infer<typeof LogQueryTemplateSchema>;
export const LogQueryTemplateListSchema = z.object({ templates: z.array(LogQueryTemplateSchema) });

/** The templates we write per source, each one click from running. */
export const LOG_QUERY_TEMPLATES: readonly LogQueryTemplate[] = [
  {
    id: 'errors-by-path',
    source: 'edge_logs',
    name: 'Errors by path',
    description: 'Failing calls (4xx and 5xx) grouped by service, path and status, most first',
    sql: 'select service, path, status, count(*) as requests\nfrom edge_logs\nwhere status >= 400\ngroup by service, path, status\norder by requests desc',
  },
  {
    id: 'slowest-requests',
    source: 'edge_logs',
    name: 'Slowest requests',
    description: 'The slowest calls of the range with their path and status',
    sql: 'select timestamp, service, method, path, status, latency_ms\nfrom edge_logs\norder by latency_ms desc',
  },
  {
    id: 'latency-percentiles-by-path',
    source: 'edge_logs',
    name: 'Latency percentiles by path',
    description: 'p50, p95 and p99 latency of each path',
    sql: "select service, path, count(*) as requests,\n  percentile_cont(0.5) within group (order by latency_ms) as p50_ms,\n  percentile_cont(0.95) within group (order by latency_ms) as p95_ms,\n  percentile_cont(0.99) within group (order by latency_ms) as p99_ms\nfrom edge_logs\ngroup by service, path\norder by p95_ms desc",
  },
  {
    id: 'server-errors-over-time',
    source: 'edge_logs',
    name: '5xx rate over time',
    description: 'Calls and the share answered with a 5xx, per minute',
    sql: "select date_trunc('minute', timestamp) as minute, count(*) as requests,\n  round(100.0 * count(*) filter (where status >= 500) / count(*), 2) as error_rate_pct\nfrom edge_logs\ngroup by minute\norder by minute",
  },
  {
    id: 'failed-sign-ins-by-user',
    source: 'auth_logs',
    name: 'Failed sign-ins',
    description: 'Refused password sign-ins per minute and user',
    sql: "select date_trunc('minute', timestamp) as minute, user_id, count(*) as failures\nfrom auth_logs\nwhere action = 'login_failed'\ngroup by minute, user_id\norder by minute desc",
  },
  {
    id: 'auth-events',
    source: 'auth_logs',
    name: 'Auth events',
    description: 'Sign-ups, sign-ins, token refreshes, MFA events and e-mails sent, by kind',
    sql: 'select action, count(*) as events\nfrom auth_logs\nwhere action is not null\ngroup by action\norder by events desc',
  },
  {
    id: 'storage-egress-by-bucket',
    source: 'storage_logs',
    name: 'Storage egress by bucket',
    description: 'Bytes answered (and received) per bucket and operation',
    sql: 'select bucket_id, operation, count(*) as requests, sum(bytes_out) as bytes_out, sum(bytes_in) as bytes_in\nfrom storage_logs\ngroup by bucket_id, operation\norder by bytes_out desc',
  },
  {
    id: 'data-api-errors',
    source: 'postgrest_logs',
    name: 'Data API errors by code',
    description: 'Failing data API calls grouped by their PGRST or SQLSTATE code and path',
    sql: 'select error_code, path, count(*) as requests\nfrom postgrest_logs\nwhere error_code is not null\ngroup by error_code, path\norder by requests desc',
  },
  {
    id: 'statement-errors',
    source: 'postgres_logs',
    name: 'Statement errors',
    description: 'Statements that failed, by SQLSTATE code',
    sql: "select sql_state_code, event_message, count(*) as errors\nfrom postgres_logs\nwhere error_severity = 'ERROR'\ngroup by sql_state_code, event_message\norder by errors desc",
  },
  {
    id: 'slow-statements',
    source: 'postgres_logs',
    name: 'Statements over 1 s',
    description: 'Statements that ran for more than a second, slowest first',
    sql: 'select timestamp, duration_ms, user_name, origin, query\nfrom postgres_logs\nwhere duration_ms > 1000\norder by duration_ms desc',
  },
];

/** The calls of the logs explorer: sources, SQL over the logs, saved and recent queries, templates. */
export function createLogQueriesClient(http: Http) {
  const analytics = (ref: string) => `/platform/projects/${encodeURIComponent(ref)}/analytics`;
  const saved = (ref: string, id: number) => `${analytics(ref)}/saved-queries/${encodeURIComponent(String(id))}`;
  return {
    /** The tables a log query reads, with their columns (the explorer's completion), and the plan's retention. */
    listLogSources: (ref: string) => http('GET', `${analytics(ref)}/log-sources`, { schema: LogSourcesAnswerSchema }),
    /** Runs one SELECT over the project's logs within a time range (kept as one of the caller's recent queries). */
    runLogQuery: (ref: string, body: LogSqlQuery) => http('POST', `${analytics(ref)}/endpoints/logs.all`, { body, schema: LogSqlResultSchema }),
    listSavedLogQueries: (ref: string) => http('GET', `${analytics(ref)}/saved-queries`, { schema: SavedLogQueryListSchema }),
    createSavedLogQuery: (ref: string, body: SavedLogQueryCreate) => http('POST', `${analytics(ref)}/saved-queries`, { body, schema: SavedLogQuerySchema }),
    updateSavedLogQuery: (ref: string, id: number, body: SavedLogQueryUpdate) => http('PATCH', saved(ref, id), { body, schema: SavedLogQuerySchema }),
    /** Deletes it for the whole team; answers the query deleted. */
    deleteSavedLogQuery: (ref: string, id: number) => http('DELETE', saved(ref, id), { schema: SavedLogQuerySchema }),
    /** The caller's own recent log queries in this project, newest first. */
    listRecentLogQueries: (ref: string) => http('GET', `${analytics(ref)}/recent-queries`, { schema: RecentLogQueryListSchema }),
    listLogQueryTemplates: (ref: string) => http('GET', `${analytics(ref)}/templates`, { schema: LogQueryTemplateListSchema }),
  };
}
export type LogQueriesClient = ReturnType<typeof createLogQueriesClient>;

/** The explorer's React Query keys (taken through `areaQueryKeys` like `logsQueryKeys`). */
export const logQueryKeys = {
  logSources: (ref: string) => ['projects', ref, 'analytics', 'log-sources'] as const,
  logQuery: (ref: string, sql: string, start: string | null, end: string | null) => ['projects', ref, 'analytics', 'logs.all', sql, start, end] as const,
  savedLogQueries: (ref: string) => ['projects', ref, 'analytics', 'saved-queries'] as const,
  recentLogQueries: (ref: string) => ['projects', ref, 'analytics', 'recent-queries'] as const,
  logQueryTemplates: (ref: string) => ['projects', ref, 'analytics', 'templates'] as const,
};
