import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, type Project } from '@plinth/shared-contracts';
import { ScreenPanel, mutedCss } from './screen-panel';
import { useStatusPolling } from './use-status-polling';

/** Pausing screen (§4.2): after 4 s, polls the status every 2 s until INACTIVE, then refreshes the project. */
export function PausingScreen({ project }: { project: Project }) {
  const queryClient = useQueryClient();
  const paused = useStatusPolling(project, 'pausing') === 'INACTIVE';
  useEffect(() => {
    if (paused) void queryClient.invalidateQueries({ queryKey: queryKeys.project(project.ref), exact: true });
  }, [paused, project.ref, queryClient]);

  return (
    <ScreenPanel title="Pausing project" busy>
      <p css={mutedCss}>{project.name} is being paused. You can restore it once it has stopped.</p>
    </ScreenPanel>
  );
}
