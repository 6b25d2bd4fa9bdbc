import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthUrlConfig } from '@plinth/contracts-auth';
import { errorMessage, useArea, type AreaApi } from '@plinth/area-kit';
import { keys } from '../../area/query-keys';

export const urlConfigQuery = (api: AreaApi, ref: string) => queryOptions({ queryKey: keys.urlConfig(ref), queryFn: () => api.authUsers.getAuthUrlConfig(ref) });

export function useUrlConfig() {
  const { api, projectRef } = useArea();
  return useQuery(urlConfigQuery(api, projectRef));
}

export function useSaveUrlConfig() {
  const { api, projectRef, notify } = useArea();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (config: AuthUrlConfig) => api.authUsers.updateAuthUrlConfig(projectRef, config),
    onSuccess: (saved: AuthUrlConfig) => {
      queryClient.setQueryData(urlConfigQuery(api, projectRef).queryKey, saved);
      notify({ kind: 'success', message: 'Successfully updated URL configuration' });
    },
    onError: (error: Error) => notify({ kind: 'error', message: `Failed to update URL configuration: ${errorMessage(error)}` }),
  });
}
