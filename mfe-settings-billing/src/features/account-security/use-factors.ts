import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EnrolFactorBody } from '@plinth/shared-contracts';
import { useArea } from '@plinth/area-kit';
import { keys } from '../../area/query-keys';

/** The signed-in account's authenticator apps (TOTP factors). */
export function useFactors() {
  const { api } = useArea();
  return useQuery({ queryKey: keys.mfaFactors(), queryFn: () => api.auth.listFactors(), select: (answer) => answer.factors });
}

/** Enrol a new authenticator, prove it with a code, or remove one; the list is asked again after each. */
export function useFactorMutations() {
  const { api } = useArea();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.mfaFactors() });
  return {
    enrol: useMutation({ mutationFn: (body: EnrolFactorBody) => api.auth.enrolFactor(body), onSuccess: refresh }),
    verify: useMutation({ mutationFn: ({ id, code }: { id: string; code: string }) => api.auth.verifyFactor(id, { code }), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (id: string) => api.auth.deleteFactor(id), onSuccess: refresh }),
  };
}
