import { HttpError } from '@plinth/platform-core/deps';
import { DatabaseError } from '@plinth/platform-core/database-error';
import { CallerError } from '../caller';

// Errors of the data API in PostgREST's shape: { code, message, details, hint }, with the HTTP
// status PostgREST gives each (its own PGRST codes, and Postgres' SQLSTATEs mapped by class).

export interface RestErrorBody {
  code: string;
  message: string;
  /** Text, or (for an ambiguous embedding, PGRST201) the candidate relationships. */
  details: string | object[] | null;
  hint: string | null;
}

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | object[] | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
    this.name = 'RestError';
  }

  body(): RestErrorBody {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

/** A request the grammar cannot parse (PGRST100, 400). */
export function parseError(message: string, details: string | null = null): RestError {
  return new RestError(400, 'PGRST100', message, details);
}

/** Postgres SQLSTATE → HTTP status, as PostgREST maps them (errors a caller causes stay 4xx). */
export function statusOfSqlState(code: string | undefined, authenticated: boolean): number {
  if (!code) return 400;
  if (code === '42501') return authenticated ? 403 : 401;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '57014') return 503;
  if (code === 'P0001') return 400;
  if (code.startsWith('08') || code.startsWith('53')) return 503;
  if (code.startsWith('28') || code.startsWith('0L') || code.startsWith('0P')) return 403;
  if (code === 'PT401' || code === 'PT403' || code === 'PT404' || code === 'PT409') return Number(code.slice(2));
  return 400;
}

/** Any error of a data API request, as a RestError (never a 500 for a caller's mistake). */
export function toRestError(err: unknown, authenticated: boolean): RestError {
  if (err instanceof RestError) return err;
  if (err instanceof CallerError) {
    return new RestError(err.status, err.reason === 'expired_jwt' ? 'PGRST303' : 'PGRST301', err.message);
  }
  if (err instanceof DatabaseError) {
    const status = statusOfSqlState(err.code, authenticated);
    return new RestError(status, err.code ?? 'PGRST000', err.message, err.detail ?? null, err.hint ?? null);
  }
  if (err instanceof HttpError) {
    return new RestError(err.status, err.code ?? 'PGRST000', err.message);
  }
  const e = err as { statusCode?: unknown; code?: unknown; message?: unknown; validation?: unknown };
  if (typeof e?.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    if (e.statusCode === 413) return new RestError(413, 'PGRST413', 'The request body is too large');
    if (e.statusCode === 415) return new RestError(415, 'PGRST107', 'The request body must be JSON (Content-Type: application/json)');
    return new RestError(e.statusCode, 'PGRST100', e.validation ? 'The request path is invalid' : String(e.message ?? 'Bad request'));
  }
  const code = typeof e?.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : undefined;
  if (code) return new RestError(statusOfSqlState(code, authenticated), code, String(e.message ?? 'Database error'));
  return new RestError(500, 'PGRST000', 'Internal server error');
}
