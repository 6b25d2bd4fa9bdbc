import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@plinth/shared-contracts';
import type { ConnectionCreate, IntegrationName } from '@plinth/contracts-settings';
import { useArea } from '@plinth/area-kit';
import { keys } from '../../area/query-keys';

/** The organization's installed integrations with their connections. */
export function useIntegrations(slug: string) {
  const { api } = useArea();
  return useQuery({ queryKey: keys.integrations(slug), queryFn: () => api.integrations.listIntegrations(slug), enabled: slug !== '' });
}

/**
 * Installs an integration for the organization; the list is asked again after. GitHub on a server
 * that uses the GitHub App is installed on GitHub: the browser goes to the app's install page and
 * comes back to the integrations page once GitHub has it (answered 'redirected').
 */
export function useInstallIntegration(slug: string, go: (url: string) => void = (url) => window.location.assign(url)) {
  const { api } = useArea();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: IntegrationName) => {
      if (name === 'GitHub') {
        const { url } = await api.branching.githubInstallLink(slug);
        if (url) {
          go(url);
          return 'redirected' as const;
        }
      }
      await api.integrations.createIntegration(slug, { integration_name: name });
      return 'installed' as const;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.integrations(slug) }),
  });
}

/** The organization of the project the area is opened on (project settings pages). */
export function useProjectOrganization() {
  const { api, projectRef } = useArea();
  return useQuery({ queryKey: queryKeys.project(projectRef), queryFn: () => api.projects.get(projectRef), enabled: projectRef !== '', select: (p) => p.organization_slug });
}

/** The repositories an integration reaches (000 §2.6: loaded by integration id). */
export function useRepositories(integrationId: string | null) {
  const { api } = useArea();
  return useQuery({ queryKey: keys.repositories(integrationId ?? ''), queryFn: () => api.integrations.listRepositories(integrationId!), enabled: !!integrationId });
}

/** The git branches of a repository (by integration id, owner and repository name). */
export function useGitBranches(integrationId: string | null, fullName: string | null) {
  const { api } = useArea();
  const [owner = '', repo = ''] = (fullName ?? '').split('/');
  return useQuery({
    queryKey: keys.gitBranches(integrationId ?? '', owner, repo),
    queryFn: () => api.integrations.listGitBranches(integrationId!, owner, repo),
    enabled: !!integrationId && !!owner && !!repo,
    retry: false,
  });
}

/** Connects a repository to a project; the organization's integrations are asked again after. */
export function useCreateConnection(slug: string) {
  const { api } = useArea();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConnectionCreate) => api.integrations.createConnection(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.integrations(slug) }),
  });
}

/** Deletes a repository connection; the organization's integrations are asked again after. */
export function useDeleteConnection(slug: string) {
  const { api } = useArea();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connectionId: string) => api.integrations.deleteConnection(connectionId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.integrations(slug) }),
  });
}
