import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@plinth/shared-contracts';
import { HttpError } from './deps';
import type { CsrfTokens } from './csrf';

export interface CookieSettings {
  /** Marks every cookie Secure (the console is served over HTTPS). */
  secure: boolean;
  sessionTtlMs: number;
  csrf: CsrfTokens;
}

export function setSessionCookie(reply: FastifyReply, token: string, s: CookieSettings): void {
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: s.secure, path: '/', maxAge: Math.floor(s.sessionTtlMs / 1000) });
}

export function clearSessionCookie(reply: FastifyReply, s: CookieSettings): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: s.secure, path: '/' });
}

/** Sets a new CSRF token bound to this session token (or to none): at sign-in, sign-up and sign-out. */
export function rotateCsrfCookie(reply: FastifyReply, sessionToken: string | undefined, s: CookieSettings): string {
  const token = s.csrf.mint(sessionToken);
  reply.setCookie(CSRF_COOKIE, token, { httpOnly: false, sameSite: 'lax', secure: s.secure, path: '/' });
  return token;
}

/** The double-submit token: a cookie the page's script reads and echoes in x-csrf-token. Kept while it is valid for this request's session. */
export function ensureCsrfCookie(req: FastifyRequest, reply: FastifyReply, s: CookieSettings): string {
  const existing = req.cookies?.[CSRF_COOKIE];
  const session = req.cookies?.[SESSION_COOKIE];
  if (existing && s.csrf.verify(existing, session)) return existing;
  return rotateCsrfCookie(reply, session, s);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The app-facing endpoints of a project (/api/projects/{ref}/auth/v1, /rest/v1, /storage/v1 and
 * below): called by apps from any origin with an API key and a bearer token, never with the
 * console's cookies, so the CSRF check does not apply to them.
 */
export const PROJECT_API_PATH = /^\/api\/projects\/[^/?#]+\/(?:auth|rest|storage)\/v1(?:[/?#]|$)/;

/**
 * Every state-changing call must echo the CSRF cookie in the x-csrf-token header, and the token
 * must be one this server minted for the request's session cookie (or for no session). A refusal
 * carries a fresh cookie (e.g. after the session cookie expired), so the page's next try works.
 */
export function checkCsrf(req: FastifyRequest, reply: FastifyReply, s: CookieSettings): void {
  if (SAFE_METHODS.has(req.method) || PROJECT_API_PATH.test(req.url)) return;
  const cookie = req.cookies?.[CSRF_COOKIE];
  const header = req.headers[CSRF_HEADER];
  const session = req.cookies?.[SESSION_COOKIE];
  if (!cookie || typeof header !== 'string' || header !== cookie || !s.csrf.verify(header, session)) {
    if (!cookie || !s.csrf.verify(cookie, session)) rotateCsrfCookie(reply, session, s);
    throw new HttpError(403, 'Invalid CSRF token', 'CSRF');
  }
}
