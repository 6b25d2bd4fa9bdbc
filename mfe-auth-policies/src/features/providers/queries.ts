import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthProviders, AuthProvidersUpdate } from '@plinth/contracts-auth';
import { errorMessage, useArea, type AreaApi } from '@plinth/area-kit';
import { keys } from '../../area/query-keys';

export const authProvidersQuery = (api: AreaApi, ref: string) =>
  queryOptions({ queryKey: keys.authProviders(ref), queryFn: () => api.authUsers.getAuthProviders(ref) });

export function useAuthProviders() {
  const { api, projectRef } = useArea();
  return useQuery(authProvidersQuery(api, projectRef));
}

/** Saves a change to the providers; the answer (secrets left out) replaces the cached settings. */
export function useSaveProviders() {
  const { api, projectRef, notify } = useArea();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: AuthProvidersUpdate) => api.authUsers.updateAuthProviders(projectRef, change),
    onSuccess: (saved: AuthProviders) => {
      queryClient.setQueryData(authProvidersQuery(api, projectRef).queryKey, saved);
      notify({ kind: 'success', message: 'Successfully updated settings' });
    },
    onError: (error: Error) => notify({ kind: 'error', message: `Failed to update settings: ${errorMessage(error)}` }),
  });
}

/** The auth service's OAuth callback, to register in each provider's app: the project's API address + /auth/v1/callback. */
export function useOAuthCallbackUrl() {
  const { api, projectRef } = useArea();
  return useQuery({
    queryKey: keys.projectSettings(projectRef),
    queryFn: () => api.settings.getProjectSettings(projectRef),
    staleTime: 60_000,
    select: (settings) => {
      const config = settings.services[0]?.app_config;
      return config ? `${config.protocol}://${config.endpoint}/auth/v1/callback` : null;
    },
  });
}
