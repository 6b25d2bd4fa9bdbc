import type { RouteModule } from '@plinth/platform-core/deps';

/** Project add-ons (issue 24): the routes are added here. */
export const addonRoutes: RouteModule = () => undefined;
