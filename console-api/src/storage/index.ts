import type { RouteModule } from '@plinth/platform-core/deps';
import { objectRoutes } from './routes-objects';
import { folderRoutes } from './routes-folders';
import { bucketRoutes } from './routes-buckets';
import { resumableRoutes } from './resumable-routes';

/** Every storage route: buckets, storage config, the explorer's object calls; and the roll-back of unfinished uploads. */
export const storageRoutes: RouteModule = async (app, deps) => {
  await bucketRoutes(app, deps);
  await objectRoutes(app, deps);
  await folderRoutes(app, deps);
  await resumableRoutes(app, deps);
  deps.services.projectServices.storage.scheduleSweeps(app, deps.jobs);
};
