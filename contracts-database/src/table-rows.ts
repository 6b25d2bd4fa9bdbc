import * as z from '@plinth/shared-contracts/zod';
import { encodePath, type Http } from '@plinth/shared-contracts';

// The table editor's rows (000 §2.9, issue 12): the columns of a table or view as the grid shows
// them, pages of rows by keyset, filters, and row writes by primary key. Served under
// /api/platform/pg-meta/{ref}/tables/{id}/...

/** Rows per page the grid asks for, and the most a page may hold. */
export const TABLE_ROWS_PAGE_SIZE = 100;
export const TABLE_ROWS_PAGE_MAX = 1000;
/** Most rows a bulk delete may name at once. */
export const TABLE_ROWS_DELETE_MAX = 1000;

/** How the grid shows and edits a column's values. */
export const CELL_KINDS = ['text', 'number', 'bigint', 'boolean', 'json', 'date', 'time', 'timestamp', 'enum', 'array', 'uuid', 'other'] as const;
export const CellKindSchema = z.enum(CELL_KINDS);
export type CellKind = z.infer<typeof CellKindSchema>;

export const TableColumnSchema = z.object({
  name: z.string(),
  /** The type as Postgres writes it (`character varying(20)`, `public.mood`, `integer[]`). */
  type: z.string(),
  kind: CellKindSchema,
  nullable: z.boolean(),
  default: z.nullable(z.string()),
  /** Identity or generated: not given on insert. */
  generated: z.boolean(),
  /** 1-based place in the primary key, or null. */
  primaryKey: z.nullable(z.number()),
  enumValues: z.nullable(z.array(z.string())),
  /** A single-column foreign key: the referenced table (its id) and column. */
  references: z.nullable(z.object({ tableId: z.number(), schema: z.string(), table: z.string(), column: z.string() })),
});
export type TableColumn = z.infer<typeof TableColumnSchema>;

export const TableShapeSchema = z.object({
  id: z.number(),
  schema: z.string(),
  name: z.string(),
  type: z.enum(['table', 'view', 'foreign table', 'materialized view', 'partitioned table']),
  /** Views, materialized and foreign tables are read-only here. */
  readOnly: z.boolean(),
  /** How pages are keyed: the primary key; ctid for a table without one; offset for a view. */
  paging: z.enum(['primary key', 'ctid', 'offset']),
  columns: z.array(TableColumnSchema),
  /** Postgres' estimate (pg_class.reltuples); null before the table was first analysed. */
  estimatedRows: z.nullable(z.number()),
});
export type TableShape = z.infer<typeof TableShapeSchema>;

export const ROW_FILTER_OPERATORS = ['eq', 'neq', 'gt', 'lt', 'gte', 'lte', 'like', 'ilike', 'is null', 'is not null', 'in'] as const;
export const RowFilterOperatorSchema = z.enum(ROW_FILTER_OPERATORS);
export type RowFilterOperator = z.infer<typeof RowFilterOperatorSchema>;

export const RowFilterSchema = z.object({
  column: z.string().check(z.minLength(1), z.maxLength(63)),
  op: RowFilterOperatorSchema,
  /** Text as typed (cast to the column's type by Postgres); a list for `in`; none for is (not) null. */
  value: z.optional(z.union([z.string().check(z.maxLength(10_000)), z.array(z.string().check(z.maxLength(10_000))).check(z.maxLength(100))])),
});
export type RowFilter = z.infer<typeof RowFilterSchema>;

export const RowSortSchema = z.object({ column: z.string().check(z.minLength(1), z.maxLength(63)), ascending: z.boolean() });
export type RowSort = z.infer<typeof RowSortSchema>;

export const RowPageRequestSchema = z.object({
  limit: z._default(z.number().check(z.int(), z.gte(1), z.lte(TABLE_ROWS_PAGE_MAX)), TABLE_ROWS_PAGE_SIZE),
  /** Rows after this cursor (a page's `next`), or before it (a page's `previous`). */
  after: z.optional(z.string().check(z.maxLength(20_000))),
  before: z.optional(z.string().check(z.maxLength(20_000))),
  /** 'end': the last page (with neither cursor). */
  from: z.optional(z.enum(['start', 'end'])),
  sort: z.optional(RowSortSchema),
  filters: z._default(z.array(RowFilterSchema).check(z.maxLength(20)), []),
});
export type RowPageRequest = z.input<typeof RowPageRequestSchema>;

