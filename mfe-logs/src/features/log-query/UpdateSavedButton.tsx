import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, useArea } from '@plinth/area-kit';
import { Button } from '@plinth/shared-ui/button';
import { keys } from '../../area/query-keys';
import { useSavedLogQueries } from '../../area/log-query-lists';

/** The query page opened from a saved query: its name, and saving the edited text back into it. */
export function UpdateSavedButton({ savedId, readText }: { savedId: number; readText: () => string }) {
  const { api, projectRef, notify } = useArea();
  const queryClient = useQueryClient();
  const saved = useSavedLogQueries().data?.find((q) => q.id === savedId);
  const update = useMutation({
    // Name and description go along: the update schema's description defaults to '' when left out.
    mutationFn: () => api.logQueries.updateSavedLogQuery(projectRef, savedId, { name: saved!.name, description: saved!.description, sql: readText() }),
    onSuccess: (query) => {
      void queryClient.invalidateQueries({ queryKey: keys.savedLogQueries(projectRef) });
      notify({ kind: 'success', message: `Updated saved query "${query.name}"` });
    },
    onError: (error) => notify({ kind: 'error', message: `The saved query was not updated: ${errorMessage(error)}` }),
  });
  if (!saved) return null;
  return (
    <Button type="button" loading={update.isPending} onClick={() => update.mutate()}>
      {`Update "${saved.name}"`}
    </Button>
  );
}
