import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@plinth/shared-contracts';
import type { IntegrationName } from '@plinth/contracts-settings';
import { useArea } from '@plinth/area-kit';
import { keys } from '../../area/query-keys';

/** The organization's installed integrations with their connections. */
export function useIntegrations(slug: string) {
  const { api } = useArea();
  return useQuery({ queryKey: keys.integrations(slug), queryFn: () => api.integrations.listIntegrations(slug), enabled: slug !== '' });
}

/** Installs an integration for the organization; the list is asked again after. */
export function useInstallIntegration(slug: string) {
  const { api } = useArea();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: IntegrationName) => api.integrations.createIntegration(slug, { integration_name: name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.integrations(slug) }),
  });
}

/** The organization of the project the area is opened on (project settings pages). */
export function useProjectOrganization() {
  const { api, projectRef } = useArea();
  return useQuery({ queryKey: queryKeys.project(projectRef), queryFn: () => api.projects.get(projectRef), enabled: projectRef !== '', select: (p) => p.organization_slug });
}
