// An area page's first API calls, started by the shell as soon as it knows the address (issue 21:
// a cold page in one wave): the page's manifest lists them (`preload`), so the shell starts them
// beside the area's code instead of after mounting it, and the page's own first call of each
// takes the answer (shared-contracts/src/preloaded.ts). The console's document starts them for
// the address it opens on (deploy/src/shell-page.ts); this does the same when the shell opens an
// area in the page, and for a document without that script (a development server).
import { preloadGets, preloadsOfPath } from '@plinth/shared-contracts';
import { placeArea, type AreaManifests } from './area-table';

/** The API addresses the area page at a console path calls first (none outside an area). */
export function areaPreloadsOf(pathname: string, areas: AreaManifests, apiBase = '/api'): string[] {
  const placement = placeArea(pathname, areas);
  const manifest = placement ? areas[placement.area] : undefined;
  if (!placement || !manifest) return [];
  const below = pathname.slice(placement.basePath.length);
  return preloadsOfPath(manifest, below, placement.projectRef === undefined ? undefined : safeDecode(placement.projectRef), apiBase);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Starts the area page's first calls for a console path (a call already started and fresh is not asked twice). */
export function startAreaPreloads(pathname: string, areas: AreaManifests, options: { apiBase?: string; fetch?: typeof fetch } = {}): string[] {
  const urls = areaPreloadsOf(pathname, areas, options.apiBase);
  if (urls.length) preloadGets(urls, { fetch: options.fetch, apiBase: options.apiBase });
  return urls;
}
