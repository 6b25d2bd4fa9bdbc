import type { ProjectApiRequestRecord, ProjectLogEventRecord } from '@plinth/platform-core/request-log';

// A recorded request as the log store keeps it: no secret ever reaches a row. Query values that
// carry credentials (API keys, tokens, passwords, codes) are replaced, and anything shaped like a
// JWT is masked wherever it appears.

export interface LogEntry {
  at: number;
  ref: string;
  service: string;
  method: string;
  path: string;
  search: string;
  status: number;
  latencyMs: number;
  role: string | null;
  userId: string | null;
  bytesOut: number;
  bytesIn: number;
  event: string | null;
  storageOperation: string | null;
  bucketId: string | null;
  objectName: string | null;
  errorCode: string | null;
  errorMessage: string | null;
}

export const REDACTED = '[redacted]';
const SECRET_PARAM = /^(apikey|api_key|key|token|token_hash|access_token|refresh_token|id_token|provider_token|password|secret|jwt|code|signature|code_verifier)$/i;
const JWT_LIKE = /eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]*)?/g;
/** Postgres text holds no NUL: it is dropped (a request may carry one anywhere). */
const text = (s: string) => s.replaceAll('\u0000', '');
const optional = (s: string | null | undefined) => (s == null ? null : text(s));
const cap = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** Masks anything shaped like a JWT. */
export const maskTokens = (s: string): string => text(s).replace(JWT_LIKE, REDACTED);

/** The query string with the values of credential parameters replaced. */
export function sanitizeSearch(search: string): string {
  if (!search) return '';
  const parts = search.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const name = eq >= 0 ? pair.slice(0, eq) : pair;
    let decoded = name;
    try {
      decoded = decodeURIComponent(name);
    } catch {
      // a malformed name is kept as sent
    }
    return eq >= 0 && SECRET_PARAM.test(decoded) ? `${name}=${REDACTED}` : pair;
  });
  return cap(maskTokens(parts.join('&')), 2048);
}

export function toLogEntry(r: ProjectApiRequestRecord, at = Date.now()): LogEntry {
  const objects = r.storage?.objects ?? [];
  return {
    at,
    ref: cap(text(r.ref), 64),
    service: r.service,
    method: cap(text(r.method), 16),
    path: cap(maskTokens(r.path), 1024),
    search: sanitizeSearch(r.search ?? ''),
    status: r.status,
    latencyMs: Number.isFinite(r.latencyMs) ? r.latencyMs : 0,
    role: r.role,
    userId: optional(r.userId),
    bytesOut: r.bytesOut ?? 0,
    bytesIn: r.bytesIn != null && Number.isSafeInteger(r.bytesIn) && r.bytesIn >= 0 ? r.bytesIn : 0,
    event: optional(r.event),
    storageOperation: optional(r.storage?.operation),
    bucketId: optional(r.storage?.bucket),
    objectName: objects.length ? cap(text(objects.join(', ')), 1024) : null,
    errorCode: optional(r.error?.code),
    errorMessage: r.error ? cap(maskTokens(r.error.message), 1000) : null,
  };
}

/** An event that is not a call, as the log store keeps it (secrets masked like a call's). */
export interface LogEvent {
  at: number;
  ref: string;
  source: string;
  level: string;
  action: string | null;
  message: string;
  userId: string | null;
  role: string | null;
  status: number | null;
  durationMs: number | null;
  sqlState: string | null;
  query: string | null;
  origin: string | null;
  detail: string | null;
  /** Rows a timed statement answered or changed (the statement log, statement-stats.ts). */
  rows?: number | null;
}

export function toLogEvent(r: ProjectLogEventRecord, at = Date.now()): LogEvent {
  const masked = (s: string | null | undefined, n: number) => (s == null ? null : cap(maskTokens(s), n));
  return {
    at,
    ref: cap(text(r.ref), 64),
    source: r.source,
    level: cap(text(r.level), 16),
    action: optional(r.action),
    message: cap(maskTokens(r.message), 2000),
    userId: optional(r.userId),
    role: optional(r.role),
    status: r.status ?? null,
    durationMs: r.durationMs != null && Number.isFinite(r.durationMs) ? r.durationMs : null,
    sqlState: optional(r.sqlState),
    query: masked(r.query, 4000),
    origin: optional(r.origin),
    detail: masked(r.detail, 1000),
  };
}
