import { AreaSideMenu, type MenuLinkGroup } from '@plinth/area-kit';

/** Account pages (000 §2.1) under /account. */
export const ACCOUNT_MENU: readonly (MenuLinkGroup & { title: string; items: readonly { label: string; to: string; hostedOnly?: boolean }[] })[] = [
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
  return <AreaSideMenu title="Account" aria-label="Account settings" groups={ACCOUNT_MENU} />;
}
