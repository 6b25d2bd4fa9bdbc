import { SQL_ROW_LIMIT_DEFAULT } from '@plinth/contracts-database';

/** The row limits a user picks from; kept per browser. */
export const ROW_LIMITS = [100, 1_000, 10_000, 100_000] as const;
const KEY = 'plinth.sql-row-limit';

export function readRowLimit(): number {
  try {
    const stored = Number(globalThis.localStorage?.getItem(KEY));
    return (ROW_LIMITS as readonly number[]).includes(stored) ? stored : SQL_ROW_LIMIT_DEFAULT;
  } catch {
    return SQL_ROW_LIMIT_DEFAULT;
  }
}

export function storeRowLimit(limit: number): void {
  try {
    globalThis.localStorage?.setItem(KEY, String(limit));
  } catch {
    /* kept for this page only */
  }
}
