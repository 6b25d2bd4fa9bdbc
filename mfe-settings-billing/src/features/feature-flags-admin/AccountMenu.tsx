import { AreaSideMenu, type SectionMenuProps } from '@plinth/area-kit';
import { useAdminFlags } from './use-admin-flags';

/**
 * The account menu: the pages of the area's definition, with the platform's Feature Flags shown
 * only to platform admins (the API answers the others 403, and they never see the entry).
 */
export function AccountMenu({ groups }: SectionMenuProps) {
  const admin = useAdminFlags();
  const shown = groups
    .map((g) => ({ ...g, items: g.items.filter((item) => !item.to.endsWith('/feature-flags') || admin.isSuccess) }))
    .filter((g) => g.items.length > 0);
  return <AreaSideMenu title="Account" aria-label="Account settings" groups={shown} />;
}
