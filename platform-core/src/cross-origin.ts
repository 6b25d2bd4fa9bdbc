import type { FastifyRequest } from 'fastify';
import { HttpError } from './deps';

// The console's API is called by the console's own pages alone. Browsers say where a request comes
// from (Origin on every write, Sec-Fetch-Site where they support it); a write from any other origin
// (a project's services origin included) is refused before any route runs, whatever cookies it
// carries. The API sends no CORS headers, so another origin can neither read an answer nor send a
// custom header such as the CSRF token's.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_ORIGIN_MESSAGE = 'Requests from another origin are refused: the console API answers the console alone';

/** The console's own origin: its public URL's, or the one this request was sent to. */
function consoleOrigin(req: FastifyRequest, publicUrl: string | null): string {
  if (publicUrl) return new URL(publicUrl).origin;
  return `${req.protocol}://${req.host}`;
}

export function refuseCrossOriginWrite(req: FastifyRequest, publicUrl: string | null): void {
  if (SAFE_METHODS.has(req.method)) return;
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') throw new HttpError(403, CROSS_ORIGIN_MESSAGE, 'CROSS_ORIGIN');
  const origin = req.headers.origin;
  if (origin === undefined) return; // not a browser's cross-origin call (those always carry Origin on a write)
  if (origin !== consoleOrigin(req, publicUrl)) throw new HttpError(403, CROSS_ORIGIN_MESSAGE, 'CROSS_ORIGIN');
}
