import { createAreaApp, lazyWithPreload } from '@plinth/area-kit';
import definition from '../area.manifest';
// Not lazy: while it loaded, the kit's menu would show Feature Flags to everyone.
import { AccountMenu } from './features/feature-flags-admin/AccountMenu';

// The organization's menu loads with its pages (until it loads, their links show).
const OrganizationMenu = lazyWithPreload(() => import('./features/organization/OrganizationMenu').then((m) => m.OrganizationMenu));

/**
 * Root of the settings-billing area: its pages and side menus as its definition (area.manifest.ts)
 * states them. Inside a project the host gives basePath "/project/{ref}" (settings/…, branches,
 * integrations); for organization and account pages basePath "/" (org/{slug}/…, account/…).
 */
export default createAreaApp(definition, { menus: { OrganizationMenu, AccountMenu } });
