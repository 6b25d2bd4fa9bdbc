export { featureFlagRoutes } from './routes';
export { featureFlagAdminRoutes } from './admin-routes';
export { environmentFlags } from './environment';
export { featureFlagGuard } from './guard';
