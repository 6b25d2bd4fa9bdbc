import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ControlEvents } from '@plinth/platform-core/control-events';
import type { ControlDatabase } from '@plinth/platform-core/deps';
import { JwtError, verifyJwt, type JwtClaims } from '@plinth/platform-core/jwt';

// Who is calling a project's app-facing endpoints ({project URL}/auth/v1, /rest/v1, /storage/v1):
// the `apikey` header (the project's anon or service_role key) and, when present, the bearer token of
// `Authorization` (a user's access token, or again an API key). Every token is an HS256 JWT signed
// with the project's JWT secret, checked by core/jwt.ts, so a token of another project, a forged one,
// one signed before the secret was rotated, one without a numeric `exp` or past it is refused.

import type { CallerRole } from '@plinth/platform-core/request-log';
export type { CallerRole };
const ROLES: ReadonlySet<string> = new Set<CallerRole>(['anon', 'authenticated', 'service_role']);

export interface ProjectCaller {
  ref: string;
  role: CallerRole;
  /** The verified claims of the token that decides the role (bearer token, else the API key), frozen. */
  claims: JwtClaims;
  /** The user's id (claims.sub) for an authenticated caller. */
  userId: string | null;
  /** The raw token, for endpoints that act on the caller's own session. */
  token: string;
}

/** Why a caller was refused; each endpoint answers it in the shape its clients expect. */
export class CallerError extends Error {
  constructor(
    readonly status: 401 | 403,
    message: string,
    readonly reason: 'no_api_key' | 'invalid_api_key' | 'invalid_jwt' | 'expired_jwt',
  ) {
    super(message);
    this.name = 'CallerError';
  }
}

export interface ProjectSecrets {
  ref: string;
  jwtSecret: string;
}

/** How long a project's secrets and settings are kept in memory at most (the write paths forget them at once). */
const PROJECT_RECORD_MAX_AGE_MS = 5_000;
/** Bumped for a project whenever its secrets or settings change: a copy read before is never answered again. */
const generations = new Map<string, number>();
/** Bumped when another instance's messages may have been lost: every copy is read afresh. */
let epoch = 0;
/** The control events of the servers in this process (several in tests): a change is told to the other instances through each. */
const sharers = new Set<ControlEvents>();
const RECORDS_TOPIC = 'project-services.records';

/**
 * What a project's app-facing endpoints read from the control database on every call (its JWT
 * secret, its data API settings), kept in memory per control database for a few seconds (an unknown project is never kept).
 * `forgetProjectRecords(ref)` drops every copy of a project's records, so a JWT secret rotation or
 * a settings change takes effect on the very next request.
 */
export class ProjectRecordCache<T> {
  private readonly byControl = new WeakMap<object, Map<string, { generation: string; at: number; value: Promise<T> }>>();

  constructor(private readonly maxAgeMs = PROJECT_RECORD_MAX_AGE_MS) {}

  get(control: object, ref: string, load: () => Promise<T>): Promise<T> {
    let entries = this.byControl.get(control);
    if (!entries) this.byControl.set(control, (entries = new Map()));
    const generation = `${epoch}:${generations.get(ref) ?? 0}`;
    const cached = entries.get(ref);
    if (cached && cached.generation === generation && Date.now() - cached.at < this.maxAgeMs) return cached.value;
    const value = load();
    const entry = { generation, at: Date.now(), value };
    entries.set(ref, entry);
    // A failed read, or an unknown project (it may be created in a moment), is not kept.
    const drop = () => {
      if (entries.get(ref) === entry) entries.delete(ref);
    };
    value.then((v) => v ?? drop(), drop);
    return value;
  }
}

/** The project's JWT secret or data API settings changed: the next request reads them afresh. */
export function forgetProjectRecords(ref: string): void {
  forgetHere(ref);
  for (const events of sharers) void events.publish(RECORDS_TOPIC, ref);
}

function forgetHere(ref: string): void {
  generations.set(ref, (generations.get(ref) ?? 0) + 1);
}

