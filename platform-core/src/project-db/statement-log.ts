// The statement log's seam: each statement an app (through the data API) or a member (through
// the SQL editor) runs on a project database is told here with its time and rows, so the
// query-performance report can count calls and read percentiles where the database keeps no
// statistics of its own (PGlite has no pg_stat_statements). Whoever runs the statement calls
// recordStatementTiming; the log store listens. Recording never fails or slows a statement.

export interface StatementTimingRecord {
  ref: string;
  /** The statement's text as run (parameters as $n); the listener normalizes literals. */
  query: string;
  durationMs: number;
  /** Rows answered or changed, when known. */
  rows: number | null;
  /** Where it ran from: `data_api`, `sql_editor`. */
  origin: string;
  /** The database role it ran as (anon, authenticated, service_role, postgres). */
  role: string | null;
}

/** Listeners told of every timed statement, with the server it ran under (a listener ignores another server's). */
export const statementTimingRecorders: ((record: StatementTimingRecord, server?: unknown) => void)[] = [];

export function recordStatementTiming(record: StatementTimingRecord, server?: unknown): void {
  for (const recorder of statementTimingRecorders) {
    try {
      recorder(record, server);
    } catch {
      // recording never fails a statement
    }
  }
}
