import { createContext, useContext, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FEATURE_FLAG_DEFAULTS, FEATURE_FLAGS_STALE_MS, featureFlagsQueryKey, type FeatureFlag, type FeatureFlagValues } from '@plinth/shared-contracts';
import { useApi } from '../../app/use-api';

const FlagsContext = createContext<FeatureFlagValues>(FEATURE_FLAG_DEFAULTS);

/**
 * The feature flags of a project's organization for the shell's parts below (banners). Asks the
 * same cached query the areas' `useFeatureFlag` asks, so a page makes one call. Until the answer
 * comes, and if it fails, the console's defaults apply.
 */
export function FeatureFlagsProvider({ projectRef, children }: { projectRef: string; children: ReactNode }) {
  const api = useApi();
  const scope = { project: projectRef };
  const flags = useQuery({
    queryKey: featureFlagsQueryKey(scope),
    queryFn: () => api.featureFlags.getFeatureFlags(scope),
    staleTime: FEATURE_FLAGS_STALE_MS,
    enabled: projectRef !== '',
    retry: 1,
  });
  return <FlagsContext.Provider value={flags.data?.flags ?? FEATURE_FLAG_DEFAULTS}>{children}</FlagsContext.Provider>;
}

/** Whether a flag is on for the shell part asking (the provider's organization, else the defaults). */
export function useShellFeatureFlag(name: FeatureFlag): boolean {
  return useContext(FlagsContext)[name];
}

/** Renders `on` while the flag is on, `off` otherwise (two layouts of one part). */
export function FlagSwitch({ flag, on, off }: { flag: FeatureFlag; on: ReactNode; off: ReactNode }) {
  return <>{useShellFeatureFlag(flag) ? on : off}</>;
}

/** Renders its children only while the flag is on. */
export function WhenFlag({ flag, children }: { flag: FeatureFlag; children: ReactNode }) {
  return useShellFeatureFlag(flag) ? <>{children}</> : null;
}
