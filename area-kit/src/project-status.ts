import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createHttp, createProjectsClient, projectStatusQuery, type ProjectsClient } from '@plinth/shared-contracts';
import { useArea } from './area-context';

/**
 * The status of the area's project (ACTIVE_HEALTHY, PAUSING, …), from the same query the host's
 * status screens poll (the contracts' projectStatusQuery): one cache entry for the whole page.
 * Asks once when nothing fresh is cached; never polls (the host's screens do, 000 §4.2).
 */
export function useProjectStatus() {
  const { api, projectRef, props } = useArea();
  const fromArea = (api as { projects?: Pick<ProjectsClient, 'getStatus'> }).projects;
  const projects = useMemo(() => fromArea ?? createProjectsClient(createHttp({ baseUrl: props.apiBase })), [fromArea, props.apiBase]);
  return useQuery({ ...projectStatusQuery(projects, projectRef), enabled: projectRef !== '' });
}
