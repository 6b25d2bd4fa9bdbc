import * as z from '@plinth/shared-contracts/zod';

// The SQL editor's runs: one result per statement of the text (compact, rows as arrays in column
// order), and the history of what was run in a project, per user.

/** How many history entries a page holds at most, and how many are kept per project and user. */
export const SQL_HISTORY_PAGE_MAX = 100;
export const SQL_HISTORY_KEPT = 500;

export const SqlStatementResultSchema = z.object({
  /** The statement's text, as the user wrote it. */
  statement: z.string(),
  /** Postgres' command word(s): SELECT, INSERT, CREATE TABLE, EXPLAIN... */
  command: z.string(),
  columns: z.array(z.object({ name: z.string(), dataTypeID: z.optional(z.number()) })),
  /** Rows as arrays, in the order of `columns` (a third of the bytes of keyed rows at 20 columns). */
  rows: z.array(z.array(z.unknown())),
  affectedRows: z.nullable(z.number()),
  truncated: z.boolean(),
  totalRows: z.number(),
  /**
   * More rows than `rows` holds wait on the API (a large result answers its first rows at once):
   * fetch them with POST query/rows naming this cursor, from offset rows.length.
   */
  cursor: z.optional(z.string()),
});
export type SqlStatementResult = z.infer<typeof SqlStatementResultSchema>;

/** Rows a page of a large result holds at most (POST query/rows). */
export const SQL_ROWS_PAGE_MAX = 5_000;

export const SqlRowsRequestSchema = z.object({
  /** The `cursor` of a statement result. */
  cursor: z.string().check(z.regex(/^[A-Za-z0-9-]{8,64}$/, 'cursor must be 8 to 64 letters, digits or dashes')),
  /** Rows already received: the page starts after them. */
  offset: z.number().check(z.int(), z.gte(0)),
  limit: z.number().check(z.int(), z.gte(1), z.lte(SQL_ROWS_PAGE_MAX)),
});
export type SqlRowsRequest = z.infer<typeof SqlRowsRequestSchema>;

/** A page of a large result's rows (arrays in column order); done: no rows remain (the cursor is closed). */
export const SqlRowsPageSchema = z.object({ rows: z.array(z.array(z.unknown())), done: z.boolean() });
export type SqlRowsPage = z.infer<typeof SqlRowsPageSchema>;

export const SqlRunStatusSchema = z.enum(['success', 'error', 'cancelled']);
export type SqlRunStatus = z.infer<typeof SqlRunStatusSchema>;

export const SqlHistoryEntrySchema = z.object({
  id: z.number().check(z.int()),
  sql: z.string(),
  ranAt: z.string(),
  durationMs: z.number(),
  /** Rows of the last statement's result (or rows it changed); null for a failed run. */
  rows: z.nullable(z.number()),
  status: SqlRunStatusSchema,
  /** The database's message when the run failed. */
  error: z.nullable(z.string()),
});
export type SqlHistoryEntry = z.infer<typeof SqlHistoryEntrySchema>;

export const SqlHistoryPageSchema = z.object({
  entries: z.array(SqlHistoryEntrySchema),
  /** Pass as `before` for the next (older) page; null at the end. */
  next: z.nullable(z.number()),
});
export type SqlHistoryPage = z.infer<typeof SqlHistoryPageSchema>;

export interface SqlHistoryParams {
  before?: number;
  limit?: number;
}
