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

import { PRELOAD_GLOBAL } from './preload-global';

export { PRELOAD_GLOBAL };

/** How long a preloaded answer may be taken after its call started. */
export const PRELOAD_FRESH_MS = 5_000;


/** One preloaded GET: when it started, under which session, and its pending answer. */
export interface PreloadedResponse {
  at: number;
  session: string | null;
  response: Promise<Response | null>;
}

export type Store = Record<string, PreloadedResponse | undefined>;

export const defaultScope = () => globalThis as unknown as Record<string, unknown>;

export interface PreloadOptions {
  /** The session the calls are made under (default: the CSRF cookie, which is bound to it). */
  session?: string | null;
  fetch?: typeof fetch;
  now?: () => number;
  scope?: Record<string, unknown>;
  apiBase?: string;
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
  delete scope[PRELOAD_GLOBAL];
}

/** The session a call is made under, as the page's script sees it: its CSRF cookie (bound to the session). */
export function sessionMarker(): string | null {
  if (typeof document === 'undefined') return null;
  return /(?:^|; )(?:__Host-)?plinth_csrf=([^;]*)/.exec(document.cookie)?.[1] ?? null;
}
