import { useHref, useLocation, useNavigate } from 'react-router-dom';
import type { BuildMode } from '@plinth/shared-contracts';
import { SideMenu } from '@plinth/shared-ui/layout';
import { activeAuthItem, authMenuGroups } from './auth-menu-items';

/** The authentication side menu (000 §2.8) with links inside the area's router. */
export function AuthMenu({ buildMode }: { buildMode: BuildMode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The router's base ("/project/{ref}") as a link prefix; paths below it are the menu's own.
  const base = useHref('/').replace(/\/$/, '');
  const groups = authMenuGroups(buildMode).map((group) => ({
    key: group.key,
    title: group.title,
    items: group.items.map((item) => ({ key: item.key, label: item.label, href: `${base}/${item.path}` })),
  }));
  return (
    <SideMenu
      title="Authentication"
      groups={groups}
      activeKey={activeAuthItem(pathname)?.key}
      onNavigate={(href) => navigate(href.slice(base.length))}
    />
  );
}
