import type { BuildMode } from '@plinth/shared-contracts';

export interface NavItem {
  key: string;
  label: string;
  /** Path below /project/{ref}; '' is the project home. */
  path: string;
  /** Short glyph shown when the rail is collapsed to icons. */
  icon: string;
  hostedOnly?: boolean;
}

/** The rail entries of spec 000 §2.2, in order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'home', label: 'Home', path: '', icon: 'home' },
  { key: 'editor', label: 'Table Editor', path: 'editor', icon: 'table' },
  { key: 'sql', label: 'SQL Editor', path: 'sql/new', icon: 'sql' },
  { key: 'database', label: 'Database', path: 'database/tables', icon: 'database' },
  { key: 'auth', label: 'Authentication', path: 'auth/users', icon: 'auth' },
  { key: 'storage', label: 'Storage', path: 'storage/buckets', icon: 'storage' },
  { key: 'functions', label: 'Edge Functions', path: 'functions', icon: 'functions', hostedOnly: true },
  { key: 'reports', label: 'Reports', path: 'reports', icon: 'reports', hostedOnly: true },
  { key: 'logs', label: 'Logs', path: 'logs/explorer', icon: 'logs' },
  { key: 'api', label: 'API Docs', path: 'api', icon: 'api' },
  { key: 'settings', label: 'Project Settings', path: 'settings/general', icon: 'settings', hostedOnly: true },
];

export interface NavLinkTarget extends NavItem {
  href: string;
}

/**
 * The rail for one project: hosted-only entries dropped outside the hosted build, the SQL editor
 * on the fixed /sql/1 in the non-hosted build, and every link on the building page while the
 * project is coming up.
 */
export function navLinks(ref: string, buildMode: BuildMode, comingUp: boolean): NavLinkTarget[] {
  return NAV_ITEMS.filter((item) => buildMode === 'hosted' || !item.hostedOnly).map((item) => {
    const path = item.key === 'sql' && buildMode !== 'hosted' ? 'sql/1' : item.path;
    const href = comingUp ? `/project/${ref}/building` : `/project/${ref}${path ? `/${path}` : ''}`;
    return { ...item, path, href };
  });
}

/** Which rail entry a path belongs to, for the active mark. */
export function activeNavKey(pathname: string, ref: string): string {
  const rest = pathname.slice(`/project/${ref}`.length).split('/').filter(Boolean);
  const first = rest[0] ?? '';
  if (first === '' || first === 'building') return 'home';
  const hit = NAV_ITEMS.find((item) => item.path.split('/')[0] === first);
  return hit?.key ?? '';
}
