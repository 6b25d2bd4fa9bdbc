export { featureFlagRoutes } from './routes';
export { environmentFlags } from './environment';
