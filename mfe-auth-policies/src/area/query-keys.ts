import { areaQueryKeys } from '@plinth/area-kit';
import { authMfaQueryKeys, authQueryKeys } from '@plinth/contracts-auth';
import { databaseQueryKeys } from '@plinth/contracts-database';
import { settingsQueryKeys } from '@plinth/contracts-settings';

/**
 * Every React Query key of this area, under its own prefix (['area', 'auth-policies', ...]) in the cache the
 * host shares with every area: the domain keys its contracts packages own, never a literal written
 * here or in a feature. The id is the manifest's (query-keys.test.ts checks it).
 */
export const keys = areaQueryKeys('auth-policies', { ...authQueryKeys, ...authMfaQueryKeys, ...databaseQueryKeys, ...settingsQueryKeys });
