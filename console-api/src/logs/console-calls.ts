import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ProjectApiRequestRecord } from '@plinth/platform-core/request-log';
import { toLogEntry, type LogEntry } from './entries';

// The API Edge source records the console API's calls about a project too (001 §9: every request
// to the project's services and to the console API about the project), as service `console`: a
// member renaming the project, running SQL, listing buckets. They are logged, never counted as
// the project's API usage (they are not its apps' calls). Left out: the reads of the logs and
// reports themselves, so that reading the logs never writes them, and the status polls the
// console makes every few seconds while a project is open (status, live), which would bury the rest.

export const CONSOLE_SERVICE = 'console';
/** Routes whose calls are not logged: the log and report reads (a live tail would log itself every 2 s) and status polls. */
const LOG_READS = /\/(logs|analytics|reports)(\/|$)|\/(status|live)$/;

/** The entry of a console API call about a project (a route with a :ref), or null when it is not one. */
export function consoleCallEntry(req: FastifyRequest, reply: FastifyReply, at = Date.now()): LogEntry | null {
  const ref = (req.params as { ref?: unknown } | undefined)?.ref;
  const route = req.routeOptions?.url;
  if (typeof ref !== 'string' || !route || LOG_READS.test(route)) return null;
  const q = req.url.indexOf('?');
  const length = Number(reply.getHeader('content-length'));
  const record = {
    ref,
    service: CONSOLE_SERVICE,
    method: req.method,
    path: q >= 0 ? req.url.slice(0, q) : req.url,
    search: q >= 0 ? req.url.slice(q + 1) : '',
    status: reply.statusCode,
    latencyMs: reply.elapsedTime,
    role: null,
    userId: null,
    bytesOut: Number.isSafeInteger(length) && length >= 0 ? length : 0,
  } as unknown as ProjectApiRequestRecord;
  return { ...toLogEntry(record, at), service: CONSOLE_SERVICE };
}
