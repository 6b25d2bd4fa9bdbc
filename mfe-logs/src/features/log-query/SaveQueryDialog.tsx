import { useQueryClient } from '@tanstack/react-query';
import { useArea } from '@plinth/area-kit';
import { keys } from '../../area/query-keys';
import { QueryDetailsDialog } from '../../area/QueryDetailsDialog';

/** Saves the query page's text for the team, with a name and a description. */
export function SaveQueryDialog({ sql, onClose }: { sql: string; onClose: () => void }) {
  const { api, projectRef, notify } = useArea();
  const queryClient = useQueryClient();
  return (
    <QueryDetailsDialog
      title="Save query"
      description="Saved queries are shared with everyone on the project."
      formId="save-log-query"
      save={(details) => api.logQueries.createSavedLogQuery(projectRef, { ...details, sql })}
      onSaved={(saved) => {
        void queryClient.invalidateQueries({ queryKey: keys.savedLogQueries(projectRef) });
        notify({ kind: 'success', message: `Saved query "${saved.name}"` });
        onClose();
      }}
      onClose={onClose}
    />
  );
}
