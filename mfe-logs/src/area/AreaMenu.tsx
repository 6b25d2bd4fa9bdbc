import { useHref, useLocation, useNavigate } from 'react-router-dom';
import { SideMenu } from '@plinth/shared-ui/layout';
import { activeMenuKey, type LogsMenuGroup } from './menu-groups';

/** A titled side menu whose links stay inside the area's router (paths below /project/{ref}). */
export function AreaMenu({ title, groups }: { title: string; groups: readonly LogsMenuGroup[] }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const base = useHref('/').replace(/\/$/, '');
  return (
    <SideMenu
      title={title}
      groups={groups.map((group) => ({
        key: group.key,
        title: group.title,
        items: group.items.map((item) => ({ key: item.key, label: item.label, href: `${base}/${item.path}` })),
      }))}
      activeKey={activeMenuKey(groups, pathname)}
      onNavigate={(href) => navigate(href.slice(base.length))}
    />
  );
}
