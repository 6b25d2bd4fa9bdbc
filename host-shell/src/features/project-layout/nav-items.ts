import type { AreaNavEntry, BuildMode } from '@plinth/shared-contracts';
import type { AreaManifests } from '../../areas/area-table';

export interface NavItem extends AreaNavEntry {
  /** The area the entry leads into; none for the shell's own pages. */
  area?: string;
}

/**
 * The shell's own rail entries (its pages: the project home and Edge Functions). Every other entry
 * comes from the manifest of the area it leads into, placed by its `order`.
 */
export const SHELL_NAV_ITEMS: readonly NavItem[] = [
  { key: 'home', label: 'Home', path: '', icon: 'home', order: 0 },
  { key: 'functions', label: 'Edge Functions', path: 'functions', icon: 'functions', order: 60, hostedOnly: true },
];

/** Every rail entry of the environment, in rail order (spec 000 §2.2): the shell's and each area's. */
export function navItems(areas: AreaManifests): NavItem[] {
  const fromAreas = Object.values(areas).flatMap((manifest) => manifest.nav.map((entry): NavItem => ({ ...entry, area: manifest.id })));
  const seen = new Set<string>();
  return [...SHELL_NAV_ITEMS, ...fromAreas]
    .sort((a, b) => a.order - b.order)
    .filter((item) => !seen.has(item.key) && seen.add(item.key));
}

export interface NavLinkTarget extends NavItem {
  href: string;
}

/**
 * The rail for one project: hosted-only entries dropped outside the hosted build, an entry's
 * self-hosted path outside it (the SQL editor's fixed /sql/1), and every link on the building page
 * while the project is coming up.
 */
export function navLinks(ref: string, buildMode: BuildMode, comingUp: boolean, areas: AreaManifests): NavLinkTarget[] {
  const hosted = buildMode === 'hosted';
  return navItems(areas)
    .filter((item) => hosted || !item.hostedOnly)
    .map((item) => {
      const path = hosted ? item.path : (item.selfHostedPath ?? item.path);
      const href = comingUp ? `/project/${ref}/building` : `/project/${ref}${path ? `/${path}` : ''}`;
      return { ...item, path, href };
    });
}

/** Which rail entry a path belongs to, for the active mark: the one leading to its first segment. */
export function activeNavKey(pathname: string, ref: string, areas: AreaManifests): string {
  const rest = pathname.slice(`/project/${ref}`.length).split('/').filter(Boolean);
  const first = rest[0] ?? '';
  if (first === '' || first === 'building') return 'home';
  const hit = navItems(areas).find((item) => item.path.split('/')[0] === first);
  return hit?.key ?? '';
}
