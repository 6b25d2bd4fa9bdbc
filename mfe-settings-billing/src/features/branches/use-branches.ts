import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@plinth/shared-contracts';
import type { BranchingEnable, PreviewBranchCreate } from '@plinth/contracts-settings';
import { useArea } from '@plinth/area-kit';
import { keys } from '../../area/query-keys';

/** The project's preview branches. */
export function useBranches(ref: string) {
  const { api } = useArea();
  return useQuery({ queryKey: keys.branches(ref), queryFn: () => api.branching.listPreviewBranches(ref), enabled: ref !== '' });
}

/** The project's branching: on (with the git branch production follows) or off. */
export function useBranching(ref: string) {
  const { api } = useArea();
  return useQuery({ queryKey: keys.branching(ref), queryFn: () => api.branching.getBranching(ref), enabled: ref !== '' });
}

/** After a branch change: the branch list, branching and the project (is_branch_enabled; the shell's project list shows branches). */
function useRefresh(ref: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.branches(ref) }),
      queryClient.invalidateQueries({ queryKey: keys.branching(ref) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.project(ref) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.projects() }),
    ]);
}

export function useEnableBranching(ref: string) {
  const { api } = useArea();
  const refresh = useRefresh(ref);
  return useMutation({ mutationFn: (body: BranchingEnable) => api.branching.enableBranching(ref, body), onSuccess: refresh });
}

export function useCreateBranch(ref: string) {
  const { api } = useArea();
  const refresh = useRefresh(ref);
  return useMutation({ mutationFn: (body: PreviewBranchCreate) => api.branching.createPreviewBranch(ref, body), onSuccess: refresh });
}

export function useResetBranch(ref: string) {
  const { api } = useArea();
  const refresh = useRefresh(ref);
  return useMutation({ mutationFn: (branchId: string) => api.branching.resetBranch(branchId), onSuccess: refresh });
}

export function useDeleteBranch(ref: string) {
  const { api } = useArea();
  const refresh = useRefresh(ref);
  return useMutation({ mutationFn: (branchId: string) => api.branching.deleteBranch(branchId), onSuccess: refresh });
}

/** The organization's integrations with their connections (the same query as the integrations pages', by its key). */
export function useOrganizationIntegrations(slug: string) {
  const { api } = useArea();
  return useQuery({ queryKey: keys.integrations(slug), queryFn: () => api.integrations.listIntegrations(slug), enabled: slug !== '' });
}

/** The git branches of the connected repository (by integration id, owner and repository name). */
export function useRepositoryBranches(integrationId: string, fullName: string) {
  const { api } = useArea();
  const [owner = '', repo = ''] = fullName.split('/');
  return useQuery({ queryKey: keys.gitBranches(integrationId, owner, repo), queryFn: () => api.integrations.listGitBranches(integrationId, owner, repo), retry: false });
}
