import type { MenuLinkGroup } from '@plinth/area-kit';

/** The authentication menu of 000 §2.8, plus Policies (the RLS policies page of this area); paths below /project/{ref}. */
export const AUTH_MENU: readonly MenuLinkGroup[] = [
  { title: 'Manage', items: [{ label: 'Users', to: 'auth/users' }] },
  {
    title: 'Configuration',
    items: [
      { label: 'Policies', to: 'auth/policies' },
      // Hosted only (000 §2.8): the self-hosted build leaves them out.
      { label: 'Providers', to: 'auth/providers', hostedOnly: true },
      { label: 'Templates', to: 'auth/templates', hostedOnly: true },
      { label: 'URL Configuration', to: 'auth/url-configuration', hostedOnly: true },
    ],
  },
];
