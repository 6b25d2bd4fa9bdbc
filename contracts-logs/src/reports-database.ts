import * as z from '@plinth/shared-contracts/zod';
import type { Http } from '@plinth/shared-contracts';
import { REPORT_WINDOWS, type ReportWindow } from './logs-report';

// The Database and Query performance reports (000 §2.1 reports/database, reports/query-performance):
// figures read from the project database's own statistics (pg_database_size, pg_stat_database,
// pg_stat_user_tables, pg_stat_user_indexes), sampled on a schedule so that they have a history,
// and the project's statements with their calls and times: from pg_stat_statements when the
// Postgres server has it, otherwise from the platform's own statement log (the statements the
// data API and the SQL editor ran, timed where they ran).

const Window = z._default(z.enum(REPORT_WINDOWS, { error: 'window must be 1h, 24h or 7d' }), '24h');
const Count = z.number();
const Ms = z.number();

export const DatabaseReportQuerySchema = z.object({ window: Window });
export interface DatabaseReportQuery {
  window?: ReportWindow;
}

const Sample = z.object({
  at: z.string(),
  size_bytes: Count,
  connections: Count,
  /** Transactions committed and rolled back since the sample before (null on the first sample, or after a restart). */
  commits: z.nullable(Count),
  rollbacks: z.nullable(Count),
  /** Share of block reads answered from memory since the sample before, 0 to 1 (null without reads). */
  cache_hit_ratio: z.nullable(z.number()),
});

export const DatabaseReportSchema = z.object({
  window: z.enum(REPORT_WINDOWS),
  from: z.string(),
  to: z.string(),
  /** When the current figures were read from the database. */
  measured_at: z.string(),
  size_bytes: Count,
  connections: z.object({ open: Count, max: z.nullable(Count) }),
  /** Since the database's statistics began (`stats_reset`, or its start). */
  transactions: z.object({ commits: Count, rollbacks: Count, since: z.nullable(z.string()) }),
  /** Share of table and index block reads answered from memory, 0 to 1 (null before any read). */
  cache_hit_ratio: z.nullable(z.number()),
  index_hit_ratio: z.nullable(z.number()),
  /** Samples over the window, oldest first (taken every few minutes while the database is open). */
  over_time: z.array(Sample),
  /** The largest tables of the project's schemas, largest first (20 at most). */
  largest_tables: z.array(
    z.object({
      schema: z.string(),
      name: z.string(),
      total_bytes: Count,
      table_bytes: Count,
      index_bytes: Count,
      live_rows: Count,
      /** Dead rows not yet vacuumed: the estimate of the table's bloat. */
      dead_rows: Count,
      seq_scans: Count,
      index_scans: Count,
    }),
  ),
  /** Indexes with how often they were used, largest first (20 at most); an index never scanned is a candidate to drop. */
  indexes: z.array(z.object({ schema: z.string(), table: z.string(), name: z.string(), size_bytes: Count, scans: Count })),
});
export type DatabaseReport = z.infer<typeof DatabaseReportSchema>;

export const QUERY_PERFORMANCE_SORTS = ['total', 'mean', 'calls'] as const;
export type QueryPerformanceSort = (typeof QUERY_PERFORMANCE_SORTS)[number];
/** Most time-consuming, slowest, most frequent. */
export const QUERY_PERFORMANCE_SORT_LABELS: Record<QueryPerformanceSort, string> = { total: 'Most time consuming', mean: 'Slowest', calls: 'Most frequent' };
export const QUERY_PERFORMANCE_LIMIT_MAX = 500;

export const QueryPerformanceQuerySchema = z.object({
  window: Window,
  sort: z._default(z.enum(QUERY_PERFORMANCE_SORTS, { error: 'sort must be total, mean or calls' }), 'total'),
  /** Part of the statement's text (case-insensitive). */
  search: z.optional(z.string().check(z.maxLength(200, 'search must be at most 200 characters'))),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(QUERY_PERFORMANCE_LIMIT_MAX)), 100),
});
export interface QueryPerformanceQuery {
  window?: ReportWindow;
  sort?: QueryPerformanceSort;
  search?: string;
  limit?: number;
}

export const QueryPerformanceStatementSchema = z.object({
  /** The statement with its constants as $n, as it is grouped. */
  query: z.string(),
  calls: Count,
  total_ms: Ms,
  mean_ms: Ms,
  min_ms: Ms,
  max_ms: Ms,
  /** Percentiles of the recorded timings (null where the source keeps no timings: pg_stat_statements). */
  p50_ms: z.nullable(Ms),
  p95_ms: z.nullable(Ms),
  p99_ms: z.nullable(Ms),
  /** Rows answered or changed, over every call. */
  rows: Count,
  /** Database roles that ran it. */
  roles: z.array(z.string()),
  /** Where it ran from: data_api, sql_editor (empty from pg_stat_statements). */
  origins: z.array(z.string()),
});
export type QueryPerformanceStatement = z.infer<typeof QueryPerformanceStatementSchema>;

export const QueryPerformanceReportSchema = z.object({
  window: z.enum(REPORT_WINDOWS),
  sort: z.enum(QUERY_PERFORMANCE_SORTS),
  /**
   * `pg_stat_statements`: the server's statistics, every statement since `since` (the window does
   * not apply); `platform`: the statements the data API and the SQL editor ran in the window.
   */
  source: z.enum(['pg_stat_statements', 'platform']),
  from: z.string(),
  to: z.string(),
  since: z.nullable(z.string()),
  totals: z.object({ statements: Count, calls: Count, total_ms: Ms }),
  /** Sorted by the asked order, at most `limit`. */
  statements: z.array(QueryPerformanceStatementSchema),
});
export type QueryPerformanceReport = z.infer<typeof QueryPerformanceReportSchema>;

export function createDatabaseReportsClient(http: Http) {
  const reports = (ref: string) => `/platform/projects/${encodeURIComponent(ref)}/reports`;
  return {
    /** Size, connections, transactions, cache hit, largest tables and index use, with samples over the window. */
    getDatabaseReport: (ref: string, query: DatabaseReportQuery = {}) =>
      http('GET', `${reports(ref)}/database`, { query: { ...query }, schema: DatabaseReportSchema }),
    /** The project's statements with calls, times, percentiles and rows. */
    getQueryPerformance: (ref: string, query: QueryPerformanceQuery = {}) =>
      http('GET', `${reports(ref)}/query-performance`, { query: { ...query }, schema: QueryPerformanceReportSchema }),
  };
}
export type DatabaseReportsClient = ReturnType<typeof createDatabaseReportsClient>;

/** The database reports' React Query keys (taken through `areaQueryKeys` like `logsQueryKeys`). */
export const databaseReportQueryKeys = {
  databaseReport: (ref: string, window: string) => ['projects', ref, 'reports', 'database', window] as const,
  queryPerformance: (ref: string, window: string, sort: string, search: string) => ['projects', ref, 'reports', 'query-performance', window, sort, search] as const,
};
