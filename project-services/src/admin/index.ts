import type { ApiDeps } from '@plinth/platform-core/deps';
import { createAuthAdmin } from './auth-admin';
import { createProjectRecords, createRestAdmin } from './rest-admin';
import { createStorageAdmin } from './storage-admin';
import type { ProjectServicesAdmin } from './contracts';

/** What the console's facade holds: the control database, the project databases, the object store, the project URLs and the data directory (where transformed images are kept). */
export type ProjectServicesAdminDeps = Pick<ApiDeps, 'control' | 'databases' | 'objects' | 'projectUrls'> & { dataDir?: string };

/**
 * The project services as the console may use them (./contracts.ts), bound once to what they need,
 * so that the console's routes pass no database or store around: the server makes it and hands it
 * to the console as deps.services.projectServices.
 */
export function createProjectServicesAdmin(deps: ProjectServicesAdminDeps, env: NodeJS.ProcessEnv = process.env): ProjectServicesAdmin {
  return {
    auth: createAuthAdmin(deps, env),
    storage: createStorageAdmin(deps),
    rest: createRestAdmin(deps),
    records: createProjectRecords(),
  };
}
