// The query page's address: what the Templates, Saved and Recent pages open it with. `q` is the
// SQL text, `run=1` runs it as the page opens, `from`/`to` (ISO times) a custom range (a recent
// query's), `saved` the saved query it came from.

import { LOG_SOURCE_TABLES, type LogSourceId } from '@plinth/contracts-logs';

export const EXPLORER_PATH = '/logs/explorer';

export interface ExplorerOpen {
  sql: string;
  run?: boolean;
  from?: string;
  to?: string;
  savedId?: number;
}

/** The in-area address of the query page opened with a query. */
export function explorerAddress(open: ExplorerOpen): string {
  const params = new URLSearchParams({ q: open.sql });
  if (open.run) params.set('run', '1');
  if (open.from && open.to) {
    params.set('from', open.from);
    params.set('to', open.to);
  }
  if (open.savedId !== undefined) params.set('saved', String(open.savedId));
  return `${EXPLORER_PATH}?${params.toString()}`;
}

/** What the query page was opened with (null: nothing, the page keeps its own text). */
export function readExplorerOpen(search: string): ExplorerOpen | null {
  const params = new URLSearchParams(search);
  const sql = params.get('q');
  if (sql === null) return null;
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;
  const saved = Number(params.get('saved'));
  return {
    sql,
    run: params.get('run') === '1',
    ...(from && to && !Number.isNaN(Date.parse(from)) && !Number.isNaN(Date.parse(to)) ? { from, to } : {}),
    ...(Number.isInteger(saved) && saved > 0 ? { savedId: saved } : {}),
  };
}

/** A source page's "Open in explorer": the source's table, newest first. */
export const sourceSql = (source: LogSourceId) => `select *\nfrom ${LOG_SOURCE_TABLES[source]}\norder by timestamp desc`;
