import { areaQueryKeys } from '@plinth/area-kit';
import { backupsQueryKeys, databaseQueryKeys, webhooksQueryKeys } from '@plinth/contracts-database';

/**
 * Every React Query key of this area, under its own prefix (['area', 'sql-editor', ...]) in the cache the
 * host shares with every area: the domain keys its contracts packages own, never a literal written
 * here or in a feature. The id is the manifest's (query-keys.test.ts checks it).
 */
export const keys = areaQueryKeys('sql-editor', { ...databaseQueryKeys, ...backupsQueryKeys, ...webhooksQueryKeys });
