import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ProjectApiRequestRecord } from '@plinth/platform-core/request-log';
import { toLogEntry, type LogEntry } from './entries';

// The API Edge source records the console API's calls about a project too (001 §9: every request
// to the project's services and to the console API about the project), as service `console`: a
// member renaming the project, running SQL, listing buckets. They are logged, never counted as
// the project's API usage (they are not its apps' calls). Left out: the reads of the logs and
// reports themselves, so that reading the logs never writes them (logs.all, the live tail's reads
// every 2 s and the reports would each log themselves and flood the source), and the status polls
// the console makes every few seconds while a project is open (status, live), which would bury the rest.
// Each entry carries the member's id (user_id) when the call was signed in: it is read once the
// answer is sent, from the session the call already resolved, so it never delays the call.

export const CONSOLE_SERVICE = 'console';
/** Routes whose calls are not logged: the log and report reads (a live tail would log itself every 2 s) and status polls. */
const LOG_READS = /\/(logs|analytics|reports)(\/|$)|\/(status|live)$/;

/** The entry of a console API call about a project (a route with a :ref), or null when it is not one. */
export function consoleCallEntry(req: FastifyRequest, reply: FastifyReply, at = Date.now()): LogEntry | null {
  if (!isLoggedConsoleCall(req)) return null;
  const ref = (req.params as { ref: string }).ref;
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

/** What the platform's access registry knows of a request, each cached (per session token, project and member). */
interface AccessReader {
  session(req: FastifyRequest): Promise<{ user: { id: string } } | null>;
  project(ref: string): Promise<{ organizationId: number } | null>;
  role(organizationId: number, userId: string): Promise<string | null>;
}

/**
 * The member of the project's organization who made a console call, or null: anonymous, a
 * session that could not be read, or someone who is not a member (a stranger's id is not shown
 * to the project's team; their call is logged without it).
 */
export async function consoleCallMember(req: FastifyRequest, ref: string): Promise<string | null> {
  const access = (req.server as unknown as { plinth?: { access?: AccessReader } }).plinth?.access;
  if (!access) return null;
  try {
    const userId = (await access.session(req))?.user.id;
    const project = userId ? await access.project(ref) : null;
    return userId && project && (await access.role(project.organizationId, userId)) ? userId : null;
  } catch {
    return null;
  }
}

/** Whether a request is a console call about a project that is logged (the check before reading its member). */
export function isLoggedConsoleCall(req: FastifyRequest): boolean {
  const ref = (req.params as { ref?: unknown } | undefined)?.ref;
  const route = req.routeOptions?.url;
  return typeof ref === 'string' && !!route && !LOG_READS.test(route);
}
