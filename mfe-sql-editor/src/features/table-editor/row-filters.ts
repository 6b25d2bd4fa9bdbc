import type { CellKind, RowFilter, RowFilterOperator, TableColumn } from '@plinth/contracts-database';

// The filter bar's rules: which operators a column offers, and the filters sent to the API.

export const OPERATOR_LABELS: Record<RowFilterOperator, string> = {
  eq: 'equals',
  neq: 'does not equal',
  gt: 'greater than',
  lt: 'less than',
  gte: 'at least',
  lte: 'at most',
  like: 'like',
  ilike: 'like (any case)',
  'is null': 'is null',
  'is not null': 'is not null',
  in: 'is one of',
};

const ORDERED: readonly CellKind[] = ['number', 'bigint', 'date', 'time', 'timestamp', 'text', 'uuid', 'enum'];
const TEXTUAL: readonly CellKind[] = ['text', 'other', 'uuid', 'enum', 'date', 'time', 'timestamp', 'json', 'array'];

/** Operators that make sense for a column of this kind, in the order the bar lists them. */
export function operatorsFor(kind: CellKind): RowFilterOperator[] {
  const ops: RowFilterOperator[] = ['eq', 'neq'];
  if (ORDERED.includes(kind)) ops.push('gt', 'lt', 'gte', 'lte');
  if (TEXTUAL.includes(kind)) ops.push('like', 'ilike');
  ops.push('is null', 'is not null');
  if (kind !== 'json' && kind !== 'array' && kind !== 'boolean') ops.push('in');
  return ops;
}

export const takesValue = (op: RowFilterOperator) => op !== 'is null' && op !== 'is not null';

/** One row of the filter bar as the user left it. */
export interface FilterDraft {
  column: string;
  op: RowFilterOperator;
  value: string;
}

/**
 * The filters to send, and an error per draft that cannot be sent (no column, a missing value, an
 * operator the column does not take). `in` takes a comma-separated list.
 */
export function toRowFilters(drafts: readonly FilterDraft[], columns: readonly TableColumn[]): { filters: RowFilter[]; errors: (string | null)[] } {
  const filters: RowFilter[] = [];
  const errors = drafts.map((d): string | null => {
    const col = columns.find((c) => c.name === d.column);
    if (!col) return 'Choose a column';
    if (!operatorsFor(col.kind).includes(d.op)) return `${OPERATOR_LABELS[d.op]} does not apply to ${col.name}`;
    if (!takesValue(d.op)) {
      filters.push({ column: col.name, op: d.op });
      return null;
    }
    if (d.op === 'in') {
      const list = d.value.split(',').map((v) => v.trim()).filter((v) => v !== '');
      if (!list.length) return 'Enter one or more values, separated by commas';
      filters.push({ column: col.name, op: 'in', value: list });
      return null;
    }
    if (d.value === '') return 'Enter a value';
    filters.push({ column: col.name, op: d.op, value: d.value });
    return null;
  });
  return { filters, errors };
}

/** The filter bar's summary on its button: "2 filters". */
export const filterSummary = (count: number) => (count === 0 ? 'Filter' : count === 1 ? '1 filter' : `${count} filters`);
