import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthTemplate, AuthTemplateKind, AuthTemplateUpdate } from '@plinth/contracts-auth';
import { errorMessage, useArea, type AreaApi } from '@plinth/area-kit';
import { keys } from '../../area/query-keys';

export const authTemplatesQuery = (api: AreaApi, ref: string) =>
  queryOptions({ queryKey: keys.authTemplates(ref), queryFn: () => api.authUsers.listAuthTemplates(ref) });

export function useAuthTemplates() {
  const { api, projectRef } = useArea();
  return useQuery(authTemplatesQuery(api, projectRef));
}

export function useSaveTemplate() {
  const { api, projectRef, notify } = useArea();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, body }: { kind: AuthTemplateKind; body: AuthTemplateUpdate }) => api.authUsers.updateAuthTemplate(projectRef, kind, body),
    onSuccess: (saved: AuthTemplate) => {
      queryClient.setQueryData(authTemplatesQuery(api, projectRef).queryKey, (old) =>
        old ? { templates: old.templates.map((t) => (t.kind === saved.kind ? saved : t)) } : old,
      );
      notify({ kind: 'success', message: 'Successfully updated email template' });
    },
    onError: (error: Error) => notify({ kind: 'error', message: `Failed to update email template: ${errorMessage(error)}` }),
  });
}
