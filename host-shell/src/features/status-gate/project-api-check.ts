import type { QueryClient } from '@tanstack/react-query';
import { LIVE_CHECK_TIMEOUT_MS, queryKeys, usesLiveCheck, type ApiClient, type Project } from '@plinth/shared-contracts';
import { useConnectionStore } from './connection-store';

/**
 * The connectivity check of §4.2: /live for kpsVersion 3.8.6 or later, else the REST root, with the
 * 2 s time-out. Shared by the connecting screen (which polls it) and the start-up prefetch.
 */
export function projectApiCheckQuery(api: ApiClient, project: Project) {
  return {
    queryKey: queryKeys.projectLive(project.ref),
    queryFn: async () => {
      const options = { timeoutMs: LIVE_CHECK_TIMEOUT_MS };
      if (usesLiveCheck(project.kpsVersion)) await api.projects.live(project.ref, options);
      else await api.projects.restRoot(project.ref, options);
      return { reachable: true as const };
    },
    retry: false,
  };
}

/** The project's API answered: it is ONLINE, and its pages no longer wait on the connecting screen. */
export function markProjectReachable(queryClient: QueryClient, ref: string): void {
  queryClient.setQueryData<Project>(queryKeys.project(ref), (p) => (p ? { ...p, postgrestStatus: 'ONLINE' } : p));
  useConnectionStore.getState().markConnected(ref);
}
