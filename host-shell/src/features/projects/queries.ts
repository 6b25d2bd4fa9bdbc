import { useQuery } from '@tanstack/react-query';
import { isOrganizationRole, ORGANIZATION_ROLE_PERMISSIONS, organizationRolesQueryKeys, queryKeys, type PermissionKey } from '@plinth/shared-contracts';
import { useApi, type ShellApiClient as ApiClient } from '../../app/use-api';
import { useSessionUser } from '../../session/require-session';

const NO_PERMISSIONS: readonly PermissionKey[] = [];

// The queries as options, so the pages' hooks and the start-up prefetch (project-prefetch.ts) ask
// under the same keys and the cache answers both.
export const projectsQuery = (api: ApiClient) => ({ queryKey: queryKeys.projects(), queryFn: () => api.projects.list() });
export const organizationsQuery = (api: ApiClient) => ({ queryKey: queryKeys.organizations(), queryFn: () => api.organizations.list() });
export const projectQuery = (api: ApiClient, ref: string) => ({ queryKey: queryKeys.project(ref), queryFn: () => api.projects.get(ref) });
/**
 * The signed-in user's permission keys in an organization: those of the organization role they hold
 * (`organization_role`: a Billing admin too, whom the members list's `role` names Read-only for
 * builds of 1.6). The bootstrap seeds it with the permissions the API granted (seedProjectPage).
 */
export const memberPermissionsKey = (slug: string, userId: string) => [...organizationRolesQueryKeys.organizationMembers(slug), 'permissions', userId] as const;
export const memberPermissionsQuery = (api: ApiClient, slug: string, userId: string) => ({
  queryKey: memberPermissionsKey(slug, userId),
  queryFn: async (): Promise<readonly PermissionKey[]> => {
    const role = (await api.organizationRoles.listMembers(slug)).find((m) => m.user_id === userId)?.organization_role;
    if (!role) return NO_PERMISSIONS;
    if (isOrganizationRole(role)) return ORGANIZATION_ROLE_PERMISSIONS[role];
    // A role newer than this build: the API says what it holds.
    const roles = await api.organizationRoles.roles(slug);
    return (roles.organization_roles.find((r) => r.name === role)?.permissions ?? []) as PermissionKey[];
  },
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

/** The permission keys the signed-in user holds in an organization, from their organization role. */
export function usePermissions(orgSlug: string | undefined): { permissions: readonly PermissionKey[]; isLoading: boolean } {
  const api = useApi();
  const user = useSessionUser();
  const held = useQuery({ ...memberPermissionsQuery(api, orgSlug ?? '', user.id), enabled: !!orgSlug });
  return { permissions: held.data ?? NO_PERMISSIONS, isLoading: held.isLoading };
}
