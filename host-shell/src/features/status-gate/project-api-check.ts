import type { QueryClient } from '@tanstack/react-query';
import { queryKeys, type Project } from '@plinth/shared-contracts';
import { useConnectionStore } from './connection-store';

// The check itself (what it calls, how often) is the contracts' projectApiCheckQuery (project-status.ts).

/** The project's API answered: it is ONLINE, and its pages no longer wait on the connecting screen. */
export function markProjectReachable(queryClient: QueryClient, ref: string): void {
  queryClient.setQueryData<Project>(queryKeys.project(ref), (p) => (p ? { ...p, postgrestStatus: 'ONLINE' } : p));
  useConnectionStore.getState().markConnected(ref);
}
