// Kept apart from environment.ts so the shell's entry can start the request before the rest of
// its code (and zod) has loaded; environment.ts reads the answer.

/** Where the deploy server answers with the environment manifest of the running environment. */
export const ENVIRONMENT_URL = '/environment.json';
export const ENVIRONMENT_REQUEST: RequestInit = { headers: { accept: 'application/json' }, cache: 'no-store' };

let early: Promise<Response> | null = null;

/** Where the console document's inline script leaves the request it started (deploy/src/shell-page.ts). */
const DOCUMENT_GLOBAL = '__plinthEnvironment';

/**
 * Starts reading the manifest now (or takes the request the document's script started before any
 * bundle); the first loadEnvironment() of the page takes this answer.
 */
export function requestEnvironmentEarly(scope: Record<string, unknown> = globalThis as unknown as Record<string, unknown>): void {
  const started = scope[DOCUMENT_GLOBAL] as Promise<Response> | undefined;
  delete scope[DOCUMENT_GLOBAL];
  if (started && typeof started.then === 'function') {
    early = started;
    return;
  }
  if (typeof fetch !== 'function') return;
  early = fetch(ENVIRONMENT_URL, ENVIRONMENT_REQUEST);
  // A failure is reported by loadEnvironment when it takes the answer.
  early.catch(() => undefined);
}

/** The answer requested by requestEnvironmentEarly, once; null when there is none (left). */
export function takeEarlyEnvironment(): Promise<Response> | null {
  const answer = early;
  early = null;
  return answer;
}
