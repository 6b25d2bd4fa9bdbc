import type { AreaLinkResolver, AreaName } from '@plinth/shared-contracts';
import type { AreaManifests } from './area-table';

export interface LinkContext {
  /** The project the linking area is open on: fills a target's ":ref". */
  projectRef?: string;
}

/**
 * Fills a target's path template: ":ref" from the context, other ":name" parts from params (each
 * used once), the params left over become the query. Null when a part has no value.
 */
export function fillTarget(template: string, params: Record<string, string | number>, context: LinkContext): string | null {
  const rest = new Map(Object.entries(params).map(([key, value]) => [key, String(value)]));
  let missing = false;
  const path = template.replace(/:([A-Za-z][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = rest.get(name) ?? (name === 'ref' ? context.projectRef : undefined);
    rest.delete(name);
    if (value === undefined || value === '') {
      missing = true;
      return '';
    }
    return encodeURIComponent(value);
  });
  if (missing) return null;
  const query = new URLSearchParams([...rest.entries()]).toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Resolves a link an area declares (its manifest's `links`) into the address of the target area's
 * page (that manifest's `targets`). Null when the link is not declared, or the target area or page
 * is not part of this environment: the area then leaves the way there out.
 */
export function resolveAreaLink(
  areas: AreaManifests,
  from: AreaName,
  name: string,
  params: Record<string, string | number> = {},
  context: LinkContext = {},
): string | null {
  const declared = areas[from]?.links?.[name];
  if (!declared) return null;
  const template = areas[declared.area]?.targets?.[declared.target];
  return template ? fillTarget(template, params, context) : null;
}

/** The link() an area is mounted with. */
export function linkResolverFor(areas: AreaManifests, from: AreaName, context: LinkContext): AreaLinkResolver {
  return (name, params) => resolveAreaLink(areas, from, name, params, context);
}
