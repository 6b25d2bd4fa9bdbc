// The shell's view of the areas an environment runs, derived from their manifests alone (no area
// code is loaded): which area owns a path, the page it is, its title and its status-gate rule.
// The shell knows its own pages only; everything else about an area is read here.
import type { AreaManifest, AreaName, AreaPage, GateBypass } from '@plinth/shared-contracts';

/** The environment's areas by id, as their manifests describe them. */
export type AreaManifests = Readonly<Record<AreaName, AreaManifest>>;

export interface AreaPlacement {
  area: AreaName;
  /** Path the area's router is mounted under; the area owns everything below it. */
  basePath: string;
  projectRef?: string;
}

/** The environment's manifests by area id (an environment entry's key is its manifest's id). */
export function manifestsOf(environment: { areas: Readonly<Record<string, { manifest: AreaManifest }>> }): AreaManifests {
  return Object.fromEntries(Object.entries(environment.areas).map(([area, release]) => [area, release.manifest]));
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** The area whose manifest claims this first segment below /project/{ref}/ (or at the root). */
export function areaOwning(areas: AreaManifests, segment: string, scope: 'project' | 'root'): AreaName | undefined {
  return Object.values(areas).find((manifest) => (scope === 'project' ? manifest.routes.project : (manifest.routes.root ?? [])).includes(segment))?.id;
}

/** First segments of the console's root that areas own ("org", "account"). */
export function rootSegmentsOf(areas: AreaManifests): string[] {
  return Object.values(areas).flatMap((manifest) => manifest.routes.root ?? []);
}

/**
 * Which area renders a path. Inside a project the area's base path is /project/{ref} and it owns
 * its first segments (storage/…; sql-editor: editor, sql, database, api); at the root its base is
 * "/" and it owns segments such as org/… and account/….
 */
export function placeArea(pathname: string, areas: AreaManifests): AreaPlacement | undefined {
  const parts = segmentsOf(pathname);
  if (parts[0] === 'project' && parts[1]) {
    const area = parts[2] ? areaOwning(areas, parts[2], 'project') : undefined;
    return area ? { area, basePath: `/project/${parts[1]}`, projectRef: parts[1] } : undefined;
  }
  const area = parts[0] ? areaOwning(areas, parts[0], 'root') : undefined;
  return area ? { area, basePath: '/' } : undefined;
}

/** How many segments a page pattern fixes ("storage/buckets/:id" 3, "storage/*" 1), or -1 when it does not match. */
function matchScore(pattern: string, path: string[]): number {
  const parts = segmentsOf(pattern);
  let score = 0;
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i];
    if (part === '*') return score;
    if (i >= path.length) return -1;
    if (!part.startsWith(':')) {
      if (part !== path[i]) return -1;
      score += 1;
    }
  }
  return parts.length === path.length ? score + 0.5 : -1;
}

/** The manifest page a path is (most specific match), below the area's base path. */
export function pageAt(manifest: AreaManifest, pathBelowBase: string): AreaPage | undefined {
  const path = segmentsOf(pathBelowBase);
  let best: { page: AreaPage; score: number } | undefined;
  for (const page of manifest.pages) {
    const score = matchScore(page.path, path);
    if (score >= 0 && (!best || score > best.score)) best = { page, score };
  }
  return best?.page;
}

/** The area page a console path shows, if an area owns it. */
export function areaPageOf(pathname: string, areas: AreaManifests): AreaPage | undefined {
  const placement = placeArea(pathname, areas);
  const manifest = placement ? areas[placement.area] : undefined;
  if (!placement || !manifest) return undefined;
  return pageAt(manifest, pathname.slice(placement.basePath.length));
}

/** The project home is the shell's own page: a paused project shows it (000 §4.1). */
const HOME_SHOWN_WHILE: readonly GateBypass[] = ['paused'];

/**
 * The status screens a page under /project/{ref} is shown through (000 §4.1): the home's from the
 * shell, an area page's from its manifest; none for any other page.
 */
export function shownWhileOf(pathname: string, ref: string, areas: AreaManifests): readonly GateBypass[] {
  const prefix = `/project/${ref}`;
  const rest = pathname.startsWith(prefix) ? pathname.slice(prefix.length) : pathname;
  if (segmentsOf(rest).length === 0) return HOME_SHOWN_WHILE;
  return areaPageOf(`${prefix}${rest}`, areas)?.shownWhile ?? [];
}
