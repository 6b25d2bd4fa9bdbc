export { LogStore, openLogStore, type LogStoreOptions } from './store';
export { logRoutes, logRetentionDays } from './routes';
export type { AppUsage } from './usage-counts';
export { analyticsRoutes } from './analytics-routes';
export { apiReportRoutes } from './api-report-routes';
