import { HttpError } from '../deps';

/** Quotes an SQL identifier (schema, table, policy, role name). */
export function ident(name: string): string {
  if (name.includes('\0')) throw new HttpError(400, 'Identifiers may not contain NUL characters', 'INVALID_IDENTIFIER');
  return `"${name.replace(/"/g, '""')}"`;
}

/** Quotes an SQL string literal. */
export function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** Escapes LIKE wildcards so user text matches literally (use with `escape '\\'`). */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

interface PgErrorLike {
  message?: string;
  code?: string;
  position?: string | number;
  hint?: string;
  detail?: string;
}

/** SQLSTATE classes that mean "this already exists" or "that does not exist". */
const CONFLICT_CODES = new Set(['42710', '42P07', '42P06', '23505']);

/**
 * Turns an error raised by Postgres while running the user's SQL or the user's expressions into a
 * 400 (or 409 for duplicates) naming Postgres' message: a SQL mistake is the user's, never a 500.
 */
/** Where and why Postgres refused a user's statement, for the SQL editor. */
export interface SqlErrorDetails {
  position: number | null;
  sqlState: string | null;
  hint: unknown;
  detail: unknown;
}

export function userSqlError(err: unknown): HttpError & { details?: SqlErrorDetails } {
  if (err instanceof HttpError) return err;
  const e = (err ?? {}) as PgErrorLike;
  const message = typeof e.message === 'string' && e.message ? e.message : String(err);
  const code = typeof e.code === 'string' ? e.code : undefined;
  const position = e.position !== undefined && e.position !== null && e.position !== '' ? Number(e.position) : null;
  const out = new HttpError(code && CONFLICT_CODES.has(code) ? 409 : 400, message, 'SQL_ERROR');
  const details: SqlErrorDetails = { position: Number.isFinite(position) ? position : null, sqlState: code ?? null, hint: e.hint ?? null, detail: e.detail ?? null };
  return Object.assign(out, { details });
}

/**
 * Query options for what a member changes in the project database (DDL, row writes): server mode
 * runs it on the project's own role, so what it creates is owned by that role and never by the
 * API's user (a SECURITY DEFINER function owned by the API's user would run with its rights).
 */
export const AS_USER = { user: true } as const;

/** Runs a statement built from user input; Postgres refusals become 400/409. */
export async function asUserSql<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw userSqlError(err);
  }
}
