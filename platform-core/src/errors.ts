import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from './deps';
import { DatabaseError } from './database-error';

/**
 * SQLSTATEs of text the database cannot store (a NUL byte, an invalid byte sequence, a character
 * with no equivalent in the encoding): the input's fault, answered 400.
 */
const INVALID_TEXT_CODES = new Set(['22021', '22P05']);

const CONTEXT_NAMES: Record<string, string> = { body: 'request body', params: 'path', querystring: 'query string', headers: 'headers' };

/**
 * Answers every error as { message, code?, field? }: validation → 400 naming the field,
 * HttpError → its status, a database error from a user's SQL → 400, anything else → 500 (logged).
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0];
      const field = (issue?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
      const where = CONTEXT_NAMES[err.validationContext ?? 'body'] ?? 'request';
      const message = field ? `${field}: ${issue?.message ?? 'is invalid'}` : `The ${where} is invalid: ${issue?.message ?? 'unexpected value'}`;
      return reply.code(400).send({ message, code: 'VALIDATION', field: field || (err.validationContext ?? 'body') });
    }
    if (err instanceof HttpError) {
      const retryAfter = (err as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      return reply.code(err.status).send({ message: err.message, ...(err.code ? { code: err.code } : {}), ...(err.field ? { field: err.field } : {}) });
    }
    const sqlState = (err as { code?: unknown }).code;
    if (typeof sqlState === 'string' && INVALID_TEXT_CODES.has(sqlState)) {
      return reply.code(400).send({ message: 'The request holds text the database cannot store (a NUL character or an invalid byte sequence)', code: 'INVALID_TEXT' });
    }
    if (err instanceof DatabaseError) {
      return reply.code(400).send({ message: err.message, ...(err.code ? { code: err.code } : {}) });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'answer did not match its schema');
      return reply.code(500).send({ message: 'Internal server error', code: 'INTERNAL' });
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message = err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'The request body is empty; send {} or leave out the content-type header' : err.message;
      return reply.code(status).send({ message, code: err.code ?? 'BAD_REQUEST' });
    }
    req.log.error({ err }, 'unexpected error');
    return reply.code(500).send({ message: 'Internal server error', code: 'INTERNAL' });
  });

  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({ message: `Route not found: ${req.method} ${req.url.split('?')[0]}`, code: 'ROUTE_NOT_FOUND' });
  });
}
