// Its own module so that the modules deps.ts names can throw it without importing deps.ts back;
// deps.ts re-exports it for the domain modules.

/** Thrown anywhere in a route; the core's error handler answers { message, code } with this status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** For a 400 about one input: the field's path, e.g. "name" or "roles.0". */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
