import { useQuery } from '@tanstack/react-query';
import { useArea } from '@plinth/area-kit';
import { keys } from './query-keys';

/** The project's buckets, sorted by name as the menu lists them. */
export function useBuckets() {
  const { api, projectRef } = useArea();
  return useQuery({
    queryKey: keys.buckets(projectRef),
    queryFn: async () => (await api.storage.listBuckets(projectRef)).sort((a, b) => a.name.localeCompare(b.name)),
    enabled: projectRef !== '',
  });
}

/** The project's storage configuration (global upload limit, free tier). */
export function useStorageConfig(enabled = true) {
  const { api, projectRef } = useArea();
  return useQuery({
    queryKey: keys.storageConfig(projectRef),
    queryFn: () => api.storage.getStorageConfig(projectRef),
    enabled: enabled && projectRef !== '',
  });
}
