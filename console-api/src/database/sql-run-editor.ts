import type { SqlRunRequest } from '@plinth/contracts-database';
import type { ApiDeps, ProjectAccess, ProjectDatabase, QueryResult } from '@plinth/platform-core/deps';
import { historyRows, onPostgresServer, splitStatements, statementResults, runKey } from './sql-run';
import { recordRun } from './sql-run-history';
import { CURSORS_PER_PROJECT, keepCursor, pagedRun, userPosition } from './sql-run-pages';
import { isStoragePolicyRun, runStoragePolicyStatements } from './sql-run-storage-policies';

// The SQL editor's answer to a run: each statement's result, compact, written to JSON here (a
// 100,000-row answer is not walked again by the response schema), and the run kept in its history.
// A large last SELECT answers its first rows and a cursor (sql-run-pages); on a Postgres server the
// run then goes on a connection of the project role held for that cursor, when one may be held.

/**
 * Runs the editor's text (known by its member and run id for a cancel) and answers the JSON text;
 * database errors are thrown with their position in the user's text.
 */
export async function editorRunAnswer(deps: ApiDeps, db: ProjectDatabase, access: ProjectAccess, body: SqlRunRequest, timeoutMs: number, startedAt: number): Promise<string> {
  const statements = await splitStatements(body.query);
  const server = onPostgresServer(deps);
  const policyRun = isStoragePolicyRun(deps, access, statements);
  let paged = policyRun ? null : pagedRun(body.query, statements, body.runId, body.rowLimit);
  // Server: the cursor needs a session of its own; without one the run answers every row.
  const session = paged && server ? ((await db.holdSession?.(CURSORS_PER_PROJECT).catch(() => null)) ?? null) : null;
  if (server && !session) paged = null;
  const sql = paged?.sql ?? body.query;
  const key = runKey(access.user.id, body.runId);
  let results: QueryResult[];
  try {
    if (policyRun) results = await runStoragePolicyStatements(db, statements, timeoutMs);
    else results = session ? await session.run(sql, timeoutMs, key) : await db.exec(sql, { timeoutMs, user: true, runKey: key });
  } catch (err) {
    throw paged ? userPosition(err, paged) : err;
  }
  const kept = paged ? await keepCursor(db, String(access.user.id), paged, results, body.rowLimit, session ?? undefined) : null;
  if (kept) results = kept.results;
  const named = statements ?? (results.length === 1 ? [{ text: body.query.trim(), start: 0, tree: {} }] : null);
  const out = statementResults(results, named, body.rowLimit, !server);
  const last = out[out.length - 1];
  if (kept && last) {
    last.totalRows = kept.total;
    last.truncated = body.rowLimit !== undefined && kept.total > body.rowLimit;
    if (kept.cursor) last.cursor = kept.cursor;
  }
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
