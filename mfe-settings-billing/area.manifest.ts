// How the settings and billing area describes itself to the console (see
// shared-contracts/src/area-manifest.ts). Data only: the build emits it as area-manifest.json and
// the host reads it from the environment.
import type { AreaManifest } from '@plinth/shared-contracts';

export default {
  id: 'settings-billing',
  title: 'Settings',
  routes: { project: ['settings', 'branches', 'integrations'], root: ['org', 'account'] },
  pages: [
    // 000 §4.1: project settings stay reachable whatever state the project is in (but upgrading and pausing).
    { path: 'settings/*', title: 'Project Settings', shownWhile: ['paused', 'restoring', 'building', 'service-offline', 'connecting'] },
    { path: 'branches/*', title: 'Branches', shownWhile: ['restoring', 'building'] },
    { path: 'integrations', title: 'Project Settings' },
    { path: 'org/:slug/*', title: 'Organization' },
    { path: 'account/*', title: 'Account' },
  ],
  nav: [{ key: 'settings', label: 'Project Settings', path: 'settings/general', icon: 'settings', order: 100, hostedOnly: true }],
  targets: {
    projectSettings: '/project/:ref/settings/general',
    /** The project's API URL and keys. */
    apiKeys: '/project/:ref/settings/api',
    organizationSettings: '/org/:slug/general',
    /** The organization's usage; `projectRef` narrows it to one project. */
    organizationUsage: '/org/:slug/usage',
    /** The organization's billing page; `panel=subscriptionPlan` opens the plan panel (000 §2.1). */
    organizationBilling: '/org/:slug/billing',
    organizationTeam: '/org/:slug/team',
    organizationIntegrations: '/org/:slug/integrations',
    account: '/account/me',
    accountSecurity: '/account/security',
  },
} satisfies AreaManifest;
