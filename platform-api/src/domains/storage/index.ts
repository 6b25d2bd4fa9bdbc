import type { RouteModule } from '../../core/deps';
import { objectRoutes } from './routes-objects';
import { bucketRoutes } from './routes-buckets';
import { publicObjectRoutes } from './routes-public';

/** Every storage route: buckets, storage config, the explorer's object calls, signed and public links. */
export const storageRoutes: RouteModule = async (app, deps) => {
  await bucketRoutes(app, deps);
  await objectRoutes(app, deps);
  await publicObjectRoutes(app, deps);
};
