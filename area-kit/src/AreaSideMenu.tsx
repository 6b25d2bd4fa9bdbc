import type { ReactNode } from 'react';
import { useHref, useLocation, useNavigate } from 'react-router-dom';
import { SideMenu, type SideMenuGroup } from '@plinth/shared-ui/layout';
import { useArea } from './area-context';
import { menuStyles } from './menu-styles';

export interface MenuLinkItem {
  label: ReactNode;
  /** Path below the area's base path: "/database/tables", "auth/users" or "/api?page=auth". */
  to: string;
  /** Left out of the self-hosted build. */
  hostedOnly?: boolean;
}

export interface MenuLinkGroup {
  title?: string;
  items: readonly MenuLinkItem[];
}

const withSlash = (to: string) => (to.startsWith('/') ? to : `/${to}`);

/**
 * The entry of the open page: the one whose path and query are the address's, else the one with
 * the longest path the address is at or below ("/reports/storage" over "/reports").
 */
export function currentEntry<T extends { to: string }>(items: readonly T[], pathname: string, search: string): T | undefined {
  const exact = items.find((item) => withSlash(item.to) === `${pathname}${search}`);
  if (exact) return exact;
  return items
    .filter((item) => {
      const [path = '', query = ''] = withSlash(item.to).split('?');
      if (query) return pathname === path && search === `?${query}`;
      return pathname === path || pathname.startsWith(`${path}/`);
    })
    .sort((a, b) => b.to.length - a.to.length)[0];
}

export interface AreaSideMenuProps {
  title: string;
  'aria-label'?: string;
  groups: readonly MenuLinkGroup[];
  /** Lists and controls under the link groups. */
  children?: ReactNode;
}

/**
 * The one side menu of an area, in its own column: link groups inside the area's router (hosted-only
 * entries dropped in the self-hosted build, the open page marked), then `children`.
 */
export function AreaSideMenu({ title, 'aria-label': ariaLabel, groups, children }: AreaSideMenuProps) {
  const { hosted } = useArea();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const base = useHref('/').replace(/\/$/, '');
  const toByHref = new Map<string, string>();
  const shown = groups
    .map((group) => ({ ...group, items: group.items.filter((item) => hosted || !item.hostedOnly) }))
    .filter((group) => group.items.length > 0);
  const menuGroups: SideMenuGroup[] = shown.map((group, g) => ({
    key: group.title ?? `group-${g}`,
    title: group.title,
    items: group.items.map((item) => {
      const href = `${base}${withSlash(item.to)}`;
      toByHref.set(href, withSlash(item.to));
      return { key: withSlash(item.to), label: item.label, href };
    }),
  }));
  const active = currentEntry(
    shown.flatMap((group) => group.items),
    pathname,
    search,
  );
  return (
    <aside css={menuStyles.column}>
      <SideMenu
        title={title}
        aria-label={ariaLabel ?? title}
        groups={menuGroups}
        activeKey={active ? withSlash(active.to) : undefined}
        onNavigate={(href) => navigate(toByHref.get(href) ?? href)}
      >
        {children}
      </SideMenu>
    </aside>
  );
}