/**
 * Makes a JWT secret rotation or a settings change made on another API instance on the same
 * control database take effect here at once too (not after PROJECT_RECORD_MAX_AGE_MS), and this
 * instance's changes there. Answers the function that stops it (the server's close).
 */
export function shareProjectRecords(events: ControlEvents): () => void {
  events.on(RECORDS_TOPIC, forgetHere);
  events.onResync(() => void epoch++);
  sharers.add(events);
  return () => sharers.delete(events);
}

const secretsCache = new ProjectRecordCache<ProjectSecrets | null>();

/** The project's JWT secret (null for an unknown project), read afresh after a rotation (see ProjectRecordCache). */
export function projectSecrets(control: Pick<ControlDatabase, 'query'>, ref: string): Promise<ProjectSecrets | null> {
  return secretsCache.get(control, ref, async () => {
    const r = await control.query<{ jwt_secret: string }>('select jwt_secret from projects where ref = $1', [ref]);
    const secret = r.rows[0]?.jwt_secret;
    return secret ? { ref, jwtSecret: secret } : null;
  });
}

/**
 * Verifies a token under the project's JWT secret (core/jwt.ts: HS256 pinned, `exp` required and a
 * number, `nbf` honoured; verified tokens are kept so the same token needs no new HMAC).
 */
export async function verifyProjectToken(token: string, secret: string, nowS?: number): Promise<JwtClaims> {
  try {
    return await verifyJwt(token, secret, { nowS });
  } catch (err) {
    if (err instanceof JwtError) throw new CallerError(401, err.message, err.reason === 'expired' ? 'expired_jwt' : 'invalid_jwt');
    throw err;
  }
}

function bearer(value: string | string[] | undefined): string | null {
  const v = Array.isArray(value) ? value[0] : value;
  const m = /^Bearer\s+(\S+)$/i.exec(v ?? '');
  return m ? m[1]! : null;
}

/**
 * Resolves the caller of a project endpoint from its headers. The API key must be one of this
 * project's keys (a valid token with role anon or service_role); the bearer token, when given, decides
 * the role and claims.
 */
export async function resolveCaller(secrets: ProjectSecrets, headers: Record<string, string | string[] | undefined>): Promise<ProjectCaller> {
  const apikeyHeader = headers.apikey;
  const apikey = (Array.isArray(apikeyHeader) ? apikeyHeader[0] : apikeyHeader) ?? bearer(headers.authorization);
  if (!apikey) throw new CallerError(401, 'No API key found in request', 'no_api_key');
  let keyClaims: JwtClaims;
  try {
    keyClaims = await verifyProjectToken(apikey, secrets.jwtSecret);
  } catch {
    throw new CallerError(401, 'Invalid API key', 'invalid_api_key');
  }
  if (keyClaims.role !== 'anon' && keyClaims.role !== 'service_role') throw new CallerError(401, 'Invalid API key', 'invalid_api_key');
  const token = bearer(headers.authorization) ?? apikey;
  const claims = token === apikey ? keyClaims : await verifyProjectToken(token, secrets.jwtSecret);
  const role = typeof claims.role === 'string' && ROLES.has(claims.role) ? (claims.role as CallerRole) : null;
  if (!role) throw new CallerError(403, 'The token names no role this project knows', 'invalid_jwt');
  if (typeof claims.ref === 'string' && claims.ref !== secrets.ref) throw new CallerError(401, 'Invalid JWT: issued for another project', 'invalid_jwt');
  const userId = role === 'authenticated' && typeof claims.sub === 'string' ? claims.sub : null;
  return { ref: secrets.ref, role, claims, userId, token };
}

/** Bytes of an answer's body, from its content-length (0 when unknown). */
export function answeredBytes(reply: FastifyReply): number {
  const n = Number(reply.getHeader('content-length'));
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** The query string of a request, without "?". */
export const searchOf = (url: string): string => {
  const q = url.indexOf('?');
  return q >= 0 ? url.slice(q + 1) : '';
};

export { projectApiRequestRecorders, recordProjectApiRequest, type ProjectApiRequestRecord } from '@plinth/platform-core/request-log';
