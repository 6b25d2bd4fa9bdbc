/** An error reported by Postgres (control or project database), with its SQLSTATE code. */
export class DatabaseError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    readonly detail?: string,
    readonly hint?: string,
    readonly position?: string,
  ) {
    super(message);
    this.name = 'DatabaseError';
  }
}

export const STATEMENT_TIMEOUT_CODE = '57014';

interface PgLikeError {
  message?: string;
  code?: string;
  detail?: string;
  hint?: string;
  position?: string;
}

export function toDatabaseError(err: unknown): DatabaseError {
  if (err instanceof DatabaseError) return err;
  const e = (err ?? {}) as PgLikeError;
  return new DatabaseError(e.message ?? String(err), e.code, e.detail, e.hint, e.position);
}

/** Quotes an identifier (schema, table, role, database name) for SQL text. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
