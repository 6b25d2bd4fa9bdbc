import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER, HOST_COOKIE_PREFIX, SESSION_COOKIE } from '@plinth/shared-contracts';
import { HttpError } from './http-error';
import { bearerAccessToken } from './access-token';
import type { CsrfTokens } from './csrf';

export interface CookieSettings {
  /** Marks every cookie Secure (the console is served over HTTPS). */
  secure: boolean;
  sessionTtlMs: number;
  csrf: CsrfTokens;
}

/**
 * The console's cookie names: over HTTPS with the `__Host-` prefix (only this exact host can set
 * them, so no project origin can toss one in), else the plain names. Each server reads only its
 * own names: a plain cookie sent to an HTTPS console is ignored.
 */
export function cookieNames(secure: boolean): { session: string; csrf: string } {
  return secure ? { session: HOST_COOKIE_PREFIX + SESSION_COOKIE, csrf: HOST_COOKIE_PREFIX + CSRF_COOKIE } : { session: SESSION_COOKIE, csrf: CSRF_COOKIE };
}

/** The session token a request carries (its cookie under this server's name). */
export function sessionCookieOf(req: FastifyRequest, secure: boolean): string | undefined {
  return req.cookies?.[cookieNames(secure).session];
}

export function setSessionCookie(reply: FastifyReply, token: string, s: CookieSettings): void {
  reply.setCookie(cookieNames(s.secure).session, token, { httpOnly: true, sameSite: 'lax', secure: s.secure, path: '/', maxAge: Math.floor(s.sessionTtlMs / 1000) });
}

export function clearSessionCookie(reply: FastifyReply, s: CookieSettings): void {
  reply.clearCookie(cookieNames(s.secure).session, { httpOnly: true, sameSite: 'lax', secure: s.secure, path: '/' });
}

/** Sets a new CSRF token bound to this session token (or to none): at sign-in, sign-up and sign-out. */
export function rotateCsrfCookie(reply: FastifyReply, sessionToken: string | undefined, s: CookieSettings): string {
  const token = s.csrf.mint(sessionToken);
  reply.setCookie(cookieNames(s.secure).csrf, token, { httpOnly: false, sameSite: 'lax', secure: s.secure, path: '/' });
  return token;
}

/** The double-submit token: a cookie the page's script reads and echoes in x-csrf-token. Kept while it is valid for this request's session. */
export function ensureCsrfCookie(req: FastifyRequest, reply: FastifyReply, s: CookieSettings): string {
  const existing = req.cookies?.[cookieNames(s.secure).csrf];
  const session = sessionCookieOf(req, s.secure);
  if (existing && s.csrf.verify(existing, session)) return existing;
  return rotateCsrfCookie(reply, session, s);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every state-changing call must echo the CSRF cookie in the x-csrf-token header, and the token
 * must be one this server minted for the request's session cookie (or for no session). A refusal
 * carries a fresh cookie (e.g. after the session cookie expired), so the page's next try works.
 */
export function checkCsrf(req: FastifyRequest, reply: FastifyReply, s: CookieSettings): void {
  if (SAFE_METHODS.has(req.method)) return;
  // A personal access token call is not cookie-authenticated (the session ignores its cookies), so a
  // page of another site cannot forge it: no CSRF token to echo.
  if (bearerAccessToken(req)) return;
  const cookie = req.cookies?.[cookieNames(s.secure).csrf];
  const header = req.headers[CSRF_HEADER];
  const session = sessionCookieOf(req, s.secure);
  if (!cookie || typeof header !== 'string' || header !== cookie || !s.csrf.verify(header, session)) {
    if (!cookie || !s.csrf.verify(cookie, session)) rotateCsrfCookie(reply, session, s);
    throw new HttpError(403, 'Invalid CSRF token', 'CSRF');
  }
}
