import { HttpError } from '@plinth/platform-core/deps';
import { DatabaseError } from '@plinth/platform-core/database-error';
import { CallerError } from '../caller';

// Errors of the storage service in the shape storage-js reads: { statusCode, error, message },
// statusCode a string equal to the HTTP status.

export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }

  body() {
    return { statusCode: String(this.status), error: this.error, message: this.message };
  }
}

const NAMES: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Unauthorized', 404: 'not_found', 409: 'Duplicate', 413: 'Payload too large', 415: 'invalid_mime_type' };

/** Any error of a storage request as a StorageError; a caller's mistake is never a 500. */
export function toStorageError(err: unknown): StorageError {
  if (err instanceof StorageError) return err;
  if (err instanceof CallerError) return new StorageError(err.status, 'Unauthorized', err.message);
  if (err instanceof DatabaseError) {
    if (err.code === '42501') return new StorageError(403, 'Unauthorized', 'new row violates row-level security policy');
    if (err.code === '23505') return new StorageError(409, 'Duplicate', 'The resource already exists');
    if (err.code?.startsWith('22') || err.code?.startsWith('23')) return new StorageError(400, 'Bad Request', err.message);
    return new StorageError(500, 'Internal', 'Internal server error');
  }
  if (err instanceof HttpError) {
    const status = err.code === 'INVALID_MIME_TYPE' ? 415 : err.status;
    return new StorageError(status, NAMES[status] ?? 'Error', err.message);
  }
  const e = err as { statusCode?: unknown; message?: unknown; validation?: unknown };
  if (typeof e?.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return new StorageError(e.statusCode, NAMES[e.statusCode] ?? 'Bad Request', String(e.message ?? 'Bad request'));
  }
  return new StorageError(500, 'Internal', 'Internal server error');
}
