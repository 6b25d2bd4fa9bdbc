import { createAreaApp } from '@plinth/area-kit';
import definition from '../area.manifest';
import { OrganizationMenu } from './features/organization/OrganizationMenu';

/**
 * Root of the settings-billing area: its pages and side menus as its definition (area.manifest.ts)
 * states them. Inside a project the host gives basePath "/project/{ref}" (settings/…, branches,
 * integrations); for organization and account pages basePath "/" (org/{slug}/…, account/…).
 */
export default createAreaApp(definition, { menus: { OrganizationMenu } });
