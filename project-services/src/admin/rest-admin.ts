import type { ApiDeps } from '@plinth/platform-core/deps';
import { forgetProjectRecords } from '../caller';
import { restCatalogs, restServiceStatus } from '../rest/routes';
import { RestSettingsStore } from '../rest/settings';
import type { ProjectRecords, RestAdmin } from './contracts';

export type RestAdminDeps = Pick<ApiDeps, 'control' | 'databases'>;

/** The console's RestAdmin: the data API's settings as the service reads them, and whether it answers. */
export function createRestAdmin(deps: RestAdminDeps): RestAdmin {
  const settings = new RestSettingsStore(deps.control);
  return {
    settings: async (ref) => (await settings.project(ref))?.settings ?? null,
    serving: async (ref) => restServiceStatus(deps.control, await deps.databases.get(ref), ref),
    reloadSchema: (ref) => restCatalogs.forget(ref),
  };
}

/** The console's ProjectRecords: what the services keep of a project in memory, forgotten on a change. */
export function createProjectRecords(): ProjectRecords {
  return { forget: (ref) => forgetProjectRecords(ref) };
}
