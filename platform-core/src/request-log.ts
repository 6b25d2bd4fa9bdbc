import type { FastifyRequest } from 'fastify';

// The request log's seam: every answered call of a project's services is told to the listeners
// here (the console's log store and usage counts subscribe); the services know nothing of them.

/** Who called: the project API roles. */
export type CallerRole = 'anon' | 'authenticated' | 'service_role';

/** One answered request of an app-facing endpoint, for the project's logs and usage. */
export interface ProjectApiRequestRecord {
  ref: string;
  service: 'auth' | 'rest' | 'storage';
  method: string;
  /** The path below the service, without the query string (e.g. "/token"). */
  path: string;
  status: number;
  latencyMs: number;
  role: CallerRole | null;
  userId: string | null;
  /** What happened, for auth events (e.g. "login", "token_refreshed", "user_signedup"). */
  event?: string;
  /** The raw query string (without "?"); it may carry tokens, which whoever stores it must strip. */
  search?: string;
  /** Bytes of the answer's body (its content-length). */
  bytesOut?: number;
  /** The storage operation of a storage call, with its bucket and object names. */
  storage?: { operation: string; bucket: string | null; objects: string[] };
  /** The error answered, e.g. a database error of the data API (SQLSTATE or PGRST code). */
  error?: { code: string; message: string };
}

/**
 * Listeners told of every answered request (logs and usage subscribe here), with the request it
 * answered (a server's own listener ignores requests of another server in the process); a throwing
 * one is ignored.
 */
export const projectApiRequestRecorders: ((record: ProjectApiRequestRecord, req?: FastifyRequest) => void)[] = [];

export function recordProjectApiRequest(record: ProjectApiRequestRecord, req?: FastifyRequest): void {
  for (const recorder of projectApiRequestRecorders) {
    try {
      recorder(record, req);
    } catch {
      // recording never fails a request
    }
  }
}
