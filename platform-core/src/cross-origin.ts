import type { FastifyRequest } from 'fastify';
import { HttpError } from './deps';

// The console's API is called by the console's own pages alone. Browsers say where a request comes
// from (Origin on every write, Sec-Fetch-Site where they support it); a write from any other origin
// (a project's services origin included) is refused before any route runs, whatever cookies it
// carries. The API sends no CORS headers, so another origin can neither read an answer nor send a
// custom header such as the CSRF token's.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_ORIGIN_MESSAGE = 'Requests from another origin are refused: the console API answers the console alone';

/**
 * Whether a browser's Origin is the console's own: the public URL's origin when it is set; else the
 * host this request was sent to (the scheme aside: behind a proxy that ends TLS the browser says
 * https while this server sees http).
 */
function isConsoleOrigin(origin: string, req: FastifyRequest, publicUrl: string | null): boolean {
  if (publicUrl) return origin === new URL(publicUrl).origin;
  try {
    const url = new URL(origin);
    return /^https?:$/.test(url.protocol) && url.host === req.host;
  } catch {
    return false;
  }
}

export function refuseCrossOriginWrite(req: FastifyRequest, publicUrl: string | null): void {
  if (SAFE_METHODS.has(req.method)) return;
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') throw new HttpError(403, CROSS_ORIGIN_MESSAGE, 'CROSS_ORIGIN');
  const origin = req.headers.origin;
  if (origin === undefined) return; // not a browser's cross-origin call (those always carry Origin on a write)
  if (!isConsoleOrigin(origin, req, publicUrl)) throw new HttpError(403, CROSS_ORIGIN_MESSAGE, 'CROSS_ORIGIN');
}
