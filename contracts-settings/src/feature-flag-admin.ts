import * as z from '@plinth/shared-contracts/zod';
import { encodePath, FeatureFlagSchema, FeatureFlagValuesSchema, type FeatureFlag, type Http } from '@plinth/shared-contracts';

// The platform admins' screen of feature flags (000 §6 flags; issue 25): the environment's values
// (the deploy environment's, with the admins' own environment-wide settings over them) and any
// organization's own settings. Only platform admins may read or change them; others get 403.

/** A flag's own setting: on, off, or absent (follows the level below). */
const FlagSettingsSchema = z.partialRecord(FeatureFlagSchema, z.boolean());

export const AdminOrganizationFlagsSchema = z.object({
  slug: z.string(),
  name: z.string(),
  /** The values the organization's pages get: the environment's with its own settings over them. */
  flags: FeatureFlagValuesSchema,
  /** The organization's own settings. */
  overrides: FlagSettingsSchema,
});
export type AdminOrganizationFlags = z.infer<typeof AdminOrganizationFlagsSchema>;

/** GET /platform/admin/feature-flags[?organization=slug] */
export const AdminFeatureFlagsSchema = z.object({
  /** The deploy environment's values (PLINTH_FEATURE_FLAGS over the console's defaults). */
  deploy: FeatureFlagValuesSchema,
  /** The admins' environment-wide settings over the deploy environment's. */
  environment_overrides: FlagSettingsSchema,
  /** What every organization without a setting of its own gets. */
  environment: FeatureFlagValuesSchema,
  /** Organizations with settings of their own, by name. */
  organizations: z.array(AdminOrganizationFlagsSchema),
  /** The organization asked for (`?organization=`), with or without settings. */
  organization: z.nullable(AdminOrganizationFlagsSchema),
});
export type AdminFeatureFlags = z.infer<typeof AdminFeatureFlagsSchema>;

/** PUT /platform/admin/feature-flags/{flag}[?organization=slug]: `enabled` sets the value, null removes the setting. */
export const AdminFlagSettingSchema = z.object({ enabled: z.nullable(z.boolean()) });
export type AdminFlagSetting = z.infer<typeof AdminFlagSettingSchema>;

export function createFeatureFlagAdminClient(http: Http) {
  return {
    /** The environment's flags and the organizations' own settings (`organization`: one more organization's, by slug). */
    getAdminFeatureFlags: (organization?: string) =>
      http('GET', '/platform/admin/feature-flags', { query: organization ? { organization } : {}, schema: AdminFeatureFlagsSchema }),
    /** Sets (or with null removes) a flag's environment-wide value, or an organization's when `organization` is given. */
    setAdminFeatureFlag: (flag: FeatureFlag, enabled: boolean | null, organization?: string) =>
      http('PUT', encodePath`/platform/admin/feature-flags/${flag}`, { query: organization ? { organization } : {}, body: { enabled }, schema: AdminFeatureFlagsSchema }),
  };
}
export type FeatureFlagAdminClient = ReturnType<typeof createFeatureFlagAdminClient>;
