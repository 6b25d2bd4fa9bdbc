import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@plinth/shared-contracts';
import { HttpError } from './deps';

export interface CookieSettings {
  secure: boolean;
  sessionTtlMs: number;
}

export function setSessionCookie(reply: FastifyReply, token: string, s: CookieSettings): void {
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: s.secure, path: '/', maxAge: Math.floor(s.sessionTtlMs / 1000) });
}

export function clearSessionCookie(reply: FastifyReply, s: CookieSettings): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: s.secure, path: '/' });
}

/** The double-submit token: a cookie the page's script reads and echoes in x-csrf-token. */
export function ensureCsrfCookie(req: FastifyRequest, reply: FastifyReply, s: CookieSettings): string {
  const existing = req.cookies?.[CSRF_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{20,}$/.test(existing)) return existing;
  const token = randomBytes(24).toString('base64url');
  reply.setCookie(CSRF_COOKIE, token, { httpOnly: false, sameSite: 'lax', secure: s.secure, path: '/' });
  return token;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Every state-changing call must echo the CSRF cookie in the x-csrf-token header. */
export function checkCsrf(req: FastifyRequest): void {
  if (SAFE_METHODS.has(req.method)) return;
  const cookie = req.cookies?.[CSRF_COOKIE];
  const header = req.headers[CSRF_HEADER];
  if (!cookie || typeof header !== 'string' || header !== cookie) throw new HttpError(403, 'Invalid CSRF token', 'CSRF');
}
