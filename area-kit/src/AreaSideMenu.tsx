import type { ReactNode } from 'react';
import { useHref, useLocation, useNavigate } from 'react-router-dom';
import { SideMenu, type SideMenuGroup } from '../layout';
import { areaMenuStyles as menuStyles } from './menu-styles';

export interface MenuLinkItem {
  label: ReactNode;
  /** Path inside the area's base path, e.g. "/database/tables" or "/api?page=auth". */
  to: string;
  hostedOnly?: boolean;
}

export interface MenuLinkGroup {
  title?: string;
  items: readonly MenuLinkItem[];
}

/** Whether an entry is the current page: same path (and same query when the entry has one), or a page below it. */
export function isCurrent(to: string, pathname: string, search: string): boolean {
  const [path, query = ''] = to.split('?');
  if (query) return pathname === path && search === `?${query}`;
  return pathname === path || pathname.startsWith(`${path}/`);
}

export interface AreaSideMenuProps {
  title: string;
  'aria-label'?: string;
  groups: readonly MenuLinkGroup[];
  hosted: boolean;
  /** Lists and controls under the link groups. */
  children?: ReactNode;
}

/** The shared side menu, fed with an area's routes (react-router): in-app navigation, current entry marked. */
export function AreaSideMenu({ title, 'aria-label': ariaLabel, groups, hosted, children }: AreaSideMenuProps) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const base = useHref('/').replace(/\/$/, '');
  const toByHref = new Map<string, string>();
  const menuGroups: SideMenuGroup[] = groups.map((group, g) => ({
    key: group.title ?? `group-${g}`,
    title: group.title,
    items: group.items
      .filter((item) => hosted || !item.hostedOnly)
      .map((item) => {
        const href = `${base}${item.to}`;
        toByHref.set(href, item.to);
        return { key: item.to, label: item.label, href };
      }),
  }));
  const all = groups.flatMap((g) => g.items);
  const active = all.find((item) => item.to === `${pathname}${search}`) ?? all.find((item) => isCurrent(item.to, pathname, search));
  return (
    <aside css={menuStyles.nav}>
      <SideMenu
        title={title}
        aria-label={ariaLabel ?? title}
        groups={menuGroups}
        activeKey={active?.to}
        onNavigate={(href) => navigate(toByHref.get(href) ?? href)}
      >
        {children}
      </SideMenu>
    </aside>
  );
}
