import type { SqlRowsPage, SqlStatementResult } from '@plinth/contracts-database';

// A large result comes with its first rows and a cursor (on either database, while the API can hold
// one; otherwise every row comes with the run): the rest is fetched page by page behind the grid, which shows each page as it arrives. Pages are small so
// that parsing one never holds the page up while the user scrolls.

/** Rows asked for per page. */
export const ROWS_PER_PAGE = 2_000;

/** Rows a result will hold once complete: its total, cut at the run's row limit. */
export function expectedRows(result: SqlStatementResult, rowLimit: number): number {
  return result.truncated ? Math.min(rowLimit, result.totalRows) : result.totalRows;
}

export interface RestOfRows {
  /** Fetches a page of the cursor's rows from `offset`. */
  fetchPage: (cursor: string, offset: number, limit: number) => Promise<SqlRowsPage>;
  /** Each page, with every row received so far (a new array each time). */
  onRows: (rows: unknown[][]) => void;
  /** Stop: another run started, or the page went away. */
  stopped: () => boolean;
}

/**
 * Fetches the rows of `result` still on the API, one page after another, until it says none
 * remain. Resolves when done or stopped; rejects with the API's error (rows received stay shown).
 */
export async function loadRestOfRows(result: SqlStatementResult, expected: number, { fetchPage, onRows, stopped }: RestOfRows): Promise<void> {
  const cursor = result.cursor;
  if (!cursor) return;
  let rows = result.rows;
  while (!stopped() && rows.length < expected) {
    const page = await fetchPage(cursor, rows.length, Math.min(ROWS_PER_PAGE, expected - rows.length));
    if (stopped()) return;
    rows = rows.concat(page.rows);
    onRows(rows);
    if (page.done || page.rows.length === 0) return;
  }
}
