import type { RowFilter, RowSort, TableColumn, TableShape } from '@plinth/contracts-database';
import { HttpError } from '@plinth/platform-core/deps';
import { ident } from '@plinth/platform-core/common/sql';
import { columnNamed, keyColumns } from './table-rows-shape';

// The pieces of the table editor's row statements. Identifiers come from the catalog (the table's
// shape) and are quoted; every value is a bound parameter, cast to its column's type by Postgres.

/** Collects bound values; `add` answers the placeholder. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown, type?: string): string {
    this.values.push(value);
    return type ? `$${this.values.length}::${type}` : `$${this.values.length}`;
  }
}

/** How a column's value leaves the database: JSON-able and the same on every driver. */
export function outputExpr(col: TableColumn): string {
  const c = ident(col.name);
  if (col.kind === 'boolean') return c;
  if (col.kind === 'number') return `case when ${c}::float8 in ('NaN', 'Infinity', '-Infinity') then null else ${c}::float8 end`;
  if (col.kind === 'json' || col.kind === 'array') return `to_jsonb(${c})::text`;
  return `${c}::text`;
}

/** Reads back a value selected with outputExpr. */
export function readValue(col: TableColumn, raw: unknown): unknown {
  if (raw === null || raw === undefined) return null;
  if ((col.kind === 'json' || col.kind === 'array') && typeof raw === 'string') return JSON.parse(raw);
  if (col.kind === 'number') return Number(raw);
  return raw;
}

/** The key the grid pages by: the primary key's columns, or the row's ctid. Empty for offset paging. */
export interface PageKey {
  exprs: string[];
  types: string[];
}

export function pageKey(shape: TableShape): PageKey {
  if (shape.paging === 'primary key') {
    const cols = keyColumns(shape);
    return { exprs: cols.map((c) => ident(c.name)), types: cols.map((c) => c.type) };
  }
  if (shape.paging === 'ctid') return { exprs: ['ctid'], types: ['tid'] };
  return { exprs: [], types: [] };
}

/** Where a filter on a column holds. */
export function filterClause(shape: TableShape, f: RowFilter, index: number, params: Params): string {
  const col = columnNamed(shape, f.column, `filters.${index}.column`);
  const c = ident(col.name);
  const field = `filters.${index}.value`;
  if (f.op === 'is null') return `${c} is null`;
  if (f.op === 'is not null') return `${c} is not null`;
  if (f.value === undefined) throw new HttpError(400, `A value is required for "${f.op}"`, 'VALIDATION_ERROR', field);
  if (f.op === 'in') {
    const list = Array.isArray(f.value) ? f.value : f.value.split(',').map((v) => v.trim());
    if (!list.length) throw new HttpError(400, 'Give at least one value for "in"', 'VALIDATION_ERROR', field);
    return `${c} in (${list.map((v) => params.add(v, col.type)).join(', ')})`;
  }
  if (Array.isArray(f.value)) throw new HttpError(400, `"${f.op}" takes one value`, 'VALIDATION_ERROR', field);
  if (f.op === 'like' || f.op === 'ilike') return `${c}::text ${f.op} ${params.add(f.value)}`;
  // json has no equality operator of its own: compare as jsonb.
  const [left, type] = col.type === 'json' ? [`${c}::jsonb`, 'jsonb'] : [c, col.type];
  const op = { eq: '=', neq: '<>', gt: '>', lt: '<', gte: '>=', lte: '<=' }[f.op];
  return `${left} ${op} ${params.add(f.value, type)}`;
}

/** Keyset values of a row: the sort column's (as text) and the key's. */
export interface Cursor {
  s?: string | null;
  k?: string[];
  /** Offset paging (views). */
  o?: number;
}

export const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

export function decodeCursor(text: string, field: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    if (c && typeof c === 'object') return c;
  } catch {
    /* answered below */
  }
  throw new HttpError(400, 'This page cursor is not valid: reload the table', 'VALIDATION_ERROR', field);
}

export interface Ordering {
  sort: TableColumn | null;
  ascending: boolean;
  nullsFirst: boolean;
}

export function ordering(shape: TableShape, sort: RowSort | undefined, backward: boolean): Ordering {
  const col = sort ? columnNamed(shape, sort.column, 'sort.column') : null;
  const ascending = sort ? sort.ascending : true;
  // Nulls sort last in the grid whichever the direction; a backward read reverses everything.
  return { sort: col, ascending: backward ? !ascending : ascending, nullsFirst: backward };
}

export function orderBy(o: Ordering, key: PageKey): string {
  const dir = o.ascending ? 'asc' : 'desc';
  const parts = key.exprs.map((e) => `${e} ${dir}`);
  if (o.sort) parts.unshift(`${ident(o.sort.name)} ${dir} nulls ${o.nullsFirst ? 'first' : 'last'}`);
  return parts.length ? `order by ${parts.join(', ')}` : '';
}

/** Rows strictly after the cursor in the ordering `o`. */
export function afterClause(o: Ordering, key: PageKey, cursor: Cursor, field: string, params: Params): string {
  const k = cursor.k;
  if (!Array.isArray(k) || k.length !== key.exprs.length || !k.every((v) => typeof v === 'string')) {
    throw new HttpError(400, 'This page cursor is not valid: reload the table', 'VALIDATION_ERROR', field);
  }
  const gt = o.ascending ? '>' : '<';
  const keyAfter = `(${key.exprs.join(', ')}) ${gt} (${k.map((v, i) => params.add(v, key.types[i])).join(', ')})`;
  if (!o.sort) return keyAfter;
  const s = ident(o.sort.name);
  const sv = cursor.s;
  if (sv === null || sv === undefined) return o.nullsFirst ? `(${s} is not null or (${s} is null and ${keyAfter}))` : `(${s} is null and ${keyAfter})`;
  const p = params.add(sv, o.sort.type);
  return `(${s} ${gt} ${p} or (${s} = ${p} and ${keyAfter})${o.nullsFirst ? '' : ` or ${s} is null`})`;
}
