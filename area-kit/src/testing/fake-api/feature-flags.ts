import { FEATURE_FLAG_DEFAULTS, FeatureFlagsAnswerSchema, type FeatureFlag, type FeatureFlagsClient } from '@plinth/shared-contracts';
import { answer, type Handlers } from './fake-client';

export interface FeatureFlagsState {
  /** Flags set otherwise than the console's defaults (an environment or organization setting). */
  featureFlags: Partial<Record<FeatureFlag, boolean>>;
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
