import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { projectStatusQuery, STATUS_POLLING, type Project, type ProjectStatus, type StatusPollingScreen } from '@plinth/shared-contracts';
import { useApi } from '../../app/use-api';

/**
 * The project status as a status screen polls it (000 §4.2, the rules in the contracts'
 * project-status.ts): after the screen's start delay, by its interval, until a status it waits for.
 * Returns the latest status asked since the screen showed (an older answer in the cache is not news).
 */
export function useStatusPolling(project: Project, screen: StatusPollingScreen, { enabled = true } = {}): ProjectStatus | undefined {
  const api = useApi();
  const { startAfterMs } = STATUS_POLLING[screen];
  const [started, setStarted] = useState(startAfterMs === 0);
  useEffect(() => {
    if (startAfterMs === 0) return undefined;
    const timer = setTimeout(() => setStarted(true), startAfterMs);
    return () => clearTimeout(timer);
  }, [startAfterMs]);
  const status = useQuery({ ...projectStatusQuery(api.projects, project.ref, screen), enabled: enabled && started });
  return started && status.isFetchedAfterMount ? status.data?.status : undefined;
}
