import { shellQueryKeys } from '@plinth/area-kit';
import { billingQueryKeys } from '@plinth/contracts-billing';
import { databaseQueryKeys } from '@plinth/contracts-database';
import { settingsQueryKeys } from '@plinth/contracts-settings';
import { storageQueryKeys } from '@plinth/contracts-storage';

/**
 * The domain keys the shell asks itself (the command menu's tables, snippets and buckets, the usage
 * of the banner and the project home, the connecting card's API settings), under the shell's own
 * prefix in the cache it shares with every area: no area's key can meet them. What the shell shares
 * with the areas on purpose (session, organizations, projects, status) keeps `queryKeys` of
 * @plinth/shared-contracts.
 */
export const shellKeys = shellQueryKeys({ ...billingQueryKeys, ...databaseQueryKeys, ...settingsQueryKeys, ...storageQueryKeys });
