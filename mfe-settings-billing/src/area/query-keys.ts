import { areaQueryKeys } from '@plinth/area-kit';
import { databaseUpgradeQueryKeys, organizationRolesQueryKeys, queryKeys } from '@plinth/shared-contracts';
import { branchingQueryKeys, dataApiSettingsQueryKeys, databaseSettingsQueryKeys, databaseSslQueryKeys, settingsQueryKeys, vaultQueryKeys } from '@plinth/contracts-settings';
import { accountQueryKeys, addonsQueryKeys, billingQueryKeys, subscriptionQueryKeys, usageDailyQueryKeys } from '@plinth/contracts-billing';

/**
 * Every React Query key of this area, under its own prefix (['area', 'settings-billing', ...]) in the cache the
 * host shares with every area: the domain keys its contracts packages own (and the account's MFA
 * factors, whose call is the common contracts'), never a literal written here or in a feature. The id is the manifest's (query-keys.test.ts checks it).
 */
export const keys = areaQueryKeys('settings-billing', { ...settingsQueryKeys, ...branchingQueryKeys, ...databaseSettingsQueryKeys, ...databaseSslQueryKeys, ...dataApiSettingsQueryKeys, ...vaultQueryKeys, ...billingQueryKeys, ...subscriptionQueryKeys, ...accountQueryKeys, ...usageDailyQueryKeys, ...addonsQueryKeys, ...databaseUpgradeQueryKeys, ...organizationRolesQueryKeys, mfaFactors: queryKeys.mfaFactors });
