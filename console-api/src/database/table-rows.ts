import type { RowKey, RowPage, RowFilter, RowSort, RowValues, TableColumn, TableRow, TableShape } from '@plinth/contracts-database';
import { HttpError, type ProjectDatabase } from '@plinth/platform-core/deps';
import { AS_USER, asUserSql, ident } from '@plinth/platform-core/common/sql';
import { keyColumns, qualifiedName } from './table-rows-shape';
import {
  afterClause,
  decodeCursor,
  encodeCursor,
  filterClause,
  orderBy,
  ordering,
  outputExpr,
  pageKey,
  Params,
  readValue,
  type Cursor,
} from './table-rows-sql';

// Rows of a table or view for the table editor, read and written as the user's SQL role
// (`user: true`: the project's own role in server mode), never as the API's own user.

type Db = Pick<ProjectDatabase, 'query'>;

export interface PageRequest {
  limit: number;
  after?: string;
  before?: string;
  from?: 'start' | 'end';
  sort?: RowSort;
  filters: RowFilter[];
}

/** The select list: every column (as c0, c1...), the sort column and the key as text. */
function selectList(shape: TableShape, sort: TableColumn | null): string {
  const key = pageKey(shape);
  const cols = shape.columns.map((c, i) => `${outputExpr(c)} as c${i}`);
  if (sort) cols.push(`${ident(sort.name)}::text as s`);
  key.exprs.forEach((e, i) => cols.push(`${e}::text as k${i}`));
  return cols.join(', ');
}

function readRows(shape: TableShape, raw: Record<string, unknown>[]): { rows: TableRow[]; keys: (RowKey | null)[]; cursors: Cursor[] } {
  const keyCols = keyColumns(shape);
  const width = pageKey(shape).exprs.length;
  const rows: TableRow[] = [];
  const keys: (RowKey | null)[] = [];
  const cursors: Cursor[] = [];
  for (const r of raw) {
    const row: TableRow = {};
    shape.columns.forEach((c, i) => (row[c.name] = readValue(c, r[`c${i}`])));
    rows.push(row);
    const k = Array.from({ length: width }, (_, i) => String(r[`k${i}`]));
    keys.push(shape.paging === 'primary key' ? Object.fromEntries(keyCols.map((c, i) => [c.name, k[i]!])) : null);
    cursors.push({ s: 's' in r ? (r.s as string | null) : undefined, k });
  }
  return { rows, keys, cursors };
}

/** One page of rows, by keyset on the key (or by offset for a view, which has neither key nor ctid). */
export async function readRowPage(db: Db, shape: TableShape, req: PageRequest): Promise<RowPage> {
  if (req.after && req.before) throw new HttpError(400, 'Give either after or before, not both', 'VALIDATION_ERROR', 'before');
  const params = new Params();
  const where = req.filters.map((f, i) => filterClause(shape, f, i, params));
  if (shape.paging === 'offset') return readOffsetPage(db, shape, req, params, where);
  const backward = Boolean(req.before) || (!req.after && req.from === 'end');
  const o = ordering(shape, req.sort, backward);
  const key = pageKey(shape);
  const cursorText = req.after ?? req.before;
  const field = req.after ? 'after' : 'before';
  if (cursorText) where.push(afterClause(o, key, decodeCursor(cursorText, field), field, params));
  const sql = `select ${selectList(shape, o.sort)} from ${qualifiedName(shape)}${where.length ? ` where ${where.join(' and ')}` : ''} ${orderBy(o, key)} limit ${req.limit + 1}`;
  const res = await asUserSql(() => db.query(sql, params.values, AS_USER));
  const more = res.rows.length > req.limit;
  const raw = res.rows.slice(0, req.limit);
  if (backward) raw.reverse();
  const { rows, keys, cursors } = readRows(shape, raw);
  const first = cursors[0];
  const last = cursors[cursors.length - 1];
  const enc = (c: Cursor | undefined) => (c ? encodeCursor(c) : null);
  return backward
    ? { rows, keys, previous: more ? enc(first) : null, next: req.before ? enc(last) : null }
    : { rows, keys, next: more ? enc(last) : null, previous: req.after ? enc(first) : null };
}

async function readOffsetPage(db: Db, shape: TableShape, req: PageRequest, params: Params, where: string[]): Promise<RowPage> {
  const filter = where.length ? ` where ${where.join(' and ')}` : '';
  const table = qualifiedName(shape);
  let offset = 0;
  const cursorText = req.after ?? req.before;
  if (cursorText) {
    const o = decodeCursor(cursorText, req.after ? 'after' : 'before').o;
    if (typeof o !== 'number' || !Number.isInteger(o) || o < 0) throw new HttpError(400, 'This page cursor is not valid: reload the table', 'VALIDATION_ERROR', req.after ? 'after' : 'before');
    offset = req.after ? o : Math.max(0, o - req.limit);
  } else if (req.from === 'end') {
    const count = await asUserSql(() => db.query<{ n: number }>(`select count(*)::float8 as n from ${table}${filter}`, params.values, AS_USER));
    offset = Math.max(0, Number(count.rows[0]?.n ?? 0) - req.limit);
  }
  const sort = req.sort ? `order by ${ident(req.sort.column)} ${req.sort.ascending ? 'asc' : 'desc'} nulls last` : '';
  if (req.sort && !shape.columns.some((c) => c.name === req.sort!.column)) throw new HttpError(400, `Column "${req.sort.column}" does not exist on ${shape.name}`, 'UNKNOWN_COLUMN', 'sort.column');
  const sql = `select ${selectList(shape, null)} from ${table}${filter} ${sort} limit ${req.limit + 1} offset ${offset}`;
  const res = await asUserSql(() => db.query(sql, params.values, AS_USER));
  const { rows, keys } = readRows(shape, res.rows.slice(0, req.limit));
  const next = res.rows.length > req.limit ? encodeCursor({ o: offset + req.limit }) : null;
  return { rows, keys, next, previous: offset > 0 ? encodeCursor({ o: offset }) : null };
}

