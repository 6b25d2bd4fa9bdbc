import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  createFeatureFlagsClient,
  createHttp,
  FEATURE_FLAGS_STALE_MS,
  featureFlagsQueryKey,
  type FeatureFlag,
  type FeatureFlagsClient,
} from '@plinth/shared-contracts';
import { useArea } from './area-context';

/**
 * Whether a feature flag is on for the area's project (its organization's value, else the
 * environment's), or for `organization` on organization pages. False until the answer is known
 * and when it cannot be had, so a gated part never flashes in (`whileUnknown: true` keeps a part
 * that is usually on, a menu entry, from flashing out instead). One cached answer per organization
 * for the whole console: the shell's provider asks the same query.
 */
export function useFeatureFlag(name: FeatureFlag, options: { organization?: string; whileUnknown?: boolean } = {}): boolean {
  const { api, projectRef, props } = useArea();
  const fromArea = (api as { featureFlags?: FeatureFlagsClient }).featureFlags;
  const client = useMemo(() => fromArea ?? createFeatureFlagsClient(createHttp({ baseUrl: props.apiBase })), [fromArea, props.apiBase]);
  const scope = projectRef ? { project: projectRef } : options.organization ? { organization: options.organization } : {};
  const flags = useQuery({
    queryKey: featureFlagsQueryKey(scope),
    queryFn: () => client.getFeatureFlags(scope),
    staleTime: FEATURE_FLAGS_STALE_MS,
    retry: 1,
  });
  return flags.data?.flags[name] ?? options.whileUnknown ?? false;
}
