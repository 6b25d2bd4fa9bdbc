import { useArea } from '../area/area-context';
import { SideMenu, type MenuGroup } from '../side-menu/MenuLinks';

/** Account pages (000 §2.1) under /account. */
export const ACCOUNT_MENU: readonly MenuGroup[] = [
  {
    title: 'Account Settings',
    items: [
      { label: 'Preferences', to: '/account/me' },
      { label: 'Access Tokens', to: '/account/tokens' },
      { label: 'Security', to: '/account/security' },
    ],
  },
  { title: 'Logs', items: [{ label: 'Audit Logs', to: '/account/audit' }] },
];

export function AccountMenu() {
  const { hosted } = useArea();
  return <SideMenu label="Account settings" heading="Account" groups={ACCOUNT_MENU} hosted={hosted} />;
}
