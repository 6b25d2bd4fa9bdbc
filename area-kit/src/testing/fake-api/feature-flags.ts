import { FEATURE_FLAG_DEFAULTS, FeatureFlagsAnswerSchema, type FeatureFlag, type FeatureFlagsClient, type FeatureFlagValues } from '@plinth/shared-contracts';
import { AdminFeatureFlagsSchema, type FeatureFlagAdminClient } from '@plinth/contracts-settings';
import { answer, refuse, type Handlers } from './fake-client';

export interface FeatureFlagsState {
  /** Flags set otherwise than the console's defaults (an environment or organization setting). */
  featureFlags: Partial<Record<FeatureFlag, boolean>>;
  /** Whether the signed-in account is a platform admin (otherwise the admin calls answer 403). */
  platformAdmin?: boolean;
  /** Platform admins' environment-wide settings, over `featureFlags` (the deploy environment's values). */
  environmentFlagSettings?: Partial<Record<FeatureFlag, boolean>>;
  /** Organizations' own settings, by slug, with the organization's name. */
  organizationFlagSettings?: Record<string, { name: string; overrides: Partial<Record<FeatureFlag, boolean>> }>;
}

export const NOT_PLATFORM_ADMIN = 'Only platform admins can manage feature flags for the environment and for every organization';

/** The platform admins' flags: 403 unless `platformAdmin`; an organization not in `organizationFlagSettings` is known by slug, named as its slug. */
export function featureFlagAdminHandlers(state: FeatureFlagsState): Handlers<FeatureFlagAdminClient> {
  const deploy = (): FeatureFlagValues => ({ ...FEATURE_FLAG_DEFAULTS, ...state.featureFlags });
  const environment = (): FeatureFlagValues => ({ ...deploy(), ...state.environmentFlagSettings });
  const orgs = () => (state.organizationFlagSettings ??= {});
  const org = (slug: string) => {
    if (slug === 'no-such-org') refuse(404, `Organization not found: ${slug}`, 'NOT_FOUND');
    const o = orgs()[slug] ?? { name: slug, overrides: {} };
    return { slug, name: o.name, flags: { ...environment(), ...o.overrides }, overrides: { ...o.overrides } };
  };
  const current = (organization?: string) => {
    if (!state.platformAdmin) refuse(403, NOT_PLATFORM_ADMIN, 'FORBIDDEN');
    return answer(AdminFeatureFlagsSchema, {
      deploy: deploy(),
      environment_overrides: { ...state.environmentFlagSettings },
      environment: environment(),
      organizations: Object.keys(orgs())
        .filter((slug) => Object.keys(orgs()[slug]!.overrides).length > 0)
        .map(org),
      organization: organization ? org(organization) : null,
    });
  };
  return {
    getAdminFeatureFlags: (organization) => current(organization),
    setAdminFeatureFlag: (flag, enabled, organization) => {
      current(organization);
      const settings = organization ? (orgs()[organization] ??= { name: organization, overrides: {} }).overrides : (state.environmentFlagSettings ??= {});
      if (enabled === null) delete settings[flag];
      else settings[flag] = enabled;
      return current(organization);
    },
  };
}

/** The flags answer: the console's defaults with the state's values over them. */
export function featureFlagHandlers(state: FeatureFlagsState): Handlers<FeatureFlagsClient> {
  const current = (organization: string | null) =>
    answer(FeatureFlagsAnswerSchema, { flags: { ...FEATURE_FLAG_DEFAULTS, ...state.featureFlags }, organization, overridden: Object.keys(state.featureFlags) });
  return {
    getFeatureFlags: (scope = {}) => current(scope.organization ?? null),
    setFeatureFlag: (organization, flag, enabled) => {
      if (enabled === null) delete state.featureFlags[flag];
      else state.featureFlags[flag] = enabled;
      return current(organization);
    },
  };
}
