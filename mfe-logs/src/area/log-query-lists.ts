import { useQuery } from '@tanstack/react-query';
import { useArea } from '@plinth/area-kit';
import { keys } from './query-keys';

// The lists more than one logs explorer page reads: the team's saved queries (Saved page, the
// query page's save), the caller's recent queries (Recent page, refreshed after each run), the
// templates and the sources' tables (completion, retention).

export function useSavedLogQueries() {
  const { api, projectRef } = useArea();
  return useQuery({ queryKey: keys.savedLogQueries(projectRef), queryFn: async () => (await api.logQueries.listSavedLogQueries(projectRef)).queries });
}

export function useRecentLogQueries() {
  const { api, projectRef } = useArea();
  return useQuery({ queryKey: keys.recentLogQueries(projectRef), queryFn: async () => (await api.logQueries.listRecentLogQueries(projectRef)).queries });
}

export function useLogQueryTemplates() {
  const { api, projectRef } = useArea();
  return useQuery({ queryKey: keys.logQueryTemplates(projectRef), queryFn: async () => (await api.logQueries.listLogQueryTemplates(projectRef)).templates, staleTime: 10 * 60_000 });
}

export function useLogSources() {
  const { api, projectRef } = useArea();
  return useQuery({ queryKey: keys.logSources(projectRef), queryFn: () => api.logQueries.listLogSources(projectRef), staleTime: 5 * 60_000 });
}
