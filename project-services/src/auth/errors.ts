import type { FastifyError, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { CallerError } from '../caller';
import { HttpError } from '@plinth/platform-core/deps';

/**
 * An error of the auth service, answered as the auth clients read it: `{ code, error_code, msg }`
 * with `code` the HTTP status and `error_code` one of the protocol's codes (e.g.
 * "invalid_credentials", "session_not_found", "weak_password").
 */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

export const invalid = (message: string) => new AuthError(400, 'validation_failed', message);

const CALLER_CODES: Record<CallerError['reason'], string> = {
  no_api_key: 'no_api_key',
  invalid_api_key: 'invalid_api_key',
  invalid_jwt: 'bad_jwt',
  expired_jwt: 'bad_jwt',
};

const HTTP_CODES: Record<number, string> = { 400: 'validation_failed', 404: 'not_found', 409: 'project_not_active', 429: 'over_request_rate_limit' };

/** Any error of a route of the service, in the clients' shape; never a raw message of the database. */
export function sendAuthError(err: unknown, reply: FastifyReply, log: { error: (o: object, m: string) => void }): FastifyReply {
  let e: AuthError;
  if (err instanceof AuthError) e = err;
  else if (err instanceof CallerError) e = new AuthError(401, CALLER_CODES[err.reason], err.message);
  else if (err instanceof HttpError && err.status < 500) e = new AuthError(err.status, HTTP_CODES[err.status] ?? 'request_failed', err.message);
  else if (err instanceof HttpError && err.status === 503) e = new AuthError(503, 'service_unavailable', err.message);
  else if (hasZodFastifySchemaValidationErrors(err as FastifyError)) e = invalid('The request is invalid');
  else if (typeof (err as FastifyError).statusCode === 'number' && (err as FastifyError).statusCode! < 500) {
    const fe = err as FastifyError;
    e = new AuthError(fe.statusCode!, fe.statusCode === 413 ? 'request_too_large' : 'bad_json', fe.statusCode === 413 ? 'The request body is too large' : 'Could not read the request body: it must be JSON');
  } else {
    log.error({ err }, 'auth service error');
    e = new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check the server logs for more information');
  }
  const retry = (err as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  if (typeof retry === 'number') reply.header('retry-after', String(retry));
  return reply.code(e.status).send({ code: e.status, error_code: e.errorCode, msg: e.message, ...e.extra });
}
