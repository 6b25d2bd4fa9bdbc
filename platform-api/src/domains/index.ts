import type { RouteModule } from '../core/deps';

/** Data-plane route modules, registered by the core server under /api. */
export const domainModules: RouteModule[] = [];
