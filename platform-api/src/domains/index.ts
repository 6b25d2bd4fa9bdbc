import type { RouteModule } from '../core/deps';
import { databaseRoutes } from './database/routes';
import { snippetRoutes } from './snippets/routes';
import { sqlTitleRoutes } from './ai/routes';
import { branchRoutes } from './integrations/branches';
import { integrationRoutes } from './integrations/routes';
import { settingsRoutes } from './settings/routes';
import { storageRoutes } from './storage';
import { projectAuthRoutes } from '../project-api/auth/routes';
import { restRoutes } from '../project-api/rest/routes';
import { projectStorageRoutes } from '../project-api/storage/routes';

/** Data-plane route modules, registered by the core server under /api. */
export const domainModules: RouteModule[] = [databaseRoutes, snippetRoutes, storageRoutes, settingsRoutes, integrationRoutes, branchRoutes, sqlTitleRoutes, projectAuthRoutes, restRoutes, projectStorageRoutes];
