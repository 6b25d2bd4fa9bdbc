import { PERMISSION_LABELS, type AreaNavEntry, type BuildMode, type PermissionKey } from '@plinth/shared-contracts';
import { pageAt, type AreaManifests } from '../../areas/area-table';

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
  /** The permission the page it leads to needs (its area's manifest says so), if any. */
  permission?: string;
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
      const manifest = item.area ? areas[item.area] : undefined;
      const permission = manifest ? pageAt(manifest, path)?.permission : undefined;
      return { ...item, path, href, ...(permission ? { permission } : {}) };
    });
}

/**
 * Why a rail entry is greyed out for this member: the page it leads to needs a permission they do
 * not hold ("You need the analytics read on logs permission to open Logs"); null when it is open
 * to them, or while their permissions are not known yet.
 */
export function railEntryRefusal(link: Pick<NavLinkTarget, 'label' | 'permission'>, permissions: readonly string[] | undefined): string | null {
  if (!link.permission || !permissions || permissions.includes(link.permission)) return null;
  const name = PERMISSION_LABELS[link.permission as PermissionKey] ?? link.permission;
  return `You need the ${name} permission to open ${link.label}`;
}

/** Which rail entry a path belongs to, for the active mark: the one leading to its first segment. */
export function activeNavKey(pathname: string, ref: string, areas: AreaManifests): string {
  const rest = pathname.slice(`/project/${ref}`.length).split('/').filter(Boolean);
  const first = rest[0] ?? '';
  if (first === '' || first === 'building') return 'home';
  const hit = navItems(areas).find((item) => item.path.split('/')[0] === first);
  return hit?.key ?? '';
}
