import type { AreaLink } from '@plinth/shared-contracts';
import { useAreas } from '../app/shell-settings';
import { fillTarget, type LinkContext } from './area-link';
import type { AreaManifests } from './area-table';

/**
 * The links the shell itself follows into areas, by name, as an area's manifest declares its
 * `links`: the address comes from the target area's manifest (`targets`), never from the shell.
 */
export const SHELL_LINKS = {
  organizationSettings: { area: 'settings-billing', target: 'organizationSettings' },
  organizationUsage: { area: 'settings-billing', target: 'organizationUsage' },
  projectSettings: { area: 'settings-billing', target: 'projectSettings' },
  apiKeys: { area: 'settings-billing', target: 'apiKeys' },
  account: { area: 'settings-billing', target: 'account' },
  // The command menu's tables, saved queries and buckets, and the project home's SQL editor link.
  table: { area: 'sql-editor', target: 'table' },
  savedQuery: { area: 'sql-editor', target: 'savedQuery' },
  newQuery: { area: 'sql-editor', target: 'newQuery' },
  bucket: { area: 'storage', target: 'bucket' },
} as const satisfies Record<string, AreaLink>;

export type ShellLinkName = keyof typeof SHELL_LINKS;

/**
 * The address of a shell link in this environment, or null when its area or page is not part of
 * it (the shell then leaves the way there out). Params fill the target's ":name" parts; the rest
 * become the query.
 */
export function resolveShellLink(areas: AreaManifests, name: ShellLinkName, params: Record<string, string | number> = {}, context: LinkContext = {}): string | null {
  const { area, target } = SHELL_LINKS[name];
  const template = areas[area]?.targets?.[target];
  return template ? fillTarget(template, params, context) : null;
}

/** resolveShellLink over the environment's manifests. */
export function useShellLink(): (name: ShellLinkName, params?: Record<string, string | number>, context?: LinkContext) => string | null {
  const areas = useAreas();
  return (name, params, context) => resolveShellLink(areas, name, params, context);
}
