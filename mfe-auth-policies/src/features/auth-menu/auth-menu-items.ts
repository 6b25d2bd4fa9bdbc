import type { BuildMode } from '@plinth/shared-contracts';

export interface AuthMenuItem {
  key: string;
  label: string;
  /** Path below /project/{ref}. */
  path: string;
  /** Shown only in the hosted build mode (000 §2.8). */
  hostedOnly: boolean;
}

export interface AuthMenuGroup {
  key: string;
  title: string;
  items: readonly AuthMenuItem[];
}

/** The authentication menu of 000 §2.8, plus Policies (the RLS policies page of this area). */
export const AUTH_MENU_GROUPS: readonly AuthMenuGroup[] = [
  { key: 'manage', title: 'Manage', items: [{ key: 'users', label: 'Users', path: 'auth/users', hostedOnly: false }] },
  {
    key: 'configuration',
    title: 'Configuration',
    items: [
      { key: 'policies', label: 'Policies', path: 'auth/policies', hostedOnly: false },
      { key: 'providers', label: 'Providers', path: 'auth/providers', hostedOnly: true },
      { key: 'templates', label: 'Templates', path: 'auth/templates', hostedOnly: true },
      { key: 'url-configuration', label: 'URL Configuration', path: 'auth/url-configuration', hostedOnly: true },
    ],
  },
];

/** The menu a build mode shows: hosted-only entries dropped outside the hosted mode. */
export function authMenuGroups(mode: BuildMode): AuthMenuGroup[] {
  return AUTH_MENU_GROUPS.map((group) => ({ ...group, items: group.items.filter((item) => mode === 'hosted' || !item.hostedOnly) })).filter(
    (group) => group.items.length > 0,
  );
}

/** The entry whose page is open, by the path below /project/{ref}. */
export function activeAuthItem(path: string): AuthMenuItem | undefined {
  const clean = path.replace(/^\/+|\/+$/g, '');
  return AUTH_MENU_GROUPS.flatMap((g) => g.items).find((item) => clean === item.path || clean.startsWith(`${item.path}/`));
}