function writable(shape: TableShape): void {
  if (shape.readOnly) throw new HttpError(400, `${shape.name} is a ${shape.type}: its rows are read-only here`, 'READ_ONLY_TABLE');
}

function keyed(shape: TableShape) {
  writable(shape);
  const cols = keyColumns(shape);
  if (!cols.length) throw new HttpError(400, `${shape.name} has no primary key: rows can be added but not changed or deleted here`, 'NO_PRIMARY_KEY');
  return cols;
}

/** The bound value of a cell, cast to its column's type. */
function cellValue(col: TableColumn, value: unknown, field: string, params: Params): string {
  if (col.generated) throw new HttpError(400, `Column "${col.name}" is generated by the database and cannot be written`, 'VALIDATION_ERROR', field);
  if (value === null) return `null::${col.type}`;
  if (col.kind === 'json') return params.add(JSON.stringify(value), col.type);
  if (col.kind === 'array') {
    if (!Array.isArray(value)) throw new HttpError(400, `Column "${col.name}" takes a list of values`, 'VALIDATION_ERROR', field);
    return `array(select jsonb_array_elements_text(${params.add(JSON.stringify(value))}::jsonb))::${col.type}`;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return params.add(String(value), col.type);
  throw new HttpError(400, `Column "${col.name}" takes text, a number or a boolean`, 'VALIDATION_ERROR', field);
}

function valueColumns(shape: TableShape, values: RowValues) {
  return Object.entries(values).map(([name, value]) => {
    const col = shape.columns.find((c) => c.name === name);
    if (!col) throw new HttpError(400, `Column "${name}" does not exist on ${shape.name}`, 'UNKNOWN_COLUMN', `values.${name}`);
    return { col, value };
  });
}

function keyWhere(shape: TableShape, key: RowKey, field: string, params: Params): string {
  return keyed(shape)
    .map((c) => {
      const v = key[c.name];
      if (typeof v !== 'string') throw new HttpError(400, `The row's key needs "${c.name}"`, 'VALIDATION_ERROR', `${field}.${c.name}`);
      return `${ident(c.name)} = ${params.add(v, c.type)}`;
    })
    .join(' and ');
}

const returning = (shape: TableShape) => `returning ${selectList(shape, null)}`;

export async function insertRow(db: Db, shape: TableShape, values: RowValues) {
  writable(shape);
  const params = new Params();
  const cells = valueColumns(shape, values).map(({ col, value }) => ({ col, sql: cellValue(col, value, `values.${col.name}`, params) }));
  const sql = cells.length
    ? `insert into ${qualifiedName(shape)} (${cells.map((c) => ident(c.col.name)).join(', ')}) values (${cells.map((c) => c.sql).join(', ')}) ${returning(shape)}`
    : `insert into ${qualifiedName(shape)} default values ${returning(shape)}`;
  const res = await asUserSql(() => db.query(sql, params.values, AS_USER));
  const { rows, keys } = readRows(shape, res.rows);
  return { row: rows[0] ?? {}, key: keys[0] ?? null };
}

export async function updateRow(db: Db, shape: TableShape, key: RowKey, values: RowValues) {
  const params = new Params();
  const where = keyWhere(shape, key, 'key', params);
  const sets = valueColumns(shape, values).map(({ col, value }) => `${ident(col.name)} = ${cellValue(col, value, `values.${col.name}`, params)}`);
  if (!sets.length) throw new HttpError(400, 'Nothing to change', 'VALIDATION_ERROR', 'values');
  const res = await asUserSql(() => db.query(`update ${qualifiedName(shape)} set ${sets.join(', ')} where ${where} ${returning(shape)}`, params.values, AS_USER));
  if (!res.rows.length) throw new HttpError(404, 'Row not found: it may have been deleted or its key changed', 'NOT_FOUND');
  const { rows, keys } = readRows(shape, res.rows);
  return { row: rows[0]!, key: keys[0] ?? null };
}

export async function deleteRows(db: Db, shape: TableShape, keys: RowKey[]) {
  const params = new Params();
  const where = keys.map((k, i) => `(${keyWhere(shape, k, `keys.${i}`, params)})`).join(' or ');
  const res = await asUserSql(() => db.query(`delete from ${qualifiedName(shape)} where ${where}`, params.values, AS_USER));
  return { deleted: res.affectedRows ?? 0 };
}
