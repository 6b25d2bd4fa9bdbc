import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AUTH_USERS_PAGE_SIZE, type AuthUserCreate, type AuthUser } from '@plinth/contracts-auth';
import { errorMessage, useArea, type AreaApi } from '@plinth/area-kit';
import { keys } from '../../area/query-keys';
import { userName } from './user-status';

export function authUsersQuery(api: AreaApi, ref: string, page: number, search: string) {
  return queryOptions({
    queryKey: keys.authUsersPage(ref, page, search),
    queryFn: () => api.authUsers.listAuthUsers(ref, { page, per_page: AUTH_USERS_PAGE_SIZE, search: search || undefined }),
    placeholderData: keepPreviousData,
  });
}

export function useAuthUsers(page: number, search: string) {
  const { api, projectRef } = useArea();
  return useQuery(authUsersQuery(api, projectRef, page, search));
}

/** What the users page does to a user, each with its notice; the list is read again after each. */
export function useUserActions() {
  const { api, projectRef, notify } = useArea();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.authUsers(projectRef) });
  const failed = (what: string) => (error: Error) => notify({ kind: 'error', message: `${what}: ${errorMessage(error)}` });

  const create = useMutation({
    mutationFn: (body: AuthUserCreate) => api.authUsers.createAuthUser(projectRef, body),
    onSuccess: async (user: AuthUser) => {
      notify({ kind: 'success', message: `Created user ${userName(user)}` });
      await refresh();
    },
  });
  const invite = useMutation({
    mutationFn: (email: string) => api.authUsers.inviteAuthUser(projectRef, { email }),
    onSuccess: async (user: AuthUser) => {
      notify({ kind: 'success', message: `Sent an invitation to ${user.email}` });
      await refresh();
    },
  });
  const recover = useMutation({
    mutationFn: (user: AuthUser) => api.authUsers.sendPasswordRecovery(projectRef, user.id),
    onSuccess: (user: AuthUser) => notify({ kind: 'success', message: `Sent a password recovery to ${user.email}` }),
    onError: failed('Failed to send password recovery'),
  });
  const setBanned = useMutation({
    mutationFn: ({ user, banned }: { user: AuthUser; banned: boolean }) => api.authUsers.setAuthUserBanned(projectRef, user.id, banned),
    onSuccess: async (user: AuthUser) => {
      notify({ kind: 'success', message: user.banned_until ? `Banned ${userName(user)}` : `Unbanned ${userName(user)}` });
      await refresh();
    },
    onError: failed('Failed to update user'),
  });
  const remove = useMutation({
    mutationFn: (user: AuthUser) => api.authUsers.deleteAuthUser(projectRef, user.id).then(() => user),
    onSuccess: async (user: AuthUser) => {
      notify({ kind: 'success', message: `Deleted user ${userName(user)}` });
      await refresh();
    },
    onError: failed('Failed to delete user'),
  });
  return { create, invite, recover, setBanned, remove };
}
