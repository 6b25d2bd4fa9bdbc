// Answers to an area page's first GETs, asked for before the area's code is here (issue 21: a cold
// page in one wave). The page's area manifest lists them (`preload` of a page); the console's
// document starts them from its inline script (deploy/src/shell-page.ts) and the shell starts them
// when it opens an area in the page (host-shell/src/areas/area-preloads.ts). The first GET of the
// same address through any `createHttp` of the page (the host's or an area's, whichever copy of
// this module it bundles) takes the answer once instead of asking again.
//
// What keeps it safe: only GETs are preloaded and taken; only same-origin API addresses are
// preloaded; an answer is taken once and only while it is fresh (a few seconds from its start);
// an answer asked for under another session (the CSRF cookie, bound to the session and new at
// every sign-in and sign-out) is never taken; and any other call than a GET drops every kept
// answer, so nothing read before a change (or a sign-out) is taken after it.

/** How long a preloaded answer may be taken after its call started. */
export const PRELOAD_FRESH_MS = 5_000;

/** The page's global the document's inline script and every copy of this module share. */
export const PRELOAD_GLOBAL = '__plinthPreloads';

/** One preloaded GET: when it started, under which session, and its pending answer. */
export interface PreloadedResponse {
  at: number;
  session: string | null;
  response: Promise<Response | null>;
}

type Store = Record<string, PreloadedResponse | undefined>;

function store(scope: Record<string, unknown>): Store {
  let kept = scope[PRELOAD_GLOBAL] as Store | undefined;
  if (!kept || typeof kept !== 'object') {
    kept = Object.create(null) as Store;
    scope[PRELOAD_GLOBAL] = kept;
  }
  return kept;
}

const defaultScope = () => globalThis as unknown as Record<string, unknown>;

/**
 * Whether an address may be preloaded: a path of the console's own API ("/api/…"), no other
 * origin, no dot segments, no empty segments, no fragment.
 */
export function isPreloadableApiPath(url: string, apiBase = '/api'): boolean {
  const base = apiBase.replace(/\/$/, '');
  if (!base.startsWith('/') || base.startsWith('//')) return false;
  if (!url.startsWith(`${base}/`) || url.includes('#') || url.includes('\\')) return false;
  const path = url.split('?')[0] as string;
  return path
    .slice(1)
    .split('/')
    .every((segment) => segment !== '' && segment !== '.' && segment !== '..' && !/^%2e(%2e)?$/i.test(segment) && !/^\.%2e$|^%2e\.$/i.test(segment));
}

export interface PreloadOptions {
  /** The session the calls are made under (default: the CSRF cookie, which is bound to it). */
  session?: string | null;
  fetch?: typeof fetch;
  now?: () => number;
  scope?: Record<string, unknown>;
  apiBase?: string;
}

/**
 * Starts GETs of API addresses ("/api/platform/storage/abc/buckets") and keeps their answers for
 * the page's first call of each. Addresses that are not the console's API are skipped; an address
 * already pending and fresh is not asked twice.
 */
export function preloadGets(urls: readonly string[], options: PreloadOptions = {}): void {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const now = options.now ?? Date.now;
  const kept = store(options.scope ?? defaultScope());
  const session = options.session !== undefined ? options.session : sessionMarker();
  for (const url of urls) {
    if (!isPreloadableApiPath(url, options.apiBase)) continue;
    const known = kept[url];
    if (known && now() - known.at <= PRELOAD_FRESH_MS && known.session === session) continue;
    let response: Promise<Response | null>;
    try {
      response = doFetch(url, { method: 'GET', headers: { accept: 'application/json' }, credentials: 'include' }).catch(() => null);
    } catch {
      continue;
    }
    kept[url] = { at: now(), session, response };
  }
}

/**
 * The preloaded answer of a GET, once: null when there is none, it is older than PRELOAD_FRESH_MS,
 * or it was asked for under another session (then it is dropped).
 */
export function takePreloaded(url: string, options: Pick<PreloadOptions, 'session' | 'now' | 'scope'> = {}): Promise<Response | null> | null {
  const scope = options.scope ?? defaultScope();
  const kept = scope[PRELOAD_GLOBAL] as Store | undefined;
  const entry = kept?.[url];
  if (!kept || !entry) return null;
  delete kept[url];
  const now = options.now ?? Date.now;
  const session = options.session !== undefined ? options.session : sessionMarker();
  if (now() - entry.at > PRELOAD_FRESH_MS || entry.session !== session) return null;
  return entry.response;
}

/** Drops every kept answer: after any call that may change what they say (or the session). */
export function dropPreloaded(scope: Record<string, unknown> = defaultScope()): void {
  const kept = scope[PRELOAD_GLOBAL] as Store | undefined;
  if (!kept) return;
  for (const url of Object.keys(kept)) delete kept[url];
}

/** The session a call is made under, as the page's script sees it: its CSRF cookie (bound to the session). */
function sessionMarker(): string | null {
  if (typeof document === 'undefined') return null;
  const parts = document.cookie.split('; ');
  for (const name of ['__Host-plinth_csrf=', 'plinth_csrf=']) {
    const hit = parts.find((part) => part.startsWith(name));
    if (hit !== undefined) return hit.slice(name.length);
  }
  return null;
}
