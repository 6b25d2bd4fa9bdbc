export { featureFlagRoutes } from './routes';
export { environmentFlags } from './environment';
export { featureFlagGuard } from './guard';
