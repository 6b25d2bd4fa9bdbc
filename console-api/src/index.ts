import './control-services';
import type { RouteModule } from '@plinth/platform-core/deps';
import { accountRoutes } from './accounts/routes';
import { organizationRoutes } from './organizations/routes';
import { projectRoutes } from './projects/routes';
import { usageRoutes } from './usage/routes';
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
import { settingsRoutes } from './settings/routes';
import { storageRoutes } from './storage';
import { authUsersRoutes } from './auth-users/routes';
import { analyticsRoutes, logRoutes } from './logs';
import { featureFlagRoutes } from './feature-flags';
import { bootstrapRoutes } from './bootstrap/routes';

/** Every route module of the console's API, registered in this order by the server under /api (each in a scope of its own). The services apps call are project-services.ts's. */
export const domainModules: RouteModule[] = [accountRoutes, organizationRoutes, projectRoutes, usageRoutes, databaseRoutes, catalogObjectRoutes, policyTestRoutes, sqlHistoryRoutes, tableRowsRoutes, tableDdlRoutes, snippetRoutes, storageRoutes, settingsRoutes, integrationRoutes, branchRoutes, sqlTitleRoutes, authUsersRoutes, logRoutes, analyticsRoutes, featureFlagRoutes, bootstrapRoutes];
