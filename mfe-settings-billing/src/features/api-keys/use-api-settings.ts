import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { JWT_SECRET_STATUS_POLL_MS, PROJECT_SETTINGS_POLL_MS } from '@plinth/shared-contracts';
import type { ProjectSettings } from '@plinth/contracts-settings';
import { useArea } from '@plinth/area-kit';
import { keys } from '../../area/query-keys';

/** The service that holds the project's API keys (the first one that has keys). */
export function apiKeyService(settings: ProjectSettings | undefined) {
  return settings?.services.find((s) => s.service_api_keys.length > 0);
}

/** Project settings, re-read every 2 s until the API-key service has keys (001 §4). */
export function useProjectSettings() {
  const { api, projectRef } = useArea();
  return useQuery({
    queryKey: keys.projectSettings(projectRef),
    queryFn: () => api.settings.getProjectSettings(projectRef),
    refetchInterval: (query) => (query.state.status === 'success' && !apiKeyService(query.state.data) ? PROJECT_SETTINGS_POLL_MS : false),
  });
}

export function useProjectConfig() {
  const { api, projectRef } = useArea();
  return useQuery({ queryKey: keys.projectConfig(projectRef), queryFn: () => api.settings.getProjectConfig(projectRef) });
}

/**
 * JWT secret update status, polled every 1000 ms while Updating; when an update finishes the
 * project configuration and keys are read again (001 §4).
 */
export function useJwtSecretUpdateStatus() {
  const { api, projectRef } = useArea();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: keys.jwtSecretUpdateStatus(projectRef),
    queryFn: () => api.settings.getJwtSecretUpdateStatus(projectRef),
    refetchInterval: (query) => (query.state.data?.jwtSecretUpdateStatus?.meta.status === 'Updating' ? JWT_SECRET_STATUS_POLL_MS : false),
  });
  const state = status.data?.jwtSecretUpdateStatus?.meta.status;
  const previous = useRef(state);
  useEffect(() => {
    if (previous.current === 'Updating' && state === 'Updated') {
      void queryClient.invalidateQueries({ queryKey: keys.projectConfig(projectRef) });
      void queryClient.invalidateQueries({ queryKey: keys.projectSettings(projectRef) });
    }
    previous.current = state;
  }, [state, queryClient, projectRef]);
  return { query: status, state };
}
