import { areaQueryKeys } from '@plinth/area-kit';
import { apiReportQueryKeys, databaseReportQueryKeys, logQueryKeys, logsQueryKeys } from '@plinth/contracts-logs';

/**
 * Every React Query key of this area, under its own prefix (['area', 'logs', ...]) in the cache the
 * host shares with every area: the domain keys its contracts packages own, never a literal written
 * here or in a feature. The id is the manifest's (query-keys.test.ts checks it).
 */
export const keys = areaQueryKeys('logs', { ...logsQueryKeys, ...logQueryKeys, ...databaseReportQueryKeys, ...apiReportQueryKeys });
