import type { SqlRunRequest } from '@plinth/shared-contracts';
import type { ApiDeps, ProjectAccess, QueryResult } from '../../core/deps';
import { historyRows, onPostgresServer, splitStatements, statementResults } from './sql-run';
import { recordRun } from './sql-run-history';

// The SQL editor's answer to a run: each statement's result, compact, written to JSON here (a
// 100,000-row answer is not walked again by the response schema), and the run kept in its history.

/** The answer's JSON text; `results` are the run's own results (without the run tag's). */
export async function editorRunAnswer(deps: ApiDeps, access: ProjectAccess, body: SqlRunRequest, results: QueryResult[], startedAt: number): Promise<string> {
  const statements = (await splitStatements(body.query)) ?? (results.length === 1 ? [{ text: body.query.trim(), tree: {} }] : null);
  const out = statementResults(results, statements, body.rowLimit, !onPostgresServer(deps));
  if (body.history) {
    await recordRun(deps.control, access, { sql: body.query, durationMs: performance.now() - startedAt, rows: historyRows(out), status: 'success', error: null });
  }
  return JSON.stringify({ rows: [], columns: [], results: out });
}

/** Keeps a failed (or cancelled) run in the history when the editor asked for it. */
export async function recordFailedRun(deps: ApiDeps, access: ProjectAccess, body: SqlRunRequest, startedAt: number, message: string, sqlState: string | null | undefined) {
  if (!body.history) return;
  const status = sqlState === '57014' ? 'cancelled' : 'error';
  await recordRun(deps.control, access, { sql: body.query, durationMs: performance.now() - startedAt, rows: null, status, error: message });
}
