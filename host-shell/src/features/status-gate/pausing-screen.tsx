import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, type Project } from '@plinth/shared-contracts';
import { ScreenPanel, mutedCss } from './screen-panel';
import { useStatusPolling } from './use-status-polling';

/**
 * Pausing screen (§4.2): after 4 s, polls the status every 2 s until INACTIVE, then refreshes the
 * project. A project seen going down that comes back instead (a restart passes through GOING_DOWN)
 * is refreshed too, so the page shows it running rather than pausing for ever.
 */
export function PausingScreen({ project }: { project: Project }) {
  const queryClient = useQueryClient();
  const status = useStatusPolling(project, 'pausing');
  const leftPausing = status !== undefined && status !== 'GOING_DOWN' && status !== 'PAUSING';
  useEffect(() => {
    if (leftPausing) void queryClient.invalidateQueries({ queryKey: queryKeys.project(project.ref), exact: true });
  }, [leftPausing, status, project.ref, queryClient]);

  return (
    <ScreenPanel title="Pausing project" busy>
      <p css={mutedCss}>{project.name} is being paused. You can restore it once it has stopped.</p>
    </ScreenPanel>
  );
}
