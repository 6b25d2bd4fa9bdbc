import * as z from './zod';

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
});
export type SqlStatementResult = z.infer<typeof SqlStatementResultSchema>;

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
