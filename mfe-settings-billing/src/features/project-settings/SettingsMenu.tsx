import { AreaSideMenu, type MenuLinkGroup } from '@plinth/area-kit';

/** Project settings pages (000 §2.1) by group; infrastructure, add-ons and billing only exist on the hosted platform. */
export const SETTINGS_MENU: readonly (MenuLinkGroup & { title: string; items: readonly { label: string; to: string; hostedOnly?: boolean }[] })[] = [
  {
    title: 'Project Settings',
    items: [
      { label: 'General', to: '/settings/general' },
      { label: 'Infrastructure', to: '/settings/infrastructure', hostedOnly: true },
      { label: 'Integrations', to: '/settings/integrations' },
      { label: 'Add Ons', to: '/settings/addons', hostedOnly: true },
      { label: 'Vault', to: '/settings/vault/secrets' },
    ],
  },
  {
    title: 'Configuration',
    items: [
      { label: 'Database', to: '/settings/database' },
      { label: 'API', to: '/settings/api' },
      { label: 'Authentication', to: '/settings/auth' },
      { label: 'Storage', to: '/settings/storage' },
      { label: 'Edge Functions', to: '/settings/functions' },
    ],
  },
  {
    title: 'Billing',
    items: [
      { label: 'Subscription', to: '/settings/billing/subscription', hostedOnly: true },
      { label: 'Usage', to: '/settings/billing/usage', hostedOnly: true },
      { label: 'Invoices', to: '/settings/billing/invoices', hostedOnly: true },
    ],
  },
];

export function SettingsMenu() {
  return <AreaSideMenu title="Settings" aria-label="Project settings" groups={SETTINGS_MENU} />;
}
