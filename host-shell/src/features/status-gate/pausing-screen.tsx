import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PAUSING_POLL_DELAY_MS, PAUSING_POLL_INTERVAL_MS, queryKeys, STATUS_TIMEOUT_MS, type Project } from '@plinth/shared-contracts';
import { useApi } from '../../app/use-api';
import { ScreenPanel, mutedCss } from './screen-panel';

/** Pausing screen (§4.2): after 4 s, polls the status every 2 s until INACTIVE, then refreshes the project. */
export function PausingScreen({ project }: { project: Project }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setStarted(true), PAUSING_POLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const status = useQuery({
    queryKey: queryKeys.projectStatus(project.ref),
    queryFn: () => api.projects.getStatus(project.ref, { timeoutMs: STATUS_TIMEOUT_MS }),
    enabled: started,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'INACTIVE' ? false : PAUSING_POLL_INTERVAL_MS),
    refetchIntervalInBackground: true,
  });
  const paused = started && status.isFetchedAfterMount && status.data?.status === 'INACTIVE';
  useEffect(() => {
    if (paused) void queryClient.invalidateQueries({ queryKey: queryKeys.project(project.ref), exact: true });
  }, [paused, project.ref, queryClient]);

  return (
    <ScreenPanel title="Pausing project" busy>
      <p css={mutedCss}>{project.name} is being paused. You can restore it once it has stopped.</p>
    </ScreenPanel>
  );
}
