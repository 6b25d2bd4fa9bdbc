export type SortDirection = 'ascending' | 'descending';

export interface SortState {
  key: string;
  direction: SortDirection;
}

/** The next sort after a click on a column's header: ascending first, then descending, then ascending again. */
export function nextSort(current: SortState | null, key: string): SortState {
  if (current?.key === key && current.direction === 'ascending') return { key, direction: 'descending' };
  return { key, direction: 'ascending' };
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Numbers by size, text in natural order (file2 before file10). */
export function compareValues(a: unknown, b: unknown): number {
  return typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));
}

/** A sorted copy of rows by one value; numbers by size, text in natural order (file2 before file10); stable. */
export function sortRows<T>(rows: readonly T[], value: (row: T) => string | number | null | undefined, direction: SortDirection): T[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, v: value(row) }))
    .sort((a, b) => {
      if (a.v == null || b.v == null) return a.v == null && b.v == null ? a.index - b.index : a.v == null ? 1 : -1;
      const order = compareValues(a.v, b.v);
      return order === 0 ? a.index - b.index : order * sign;
    })
    .map((entry) => entry.row);
}
