import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { projectStatusQuery, queryKeys, type Project } from '@plinth/shared-contracts';
import { useApi } from '../../app/use-api';

/** How often an open page of a running project checks that it still runs. */
export const STATUS_WATCH_INTERVAL_MS = 10_000;

/**
 * While a project's page shows it running, its status is checked in the background (and at once
 * when any call answers that the project is not running, see app/query-client.ts). A newer status
 * than the page's becomes the project's, so the status gate shows the paused or pausing screen
 * without a reload. The status screens poll by their own rules once they show.
 * `started` holds the first check back (the frame passes false until the page's content shows),
 * and a status the console's bootstrap answered just now is not asked again before the interval.
 */
export function useStatusWatch(project: Project | undefined, started = true): void {
  const api = useApi();
  const queryClient = useQueryClient();
  const ref = project?.ref ?? '';
  const watching = project?.status === 'ACTIVE_HEALTHY';
  const status = useQuery({
    ...projectStatusQuery(api.projects, ref),
    enabled: watching && started,
    staleTime: STATUS_WATCH_INTERVAL_MS,
    refetchInterval: STATUS_WATCH_INTERVAL_MS,
    refetchOnWindowFocus: true,
  });
  const latest = status.data?.status;
  const answeredAt = status.dataUpdatedAt;
  useEffect(() => {
    if (!watching || !latest || latest === 'ACTIVE_HEALTHY') return;
    const shownSince = queryClient.getQueryState(queryKeys.project(ref))?.dataUpdatedAt ?? 0;
    // An answer older than the project's own data is no news.
    if (answeredAt <= shownSince) return;
    queryClient.setQueryData<Project>(queryKeys.project(ref), (shown) => (shown ? { ...shown, status: latest } : shown));
    void queryClient.invalidateQueries({ queryKey: queryKeys.project(ref), exact: true });
    void queryClient.invalidateQueries({ queryKey: queryKeys.projects(), exact: true });
  }, [watching, latest, answeredAt, ref, queryClient]);
}
