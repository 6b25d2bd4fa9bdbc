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
  /** Bytes of the request's body (its content-length), e.g. an upload's. */
  bytesIn?: number;
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

/**
 * An event of a project that is not one answered call: a statement that failed or ran slowly
 * (source `postgres`), an e-mail sent or an MFA step of the auth service (`auth`), and the
 * sources the platform gains later (`function_edge`, `function_runtime`, `realtime`, `pooler`).
 */
export interface ProjectLogEventRecord {
  ref: string;
  source: 'postgres' | 'auth' | 'function_edge' | 'function_runtime' | 'realtime' | 'pooler';
  /** ERROR, WARNING, LOG, INFO. */
  level: string;
  message: string;
  /** What happened, e.g. "email_sent", "mfa_challenge_verified" (auth). */
  action?: string;
  userId?: string | null;
  /** The database role (postgres) or API role (auth) that acted. */
  role?: string | null;
  status?: number;
  durationMs?: number;
  /** SQLSTATE of a failed statement. */
  sqlState?: string;
  /** The statement, without its parameters' values. */
  query?: string;
  /** Where it came from: `data_api`, `sql_editor`... */
  origin?: string;
  /** One more fact of the event (an e-mail's kind, an error's detail). */
  detail?: string;
}

/** Listeners told of every project event (the log store subscribes here); a throwing one is ignored. */
export const projectLogEventRecorders: ((record: ProjectLogEventRecord, server?: unknown) => void)[] = [];

/** Statements slower than this are logged as slow statements of the Postgres source. */
export const SLOW_STATEMENT_MS = 1_000;

/**
 * Tells the listeners of an event; `server` is the Fastify instance the event happened under (a
 * store ignores another server's events in the same process). Never throws.
 */
export function recordProjectLogEvent(record: ProjectLogEventRecord, server?: unknown): void {
  for (const recorder of projectLogEventRecorders) {
    try {
      recorder(record, server);
    } catch {
      // recording never fails a request
    }
  }
}
