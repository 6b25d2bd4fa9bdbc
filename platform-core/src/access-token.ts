import type { FastifyRequest } from 'fastify';

/** Personal access tokens of the platform API start with this, so a bearer header is told apart from anything else. */
export const ACCESS_TOKEN_PREFIX = 'plinth_pat_';

/** The personal access token a request carries in `Authorization: Bearer …`, or null. */
export function bearerAccessToken(req: Pick<FastifyRequest, 'headers'>): string | null {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m && m[1]!.startsWith(ACCESS_TOKEN_PREFIX) ? m[1]! : null;
}
