import { useQuery } from '@tanstack/react-query';
import { queryKeys, ROLE_PERMISSIONS, type PermissionKey } from '@plinth/shared-contracts';
import { useApi } from '../../app/use-api';
import { useSessionUser } from '../session/require-session';

export function useProjects() {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.projects(), queryFn: () => api.projects.list() });
}

export function useOrganizations() {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.organizations(), queryFn: () => api.organizations.list() });
}

export function useProject(ref: string) {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.project(ref), queryFn: () => api.projects.get(ref) });
}

const NO_PERMISSIONS: readonly PermissionKey[] = [];

/** The permission keys the signed-in user holds in an organization, from their member role. */
export function usePermissions(orgSlug: string | undefined): { permissions: readonly PermissionKey[]; isLoading: boolean } {
  const api = useApi();
  const user = useSessionUser();
  const members = useQuery({
    queryKey: queryKeys.members(orgSlug ?? ''),
    queryFn: () => api.organizations.listMembers(orgSlug!),
    enabled: !!orgSlug,
  });
  const role = members.data?.find((m) => m.user_id === user.id)?.role;
  return { permissions: role ? ROLE_PERMISSIONS[role] : NO_PERMISSIONS, isLoading: members.isLoading };
}
