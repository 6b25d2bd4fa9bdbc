import type { RouteModule } from '@plinth/platform-core/deps';

/** Database upgrades (issue 24, 000 §4.4): the routes are added here. */
export const upgradeRoutes: RouteModule = () => undefined;