/** A cell: text, number, boolean, JSON, or null. Big numbers, dates and enums come as text. */
export type CellValue = unknown;
export const TableRowSchema = z.record(z.string(), z.unknown());
export type TableRow = z.infer<typeof TableRowSchema>;

/** A row's primary key, each column's value as text. */
export const RowKeySchema = z.record(z.string(), z.string());
export type RowKey = z.infer<typeof RowKeySchema>;

export const RowPageSchema = z.object({
  rows: z.array(TableRowSchema),
  /** Each row's key (same order as rows); null where the table has no primary key. */
  keys: z.array(z.nullable(RowKeySchema)),
  /** Cursors of the rows after and before this page; null at either end. */
  next: z.nullable(z.string()),
  previous: z.nullable(z.string()),
});
export type RowPage = z.infer<typeof RowPageSchema>;

/** Values to write, by column: text, number, boolean, JSON (json columns), a list (arrays) or null. */
export const RowValuesSchema = z.record(z.string(), z.unknown());
export type RowValues = z.infer<typeof RowValuesSchema>;

export const RowInsertSchema = z.object({ values: RowValuesSchema });
export const RowUpdateSchema = z.object({ key: RowKeySchema, values: RowValuesSchema });
export const RowDeleteSchema = z.object({ keys: z.array(RowKeySchema).check(z.minLength(1), z.maxLength(TABLE_ROWS_DELETE_MAX)) });
export type RowUpdate = z.infer<typeof RowUpdateSchema>;

export const RowWriteResultSchema = z.object({ row: TableRowSchema, key: z.nullable(RowKeySchema) });
export type RowWriteResult = z.infer<typeof RowWriteResultSchema>;
export const RowDeleteResultSchema = z.object({ deleted: z.number() });
export const CsvImportResultSchema = z.object({ inserted: z.number() });
export type CsvImportResult = z.infer<typeof CsvImportResultSchema>;

/** Sort and filters of an export, as query parameters (filters as JSON). */
export interface CsvExportParams {
  sort?: RowSort;
  filters?: RowFilter[];
}

const tableBase = (ref: string, id: number) => encodePath`/platform/pg-meta/${ref}/tables/${id}`;

export function createTableRowsClient(http: Http) {
  return {
    /** Columns, keys and kind of a table or view. */
    tableShape: (ref: string, id: number) => http('GET', `${tableBase(ref, id)}/shape`, { schema: TableShapeSchema }),
    rowPage: (ref: string, id: number, body: RowPageRequest, signal?: AbortSignal) =>
      http('POST', `${tableBase(ref, id)}/rows/page`, { body, schema: RowPageSchema, signal }),
    insertRow: (ref: string, id: number, values: RowValues) =>
      http('POST', `${tableBase(ref, id)}/rows`, { body: { values }, schema: RowWriteResultSchema }),
    updateRow: (ref: string, id: number, body: RowUpdate) => http('PATCH', `${tableBase(ref, id)}/rows`, { body, schema: RowWriteResultSchema }),
    deleteRows: (ref: string, id: number, keys: RowKey[]) =>
      http('POST', `${tableBase(ref, id)}/rows/delete`, { body: { keys }, schema: RowDeleteResultSchema }),
    /** Every row (sorted and filtered like the grid) as a CSV file. */
    exportCsv: (ref: string, id: number, params: CsvExportParams = {}) =>
      http<Blob>('GET', `${tableBase(ref, id)}/rows/csv`, {
        query: { sort: params.sort ? JSON.stringify(params.sort) : undefined, filters: params.filters?.length ? JSON.stringify(params.filters) : undefined },
        binary: true,
      }),
    /** Adds the rows of a CSV file (first line: column names), all or none. */
    importCsv: (ref: string, id: number, file: Blob) =>
      http('POST', `${tableBase(ref, id)}/rows/csv`, { raw: { data: file, contentType: 'text/csv' }, schema: CsvImportResultSchema }),
  };
}
