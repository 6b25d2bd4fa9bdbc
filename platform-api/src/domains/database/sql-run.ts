import type { ApiDeps, ControlServices, ProjectDatabase, QueryResult } from '../../core/deps';

// The SQL editor's runs: each is tagged with its run id (as the session's application_name) so a
// cancel can find the backend running it, and its rows are cut at the run's row limit.

const RUN_TAG = 'plinth_run_';

/** The user's text behind the statement that tags its session; `offset` is how far the user's text moved. */
export function taggedRun(query: string, runId: string | undefined): { sql: string; offset: number } {
  if (!runId) return { sql: query, offset: 0 };
  const prefix = `set application_name = '${RUN_TAG}${runId}';\n`;
  return { sql: prefix + query, offset: prefix.length };
}

/** The rows of the last statement, at most rowLimit of them, saying whether some were left out. */
export function limitRows(last: QueryResult | undefined, rowLimit: number | undefined) {
  const rows = last?.rows ?? [];
  const cut = rowLimit !== undefined && rows.length > rowLimit;
  return { rows: cut ? rows.slice(0, rowLimit) : rows, truncated: cut, totalRows: rows.length };
}

/**
 * Asks Postgres to cancel the statement of the run (pg_cancel_backend on the session tagged with its
 * id). True when a session was found and signalled.
 */
export async function cancelRun(db: ProjectDatabase, runId: string): Promise<boolean> {
  const r = await db.query<{ cancelled: boolean }>(
    `select coalesce(bool_or(pg_cancel_backend(pid)), false) as cancelled
       from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()`,
    [`${RUN_TAG}${runId}`],
  );
  return Boolean(r.rows[0]?.cancelled);
}

/** Project databases on a Postgres server (DATABASE_URL), where another session can cancel a run; not embedded PGlite. */
export function onPostgresServer(deps: ApiDeps): boolean {
  const services = deps.services as ControlServices | undefined;
  return Boolean(services?.config.databaseUrl ?? process.env.DATABASE_URL);
}

export const EMBEDDED_CANCEL_MESSAGE =
  'The embedded database runs one statement at a time and cannot stop it midway: the statement ends at its time limit. Its result will not be shown.';
export const NOTHING_TO_CANCEL_MESSAGE = 'The query had already finished.';
