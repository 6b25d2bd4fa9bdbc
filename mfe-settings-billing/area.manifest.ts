// The settings and billing area, defined once (see area-kit/src/define-area.ts): the build emits
// its data part as area-manifest.json for the host; the kit renders its routes and side menus from
// the same objects. Inside a project its base is /project/{ref} (settings/…, branches,
// integrations); for organization and account pages it is / (org/{slug}/…, account/…).
import { defineArea } from '@plinth/area-kit/define';

// 000 §4.1: project settings stay reachable whatever state the project is in (but upgrading and pausing).
const settings = { title: 'Project Settings', shownWhile: ['paused' as const, 'restoring' as const, 'building' as const, 'service-offline' as const, 'connecting' as const] };
const organization = { title: 'Organization' } as const;
const account = { title: 'Account' } as const;
const settingsPage = () => import('./src/routes/settings-pages');
const organizationPage = () => import('./src/routes/organization-pages');
const accountPage = () => import('./src/routes/account-pages');
const billingPage = () => import('./src/routes/billing-pages');
const organizationBillingPage = () => import('./src/routes/organization-billing-pages');
const integrationPage = () => import('./src/routes/integration-pages');

export default defineArea({
  id: 'settings-billing',
  title: 'Settings',
  routes: { project: ['settings', 'branches', 'integrations'], root: ['org', 'account'] },
  sections: [
    { path: 'settings', title: 'Settings', menuLabel: 'Project settings', index: 'settings/general', notFound: 'This settings page does not exist.' },
    { path: 'org/:slug', title: 'Organization', menuLabel: 'Organization settings', index: 'org/:slug/general', menu: 'OrganizationMenu', notFound: 'This organization page does not exist.' },
    { path: 'account', title: 'Account', menuLabel: 'Account settings', index: 'account/me', menu: 'AccountMenu', notFound: 'This account page does not exist.' },
  ],
  pages: [
    // Project settings (000 §2.1); infrastructure, add-ons and billing only exist on the hosted platform.
    { ...settings, path: 'settings/general', menu: { group: 'Project Settings', label: 'General' }, preload: ['/platform/projects/{ref}/custom-hostname'], load: () => settingsPage().then((m) => m.GeneralPage) },
    { ...settings, path: 'settings/infrastructure', hostedOnly: true, menu: { group: 'Project Settings', label: 'Infrastructure' }, load: () => settingsPage().then((m) => m.InfrastructurePage) },
    { ...settings, path: 'settings/integrations', menu: { group: 'Project Settings', label: 'Integrations' }, load: () => integrationPage().then((m) => m.ProjectIntegrationsRoute) },
    { ...settings, path: 'settings/addons', hostedOnly: true, menu: { group: 'Project Settings', label: 'Add Ons' }, load: () => settingsPage().then((m) => m.AddOnsPage) },
    { ...settings, path: 'settings/vault/secrets', menu: { group: 'Project Settings', label: 'Vault' }, load: () => settingsPage().then((m) => m.VaultPage) },
    { ...settings, path: 'settings/database', menu: { group: 'Configuration', label: 'Database' }, load: () => settingsPage().then((m) => m.DatabaseSettingsPage) },
    { ...settings, path: 'settings/api', menu: { group: 'Configuration', label: 'API' }, load: () => settingsPage().then((m) => m.ApiSettingsPage) },
    { ...settings, path: 'settings/auth', menu: { group: 'Configuration', label: 'Authentication' }, load: () => settingsPage().then((m) => m.AuthSettingsPage) },
    { ...settings, path: 'settings/storage', menu: { group: 'Configuration', label: 'Storage' }, load: () => settingsPage().then((m) => m.StorageSettingsPage) },
    { ...settings, path: 'settings/functions', menu: { group: 'Configuration', label: 'Edge Functions' }, load: () => settingsPage().then((m) => m.FunctionsSettingsPage) },
    { ...settings, path: 'settings/billing/subscription', hostedOnly: true, menu: { group: 'Billing', label: 'Subscription' }, load: () => billingPage().then((m) => m.SubscriptionPage) },
    { ...settings, path: 'settings/billing/usage', hostedOnly: true, menu: { group: 'Billing', label: 'Usage' }, load: () => billingPage().then((m) => m.BillingUsagePage) },
    { ...settings, path: 'settings/billing/invoices', hostedOnly: true, menu: { group: 'Billing', label: 'Invoices' }, load: () => billingPage().then((m) => m.InvoicesPage) },
    { path: 'branches', title: 'Branches', shownWhile: ['restoring', 'building'], load: () => integrationPage().then((m) => m.BranchesPage) },
    { path: 'integrations', title: 'Project Settings', redirect: 'settings/integrations' },
    // Organization pages (000 §2.1) under /org/{slug}; OAuth Apps and Audit Logs follow their feature flags (000 §6).
    { ...organization, path: 'org/:slug/general', menu: { group: 'Organization', label: 'General' }, load: () => import('./src/routes/organization-general-page').then((m) => m.GeneralPage) },
    { ...organization, path: 'org/:slug/team', menu: { group: 'Organization', label: 'Team' }, load: () => organizationPage().then((m) => m.TeamPage) },
    { ...organization, path: 'org/:slug/integrations', menu: { group: 'Organization', label: 'Integrations' }, load: () => integrationPage().then((m) => m.OrganizationIntegrationsRoute) },
    { ...organization, path: 'org/:slug/apps', menu: { group: 'Organization', label: 'OAuth Apps' }, load: () => organizationPage().then((m) => m.OAuthAppsPage) },
    { ...organization, path: 'org/:slug/audit', menu: { group: 'Organization', label: 'Audit Logs' }, load: () => organizationPage().then((m) => m.AuditLogsPage) },
    { ...organization, path: 'org/:slug/billing', hostedOnly: true, menu: { group: 'Billing', label: 'Billing' }, load: () => organizationBillingPage().then((m) => m.BillingPage) },
    { ...organization, path: 'org/:slug/usage', hostedOnly: true, menu: { group: 'Billing', label: 'Usage' }, load: () => organizationBillingPage().then((m) => m.UsagePage) },
    { ...organization, path: 'org/:slug/invoices', hostedOnly: true, menu: { group: 'Billing', label: 'Invoices' }, load: () => organizationBillingPage().then((m) => m.InvoicesPage) },
    // Account pages (000 §2.1) under /account.
    { ...account, path: 'account/me', menu: { group: 'Account Settings', label: 'Preferences' }, load: () => accountPage().then((m) => m.PreferencesPage) },
    { ...account, path: 'account/tokens', menu: { group: 'Account Settings', label: 'Access Tokens' }, load: () => accountPage().then((m) => m.AccessTokensPage) },
    { ...account, path: 'account/security', menu: { group: 'Account Settings', label: 'Security' }, load: () => import('./src/features/account-security/AccountSecurity').then((m) => m.AccountSecurity) },
    { ...account, path: 'account/audit', menu: { group: 'Logs', label: 'Audit Logs' }, load: () => accountPage().then((m) => m.AuditLogsPage) },
    // The link of an invitation e-mail (no menu entry): accepting it once signed in with the invited address.
    { ...account, path: 'account/invitation', load: () => accountPage().then((m) => m.InvitationPage) },
    // Platform admins alone see it in the menu (AccountMenu); the API refuses everyone else.
    { ...account, path: 'account/feature-flags', menu: { group: 'Platform', label: 'Feature Flags' }, load: () => import('./src/features/feature-flags-admin/FeatureFlagsAdmin').then((m) => m.FeatureFlagsAdmin) },
  ],
  nav: [{ key: 'settings', label: 'Project Settings', path: 'settings/general', icon: 'settings', order: 100, hostedOnly: true }],
  // The Authentication and Storage settings pages lead to where those settings live, in their areas.
  links: {
    authProviders: { area: 'auth-policies', target: 'providers' },
    authEmailTemplates: { area: 'auth-policies', target: 'emailTemplates' },
    authUrlConfiguration: { area: 'auth-policies', target: 'urlConfiguration' },
    storageSettings: { area: 'storage', target: 'settings' },
    storagePolicies: { area: 'storage', target: 'policies' },
  },
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
});
