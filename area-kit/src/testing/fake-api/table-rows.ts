import { RowDeleteResultSchema, RowPageSchema, RowWriteResultSchema, TableDdlResultSchema, TableShapeSchema, type createTableDdlClient, type createTableRowsClient, type RowKey, type TableColumn, type TableRow, type TableShape } from '@plinth/contracts-database';
import { answer, refuse, type Handlers } from './fake-client';

/** A table of the fake project: its shape and its rows, in insertion order. */
export interface FakeTable {
  shape: TableShape;
  rows: TableRow[];
}

export interface TableRowsState {
  /** The tables the grid and the table panels see, by table id. */
  tableRows: Record<number, FakeTable>;
}

/** A column of a table's shape: text and nullable unless said otherwise. */
export function tableColumn(over: Partial<TableColumn> & { name: string }): TableColumn {
  return { type: 'text', kind: 'text', nullable: true, default: null, generated: false, primaryKey: null, enumValues: null, references: null, ...over };
}

/** A table with an `id` bigint primary key, the given columns and rows. */
export function fakeTable(id: number, name: string, columns: TableColumn[] = [], rows: TableRow[] = []): FakeTable {
  const shape = answer(TableShapeSchema, {
    id,
    schema: 'public',
    name,
    type: 'table',
    readOnly: false,
    paging: 'primary key',
    columns: [tableColumn({ name: 'id', type: 'bigint', kind: 'bigint', nullable: false, generated: true, primaryKey: 1 }), ...columns],
    estimatedRows: rows.length,
  });
  return { shape, rows };
}

const tableOf = (state: TableRowsState, id: number) => state.tableRows[id] ?? refuse(404, 'Table not found');
const keyColumns = (shape: TableShape) => shape.columns.filter((c) => c.primaryKey !== null).map((c) => c.name);
const keyOf = (shape: TableShape, row: TableRow): RowKey | null => {
  const cols = keyColumns(shape);
  return cols.length ? Object.fromEntries(cols.map((c) => [c, String(row[c])])) : null;
};
const matches = (shape: TableShape, row: TableRow, key: RowKey) => Object.entries(key).every(([c, v]) => String(row[c]) === v) && keyColumns(shape).length > 0;

/**
 * Table rows as the table editor's API answers them: pages by an offset cursor (sorted, `eq`
 * filters), inserts numbered by `id`, updates and deletes by primary key.
 */
export function tableRowsHandlers(state: TableRowsState): Handlers<ReturnType<typeof createTableRowsClient>> {
  return {
    tableShape: (_ref, id) => tableOf(state, id).shape,
    rowPage: (_ref, id, body) => {
      const table = tableOf(state, id);
      let rows = table.rows.filter((r) => (body.filters ?? []).every((f) => f.op !== 'eq' || String(r[f.column]) === String(f.value)));
      if (body.sort) {
        const { column, ascending } = body.sort;
        rows = [...rows].sort((a, b) => (String(a[column]) < String(b[column]) ? -1 : String(a[column]) > String(b[column]) ? 1 : 0) * (ascending ? 1 : -1));
      }
      const limit = body.limit ?? 100;
      let start = body.after !== undefined ? Number(body.after) : body.before !== undefined ? Math.max(0, Number(body.before) - limit) : 0;
      if (body.from === 'end') start = Math.max(0, rows.length - limit);
      const page = rows.slice(start, start + limit);
      return answer(RowPageSchema, {
        rows: page,
        keys: page.map((r) => keyOf(table.shape, r)),
        next: start + limit < rows.length ? String(start + limit) : null,
        previous: start > 0 ? String(start) : null,
      });
    },
    insertRow: (_ref, id, values) => {
      const table = tableOf(state, id);
      if (table.shape.readOnly) refuse(400, 'This table is read-only');
      const row = { id: table.rows.reduce((n, r) => Math.max(n, Number(r.id) || 0), 0) + 1, ...values };
      table.rows = [...table.rows, row];
      return answer(RowWriteResultSchema, { row, key: keyOf(table.shape, row) });
    },
    updateRow: (_ref, id, body) => {
      const table = tableOf(state, id);
      const found = table.rows.find((r) => matches(table.shape, r, body.key)) ?? refuse(404, 'The row is no longer there');
      const row = { ...found, ...body.values };
      table.rows = table.rows.map((r) => (r === found ? row : r));
      return answer(RowWriteResultSchema, { row, key: keyOf(table.shape, row) });
    },
    deleteRows: (_ref, id, keys) => {
      const table = tableOf(state, id);
      const before = table.rows.length;
      table.rows = table.rows.filter((r) => !keys.some((k) => matches(table.shape, r, k)));
      return answer(RowDeleteResultSchema, { deleted: before - table.rows.length });
    },
  };
}

/** Create and drop table: the SQL they would run; a dry run changes nothing. */
export function tableDdlHandlers(state: TableRowsState): Handlers<ReturnType<typeof createTableDdlClient>> {
  return {
    createTable: (_ref, body) => {
      const schema = body.schema ?? 'public';
      const sql = `create table ${schema}.${body.name} (${body.columns.map((c) => `${c.name} ${c.type}`).join(', ')});`;
      if (body.dryRun) return answer(TableDdlResultSchema, { sql, ran: false, tableId: null });
      if (Object.values(state.tableRows).some((t) => t.shape.schema === schema && t.shape.name === body.name)) refuse(409, `relation "${body.name}" already exists`);
      const id = Math.max(0, ...Object.keys(state.tableRows).map(Number)) + 1;
      const columns = body.columns.map((c) => tableColumn({ name: c.name, type: c.type, nullable: c.nullable ?? true, primaryKey: c.primaryKey ? 1 : null, generated: c.identity ?? false }));
      state.tableRows = {
        ...state.tableRows,
        [id]: { shape: answer(TableShapeSchema, { id, schema, name: body.name, type: 'table', readOnly: false, paging: columns.some((c) => c.primaryKey) ? 'primary key' : 'ctid', columns, estimatedRows: 0 }), rows: [] },
      };
      return answer(TableDdlResultSchema, { sql, ran: true, tableId: id });
    },
    dropTable: (_ref, id, body) => {
      const table = tableOf(state, id);
      const sql = `drop table ${table.shape.schema}.${table.shape.name}${body.cascade ? ' cascade' : ''};`;
      if (body.dryRun) return answer(TableDdlResultSchema, { sql, ran: false, tableId: id });
      const { [id]: _gone, ...rest } = state.tableRows;
      state.tableRows = rest;
      return answer(TableDdlResultSchema, { sql, ran: true, tableId: null });
    },
  };
}
