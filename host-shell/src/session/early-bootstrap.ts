import type { QueryClient } from '@tanstack/react-query';
import { BOOTSTRAP_PATH, queryKeys, type Bootstrap, type Http } from '@plinth/shared-contracts';

// What every page needs before it can show anything (the session, the member's organizations and
// projects, the opened project with its status, permissions and flags) comes in one answer: the
// console's page starts the call from an inline script before any bundle (deploy/src/shell-page.ts)
// and the shell takes its answer here; without that script (a development server) the shell makes
// the same call itself, once. The answer seeds the query cache under the keys the pages ask with,
// so none of them asks again for what it holds.

/** Where the page's inline script leaves the pending answer (deploy/src/shell-page.ts). */
const EARLY_GLOBAL = '__plinthBootstrap';

/** The project ref of a /project/{ref}/… address. */
export function projectRefOf(pathname: string): string | undefined {
  const raw = /^\/project\/([^/]+)/.exec(pathname)?.[1];
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The answer when it has the bootstrap's shape. A check of its parts, not the contracts' schema:
 * the schemas would ride in the start chunk of every page, the sign-in page's among them (its
 * budget); the answer comes from the console's own origin, whose route validates it on the way out.
 */
function valid(raw: unknown): Bootstrap | null {
  if (!isObject(raw) || !isObject(raw.session) || !('user' in raw.session) || !('aal' in raw.session)) return null;
  const listOrNull = (value: unknown) => value === null || Array.isArray(value);
  if (!listOrNull(raw.organizations) || !listOrNull(raw.projects)) return null;
  if (raw.project !== null && !(isObject(raw.project) && isObject(raw.project.project) && Array.isArray(raw.project.members))) return null;
  return raw as unknown as Bootstrap;
}

/** The answer of the call the page's script started, once; null when there is none. */
export function takeEarlyBootstrap(scope: Record<string, unknown> = globalThis as unknown as Record<string, unknown>): Promise<Bootstrap | null> | null {
  const pending = scope[EARLY_GLOBAL] as PromiseLike<unknown> | undefined;
  if (!pending || typeof pending.then !== 'function') return null;
  delete scope[EARLY_GLOBAL];
  return Promise.resolve(pending).then(valid, () => null);
}

/**
 * The bootstrap for the address being opened: the page script's answer, else one call now. Null
 * when it fails: the pages then ask for each part themselves, as they would without it.
 */
export function loadBootstrap(http: Http, pathname: string): Promise<Bootstrap | null> {
  const ref = projectRefOf(pathname);
  return takeEarlyBootstrap() ?? http<unknown>('GET', BOOTSTRAP_PATH, { query: ref ? { project: ref } : {} }).then(valid, () => null);
}

/** Seeds the parts every signed-in page reads: the session, the member's organizations and projects. */
export function seedSession(queryClient: QueryClient, bootstrap: Bootstrap): void {
  queryClient.setQueryData(queryKeys.session(), bootstrap.session);
  if (bootstrap.organizations) queryClient.setQueryData(queryKeys.organizations(), bootstrap.organizations);
  if (bootstrap.projects) queryClient.setQueryData(queryKeys.projects(), bootstrap.projects);
}
