import { useQuery } from '@tanstack/react-query';
import { queryKeys, ROLE_PERMISSIONS, type PermissionKey } from '@plinth/shared-contracts';
import { useApi, type ShellApiClient as ApiClient } from '../../app/use-api';
import { useSessionUser } from '../../session/require-session';

// The queries as options, so the pages' hooks and the start-up prefetch (project-prefetch.ts) ask
// under the same keys and the cache answers both.
export const projectsQuery = (api: ApiClient) => ({ queryKey: queryKeys.projects(), queryFn: () => api.projects.list() });
export const organizationsQuery = (api: ApiClient) => ({ queryKey: queryKeys.organizations(), queryFn: () => api.organizations.list() });
export const projectQuery = (api: ApiClient, ref: string) => ({ queryKey: queryKeys.project(ref), queryFn: () => api.projects.get(ref) });
export const membersQuery = (api: ApiClient, slug: string) => ({
  queryKey: queryKeys.members(slug),
  queryFn: () => api.organizations.listMembers(slug),
});

export function useProjects() {
  return useQuery(projectsQuery(useApi()));
}

export function useOrganizations() {
  return useQuery(organizationsQuery(useApi()));
}

export function useProject(ref: string) {
  return useQuery(projectQuery(useApi(), ref));
}

const NO_PERMISSIONS: readonly PermissionKey[] = [];

/** The permission keys the signed-in user holds in an organization, from their member role. */
export function usePermissions(orgSlug: string | undefined): { permissions: readonly PermissionKey[]; isLoading: boolean } {
  const api = useApi();
  const user = useSessionUser();
  const members = useQuery({ ...membersQuery(api, orgSlug ?? ''), enabled: !!orgSlug });
  const role = members.data?.find((m) => m.user_id === user.id)?.role;
  return { permissions: role ? ROLE_PERMISSIONS[role] : NO_PERMISSIONS, isLoading: members.isLoading };
}
