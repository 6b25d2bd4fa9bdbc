import type { SqlStatementResult } from '@plinth/contracts-database';
import type { ApiDeps, ControlServices, ProjectDatabase, QueryResult } from '@plinth/platform-core/deps';
import { jsonSafeRows } from '@plinth/platform-core/common/json-rows';
import { parseSql } from '@plinth/platform-core/common/sql-parser';

// The SQL editor's runs: each is known to its project's database by its member and run id while
// it runs, so a cancel reaches that run alone, and its rows are cut at the run's row limit.

/** The key a run is known by for a cancel: its member and run id (looked up in its project's database only). */
export function runKey(memberId: string | number, runId: string | undefined): string | undefined {
  return runId ? `${memberId}:${runId}` : undefined;
}

/** The rows of the last statement, at most rowLimit of them, saying whether some were left out. */
export function limitRows(last: QueryResult | undefined, rowLimit: number | undefined) {
  const rows = last?.rows ?? [];
  const cut = rowLimit !== undefined && rows.length > rowLimit;
  return { rows: cut ? rows.slice(0, rowLimit) : rows, truncated: cut, totalRows: rows.length };
}

/**
 * Cancels the member's run in this project (server mode): the project's database finds it by its
 * key among the runs it is running itself. True when a cancel was sent.
 */
export async function cancelRun(db: ProjectDatabase, memberId: string | number, runId: string): Promise<boolean> {
  return (await db.cancel?.(runKey(memberId, runId)!)) ?? false;
}

/** Project databases on a Postgres server (DATABASE_URL), where another session can cancel a run; not embedded PGlite. */
export function onPostgresServer(deps: ApiDeps): boolean {
  const services = deps.services as ControlServices | undefined;
  return Boolean(services?.config.databaseUrl ?? process.env.DATABASE_URL);
}

export const EMBEDDED_CANCEL_MESSAGE =
  'The embedded database runs one statement at a time and cannot stop it midway: the statement ends at its time limit. Its result will not be shown.';
export const NOTHING_TO_CANCEL_MESSAGE = 'The query had already finished.';

/** Where each statement of a text starts and ends (character offsets), by Postgres' parser; null when it cannot parse it. */
export async function splitStatements(query: string): Promise<{ text: string; start: number; tree: Record<string, unknown> }[] | null> {
  let parsed;
  try {
    parsed = await parseSql(query);
  } catch {
    return null;
  }
  // The parser counts bytes of UTF-8; the user's text is counted in characters.
  const bytes = Buffer.from(query, 'utf8');
  return parsed.stmts.map((s) => {
    const start = (s as { stmt_location?: number }).stmt_location ?? 0;
    const end = s.stmt_len ? start + s.stmt_len : bytes.length;
    const raw = bytes.subarray(start, end).toString('utf8');
    // `start`: where the trimmed text begins in the user's text, in characters.
    const at = bytes.subarray(0, start).toString('utf8').length + (raw.length - raw.trimStart().length);
    return { text: raw.trim(), start: at, tree: s.stmt };
  });
}

const TREE_COMMANDS: Record<string, string> = { SelectStmt: 'SELECT', InsertStmt: 'INSERT', UpdateStmt: 'UPDATE', DeleteStmt: 'DELETE', MergeStmt: 'MERGE', ExplainStmt: 'EXPLAIN' };
const SKIPPED_WORDS = new Set(['or', 'replace', 'temp', 'temporary', 'unlogged', 'unique', 'global', 'local', 'trusted', 'procedural', 'recursive']);
const TWO_WORD_OBJECTS = new Set(['materialized', 'foreign', 'event', 'access', 'text', 'default', 'user', 'row', 'operator']);

/** The command of a statement as Postgres names it in its tag: SELECT, INSERT, CREATE TABLE, ALTER POLICY... */
export function commandOf(statement: { text: string; tree: Record<string, unknown> }): string {
  const node = Object.keys(statement.tree)[0] ?? '';
  if (TREE_COMMANDS[node]) return TREE_COMMANDS[node];
  const words = statement.text.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, ' ').trim().split(/\s+/).map((w) => w.toLowerCase().replace(/[^a-z_]/g, ''));
  const [first = '', ...rest] = words;
  if (!['create', 'alter', 'drop', 'comment'].includes(first)) return first.toUpperCase();
  const object = rest.filter((w) => !SKIPPED_WORDS.has(w));
  const named = TWO_WORD_OBJECTS.has(object[0] ?? '') ? object.slice(0, 2) : object.slice(0, 1);
  return [first, ...named].join(' ').toUpperCase();
}

/**
 * One compact result per statement (rows as arrays in column order, cut at the row limit). The
 * statements come from the parser; when their count does not match the results, each is named by
 * its place only.
 */
export function statementResults(
  results: QueryResult[],
  statements: { text: string; tree: Record<string, unknown> }[] | null,
  rowLimit: number | undefined,
  /** The embedded database counts changed rows across the statements of one run: each statement's own count is the difference. */
  cumulativeCounts = false,
): SqlStatementResult[] {
  const matched = statements && statements.length === results.length ? statements : null;
  let counted = 0;
  return results.map((result, i) => {
    let affectedRows = result.affectedRows ?? null;
    if (cumulativeCounts && affectedRows !== null) {
      const own = affectedRows - counted;
      counted = affectedRows;
      affectedRows = own;
    }
    const { rows, truncated, totalRows } = limitRows(result, rowLimit);
    const names = result.fields.map((f) => f.name);
    const safe = jsonSafeRows(rows);
    const statement = matched?.[i];
    return {
      statement: statement?.text ?? '',
      command: statement ? commandOf(statement) : '',
      columns: result.fields,
      rows: safe.map((row) => names.map((name) => row[name] ?? null)),
      affectedRows,
      truncated,
      totalRows,
    };
  });
}

/** Rows a run shows in its history: the last statement's rows, or the rows it changed. */
export function historyRows(results: SqlStatementResult[]): number | null {
  const last = results[results.length - 1];
  if (!last) return null;
  return last.columns.length > 0 ? last.totalRows : last.affectedRows;
}
