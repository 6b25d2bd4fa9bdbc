import type { FastifyInstance } from 'fastify';

/** Cookies of one client, as a browser would keep them (name → value; no domains or paths). */
export class CookieJar {
  private cookies = new Map<string, string>();

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  delete(name: string): void {
    this.cookies.delete(name);
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Reads Set-Cookie headers; a cookie with Max-Age=0 or an expiry in the past is removed. */
  absorb(setCookie: string | string[] | undefined | null): void {
    if (!setCookie) return;
    for (const line of Array.isArray(setCookie) ? setCookie : [setCookie]) {
      const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      if (eq < 1) continue;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const expired = attrs.some((a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) < Date.now()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** A fetch that goes through app.inject (no port needed) and keeps cookies in this jar. */
  injectFetch(app: FastifyInstance): typeof fetch {
    return (async (input: string | URL | Request, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
      const u = new URL(url, 'http://plinth.test');
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((v, k) => (headers[k] = v));
      const cookie = this.header();
      if (cookie) headers.cookie = cookie;
      let payload: string | Buffer | undefined;
      if (typeof init.body === 'string') payload = init.body;
      else if (init.body instanceof Uint8Array) payload = Buffer.from(init.body);
      else if (init.body instanceof ArrayBuffer) payload = Buffer.from(init.body);
      else if (init.body instanceof Blob) payload = Buffer.from(await init.body.arrayBuffer());
      const res = await app.inject({ method: (init.method ?? 'GET') as 'GET', url: u.pathname + u.search, headers, payload });
      this.absorb(res.headers['set-cookie'] as string | string[] | undefined);
      const out = new Headers();
      for (const [k, v] of Object.entries(res.headers)) {
        if (v === undefined || k === 'set-cookie') continue;
        out.set(k, Array.isArray(v) ? v.join(', ') : String(v));
      }
      const body = res.statusCode === 204 || res.statusCode === 304 ? null : new Uint8Array(res.rawPayload);
      return new Response(body, { status: res.statusCode, headers: out });
    }) as typeof fetch;
  }

  /** A fetch to a listening server (for benches or browser-like tests) that keeps cookies in this jar. */
  networkFetch(): typeof fetch {
    return (async (input: string | URL | Request, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      const cookie = this.header();
      if (cookie) headers.set('cookie', cookie);
      const res = await fetch(input, { ...init, headers });
      this.absorb(res.headers.getSetCookie());
      return res;
    }) as typeof fetch;
  }
}
