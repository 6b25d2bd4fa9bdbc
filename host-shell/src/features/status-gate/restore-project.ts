import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  PERMISSION_MESSAGES,
  PROJECT_MESSAGES,
  queryKeys,
  type FreeProjectLimitMember,
  type Project,
} from '@plinth/shared-contracts';
import { notify } from '@plinth/shared-ui/toast';
import { useApi } from '../../app/use-api';

export type RestoreStep = 'idle' | 'checking' | 'confirm' | 'free-limit' | 'restoring';

/**
 * The restore flow of §4.3: 'Restore project' first checks the organization's members against their
 * free project limits; if any exceed it a dialog lists them, otherwise a confirmation opens.
 * Confirming asks for the restore and the project becomes RESTORING.
 */
export function useRestoreProject(project: Project) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<RestoreStep>('idle');
  const [membersOverLimit, setMembersOverLimit] = useState<FreeProjectLimitMember[]>([]);

  const start = async () => {
    setStep('checking');
    try {
      const members = await queryClient.fetchQuery({
        queryKey: queryKeys.freeProjectLimit(project.organization_slug),
        queryFn: () => api.organizations.membersReachedFreeProjectLimit(project.organization_slug),
        staleTime: 0,
      });
      setMembersOverLimit(members);
      setStep(members.length > 0 ? 'free-limit' : 'confirm');
    } catch (err) {
      // The limit check is advisory: when it cannot be made the API still refuses a restore it must not do.
      setStep('confirm');
      void err;
    }
  };

  const confirm = async () => {
    setStep('restoring');
    try {
      const answer = await api.projects.restore(project.ref);
      queryClient.setQueryData<Project>(queryKeys.project(project.ref), (p) => (p ? { ...p, status: answer.status } : p));
      queryClient.removeQueries({ queryKey: queryKeys.projectStatus(project.ref), exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects(), exact: true });
      notify({ kind: 'success', message: PROJECT_MESSAGES.restoring });
      setStep('idle');
    } catch (err) {
      const message =
        err instanceof ApiError && err.status === 403 ? PERMISSION_MESSAGES.restoreNotice : PROJECT_MESSAGES.restoreFailed((err as Error).message);
      notify({ kind: 'error', message });
      setStep('confirm');
    }
  };

  return { step, membersOverLimit, start, confirm, close: () => setStep('idle') };
}
