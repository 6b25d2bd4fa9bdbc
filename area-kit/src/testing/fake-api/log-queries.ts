import {
  LOG_QUERY_TEMPLATES,
  LOG_SCHEMA_CATALOGUE,
  LOG_SOURCE_TABLES,
  LogQueryTemplateListSchema,
  LogSourcesAnswerSchema,
  LogSqlQuerySchema,
  LogSqlResultSchema,
  RECENT_LOG_QUERIES_KEPT,
  RecentLogQueryListSchema,
  SavedLogQueryCreateSchema,
  SavedLogQueryListSchema,
  SavedLogQuerySchema,
  type LogQueriesClient,
  type RecentLogQuery,
  type SavedLogQuery,
} from '@plinth/contracts-logs';
import { ApiError } from '@plinth/shared-contracts';
import { ME } from '../fixtures';
import { answer, refuse, type Failure, type Handlers } from './fake-client';

/** What a log query answers in the fake: rows (and their columns, else the first row's keys), cut at the limit. */
export interface FakeLogQueryAnswer {
  rows: Record<string, unknown>[];
  columns?: { name: string; type: string }[];
}

export interface LogQueriesState {
  /**
   * The answer of each SQL text a test expects (by its exact text, trimmed); a SQL text not listed
   * answers no rows. No SQL is evaluated.
   */
  logQueryAnswers: Record<string, FakeLogQueryAnswer>;
  /** SQL texts the API refuses, with its refusal (a 400 `log_query_invalid` naming the problem, a time-out...). */
  logQueryRefusals: Record<string, Failure>;
  savedLogQueries: SavedLogQuery[];
  /** The signed-in user's recent log queries, newest first (runLogQuery adds to them). */
  recentLogQueries: RecentLogQuery[];
}

let counter = 0;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A saved log query of the project; by default saved by the signed-in user. */
export function savedLogQuery(over: Partial<SavedLogQuery> & { name: string }): SavedLogQuery {
  counter += 1;
  return answer(SavedLogQuerySchema, {
    id: counter,
    description: '',
    sql: 'select count(*) from edge_logs',
    created_by: ME.id,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...over,
  });
}

/** A refusal of a log query as the API words it: the database's message and where it points. */
export function invalidLogQuery(message: string): Failure {
  return { status: 400, message, code: 'log_query_invalid' };
}

const tableSources = new Map(Object.entries(LOG_SOURCE_TABLES).map(([id, table]) => [table, id]));

/**
 * The log explorer's calls, as the analytics routes answer them: the catalogue, canned answers per
 * SQL text, the API's range rule (the plan's retention bounds the start; an empty range is
 * refused), recent queries kept per run, saved queries.
 */
export function logQueryHandlers(state: LogQueriesState & { logRetentionDays: number }): Handlers<LogQueriesClient> {
  const find = (id: number) => state.savedLogQueries.find((q) => q.id === id) ?? refuse(404, 'There is no saved query with this id in the project');
  const remember = (sql: string, from: Date, to: Date, rows: number | null, error: string | null) => {
    counter += 1;
    state.recentLogQueries = [
      { id: counter, sql, iso_timestamp_start: from.toISOString(), iso_timestamp_end: to.toISOString(), ran_at: new Date().toISOString(), rows, error },
      ...state.recentLogQueries,
    ].slice(0, RECENT_LOG_QUERIES_KEPT);
  };
  return {
    listLogSources: () =>
      answer(LogSourcesAnswerSchema, {
        sources: LOG_SCHEMA_CATALOGUE.map((s) => ({ name: s.name, reference: s.reference, source_id: tableSources.get(s.reference) ?? null, fields: s.fields })),
        retention_days: state.logRetentionDays,
      }),
    listLogQueryTemplates: () => answer(LogQueryTemplateListSchema, { templates: LOG_QUERY_TEMPLATES }),
    runLogQuery: (_ref, body) => {
      const parsed = LogSqlQuerySchema.safeParse(body);
      if (!parsed.success) refuse(400, parsed.error.issues[0]?.message ?? 'The query is not valid', 'validation');
      const query = parsed.data;
      const now = Date.now();
      const to = Math.min(query.iso_timestamp_end ? Date.parse(query.iso_timestamp_end) : now, now);
      const from = Math.max(query.iso_timestamp_start ? Date.parse(query.iso_timestamp_start) : to - HOUR_MS, now - state.logRetentionDays * DAY_MS);
      const days = state.logRetentionDays;
      if (from >= to) {
        refuse(400, `The time range is empty: logs are kept ${days} day${days === 1 ? '' : 's'} on this plan, and the start must be before the end`, 'log_query_range');
      }
      const sql = query.sql.trim();
      const refusal = state.logQueryRefusals[sql];
      if (refusal) {
        if (refusal.status < 500) remember(query.sql, new Date(from), new Date(to), null, refusal.message);
        throw new ApiError(refusal.status, refusal.message, refusal.code);
      }
      const canned = state.logQueryAnswers[sql] ?? { rows: [] };
      const rows = canned.rows.slice(0, query.limit);
      const columns = canned.columns ?? Object.keys(canned.rows[0] ?? {}).map((name) => ({ name, type: typeof canned.rows[0]?.[name] === 'number' ? 'number' : 'text' }));
      remember(query.sql, new Date(from), new Date(to), rows.length, null);
      return answer(LogSqlResultSchema, {
        result: rows,
        columns,
        truncated: canned.rows.length > query.limit,
        limit: query.limit,
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        retention_days: days,
      });
    },
    listRecentLogQueries: () => answer(RecentLogQueryListSchema, { queries: state.recentLogQueries }),
    listSavedLogQueries: () =>
      answer(SavedLogQueryListSchema, { queries: [...state.savedLogQueries].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id) }),
    createSavedLogQuery: (_ref, body) => {
      const parsed = SavedLogQueryCreateSchema.safeParse(body);
      if (!parsed.success) refuse(400, parsed.error.issues[0]?.message ?? 'The saved query is not valid', 'validation');
      const created = savedLogQuery({ ...parsed.data, created_at: new Date().toISOString(), updated_at: new Date().toISOString() });
      state.savedLogQueries = [...state.savedLogQueries, created];
      return created;
    },
    updateSavedLogQuery: (_ref, id, body) => {
      const found = find(id);
      if (body.name !== undefined && body.name.trim() === '') refuse(400, 'Please enter a query name', 'validation');
      const next = answer(SavedLogQuerySchema, { ...found, ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)), updated_at: new Date().toISOString() });
      state.savedLogQueries = state.savedLogQueries.map((q) => (q.id === id ? next : q));
      return next;
    },
    deleteSavedLogQuery: (_ref, id) => {
      const found = find(id);
      state.savedLogQueries = state.savedLogQueries.filter((q) => q.id !== id);
      return found;
    },
  };
}
