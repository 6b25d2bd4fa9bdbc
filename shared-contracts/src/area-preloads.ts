// Starting an area page's first GETs before its code is here, and which they are for an address
// (issue 21: a cold page in one wave). A module of its own: the shell loads it only once someone is
// signed in, so the sign-in page's code never carries it; taking a preloaded answer (preloaded.ts)
// is all that every page's HTTP layer needs.
import type { AreaManifest, AreaPage } from './area-manifest';
import { defaultScope, PRELOAD_FRESH_MS, PRELOAD_GLOBAL, sessionMarker, type PreloadOptions, type Store } from './preloaded';

function store(scope: Record<string, unknown>): Store {
  let kept = scope[PRELOAD_GLOBAL] as Store | undefined;
  if (!kept || typeof kept !== 'object') {
    kept = Object.create(null) as Store;
    scope[PRELOAD_GLOBAL] = kept;
  }
  return kept;
}

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

/** A page pattern's parameters for a path below the base ("storage/buckets/:bucketId" + "storage/buckets/b1"), or null when it does not match. */
export function pagePathParams(pattern: string, pathBelowBase: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = (pathBelowBase.split(/[?#]/)[0] ?? '').split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const part = want[i] as string;
    if (part === '*') return params;
    const at = have[i];
    if (at === undefined) return null;
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(at);
      } catch {
        return null;
      }
    } else if (part !== at) return null;
  }
  return want.length === have.length ? params : null;
}

/**
 * A page's preload addresses with the project and the path's parameters filled in (each encoded
 * as one segment), below `apiBase`. A template whose value is missing, empty or a dot segment is
 * left out.
 */
export function fillPreloads(templates: readonly string[] | undefined, values: Readonly<Record<string, string | undefined>>, apiBase = '/api'): string[] {
  const base = apiBase.replace(/\/$/, '');
  const filled: string[] = [];
  for (const template of templates ?? []) {
    let ok = true;
    const path = template.replace(/\{([A-Za-z][A-Za-z0-9_]*)\}/g, (_, name: string) => {
      const value = values[name];
      if (!value || value === '.' || value === '..') ok = false;
      return encodeURIComponent(value ?? '');
    });
    if (ok) filled.push(`${base}${path}`);
  }
  return filled;
}

/**
 * The preload addresses of the page a path below the area's base shows (the most specific page
 * that matches), for the open project: what the console starts before the area's code is here.
 */
export function preloadsOfPath(manifest: Pick<AreaManifest, 'pages'>, pathBelowBase: string, projectRef: string | undefined, apiBase = '/api'): string[] {
  let best: { page: AreaPage; params: Record<string, string>; score: number } | undefined;
  for (const page of manifest.pages) {
    const params = pagePathParams(page.path, pathBelowBase);
    if (!params) continue;
    const parts = page.path.split('/').filter(Boolean);
    const score = parts.filter((part) => part !== '*' && !part.startsWith(':')).length + (parts.includes('*') ? 0 : 0.5);
    if (!best || score > best.score) best = { page, params, score };
  }
  if (!best?.page.preload) return [];
  return fillPreloads(best.page.preload, { ...best.params, ref: projectRef }, apiBase);
}
