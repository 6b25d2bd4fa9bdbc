import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@plinth/shared-contracts';
import { useArea } from '@plinth/area-kit';

/** The project's buckets, sorted by name as the menu lists them. */
export function useBuckets() {
  const { api, projectRef } = useArea();
  return useQuery({
    queryKey: queryKeys.buckets(projectRef),
    queryFn: async () => (await api.storage.listBuckets(projectRef)).sort((a, b) => a.name.localeCompare(b.name)),
    enabled: projectRef !== '',
  });
}

/** The project's storage configuration (global upload limit, free tier). */
export function useStorageConfig(enabled = true) {
  const { api, projectRef } = useArea();
  return useQuery({
    queryKey: queryKeys.storageConfig(projectRef),
    queryFn: () => api.storage.getStorageConfig(projectRef),
    enabled: enabled && projectRef !== '',
  });
}
