import './control-services';
import type { RouteModule } from '@plinth/platform-core/deps';
import { accountRoutes } from './accounts/routes';
import { accountSettingsRoutes } from './accounts/account-settings-routes';
import { organizationRoutes } from './organizations/routes';
import { projectRoutes } from './projects/routes';
import { databaseSettingsRoutes } from './projects/database-settings';
import { usageRoutes } from './usage/routes';
import { billingRoutes } from './billing/routes';
import { databaseRoutes } from './database/routes';
import { policyTestRoutes } from './database/policy-test';
import { sqlHistoryRoutes } from './database/sql-run-history';
import { catalogObjectRoutes } from './database/catalog-objects-routes';
import { tableRowsRoutes } from './database/table-rows-routes';
import { tableDdlRoutes } from './database/table-ddl-routes';
import { snippetRoutes } from './snippets/routes';
import { sqlTitleRoutes } from './ai/routes';
import { branchRoutes } from './integrations/branches';
import { integrationRoutes } from './integrations/routes';
import { githubWebhookRoutes } from './integrations/webhook';
import { settingsRoutes } from './settings/routes';
import { dataApiSettingsRoutes } from './settings/data-api';
import { storageRoutes } from './storage';
import { authUsersRoutes } from './auth-users/routes';
import { analyticsRoutes, apiReportRoutes, logRoutes } from './logs';
import { featureFlagAdminRoutes, featureFlagRoutes } from './feature-flags';
import { bootstrapRoutes } from './bootstrap/routes';
import { auditRoutes } from './audit/routes';
import { auditWrites } from './audit/record';
import { oauthAppRoutes } from './organizations/oauth-apps';
import { vaultRoutes } from './vault/routes';
import { backupRoutes } from './backups/routes';
import { webhookRoutes } from './webhooks/routes';
import { addonRoutes } from './addons/routes';
import { upgradeRoutes } from './upgrades/routes';

/** Every route module of the console's API, registered in this order by the server under /api (each in a scope of its own). The services apps call are project-services.ts's. */
export const domainModules: RouteModule[] = [accountRoutes, accountSettingsRoutes, organizationRoutes, projectRoutes, databaseSettingsRoutes, usageRoutes, billingRoutes, databaseRoutes, catalogObjectRoutes, policyTestRoutes, sqlHistoryRoutes, tableRowsRoutes, tableDdlRoutes, snippetRoutes, storageRoutes, settingsRoutes, dataApiSettingsRoutes, integrationRoutes, branchRoutes, sqlTitleRoutes, authUsersRoutes, logRoutes, apiReportRoutes, analyticsRoutes, featureFlagRoutes, featureFlagAdminRoutes, bootstrapRoutes];

domainModules.push(auditRoutes, oauthAppRoutes, vaultRoutes);
domainModules.push(backupRoutes);
domainModules.push(webhookRoutes);
domainModules.push(addonRoutes);
domainModules.push(upgradeRoutes);
/** The audit log's one recording place: each module's scope gets the hook that records its writes (audit/record.ts). */
for (const [i, mod] of domainModules.entries()) {
  domainModules[i] = (scope, deps) => {
    auditWrites(scope, deps);
    return mod(scope, deps);
  };
}

/** Routes called by other services, not by the console's pages: no session cookie, so no CSRF token; each authenticates its caller itself (a webhook by its signature). Registered under /api outside the CSRF scope. */
export const webhookModules: RouteModule[] = [githubWebhookRoutes];
