import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedLogQuery } from '@plinth/contracts-logs';
import { errorMessage, useArea } from '@plinth/area-kit';
import { Button } from '@plinth/shared-ui/button';
import { Dialog } from '@plinth/shared-ui/dialog';
import { Field, TextArea, TextInput } from '@plinth/shared-ui/form';
import { EditIcon, TrashIcon } from '@plinth/shared-ui/icons';
import { EmptyState, InlineNotice, PageHeader } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import { explorerAddress } from '../../area/explorer-address';
import { useSavedLogQueries } from '../../area/log-query-lists';
import { keys } from '../../area/query-keys';
import { QueryDetailsDialog } from '../../area/QueryDetailsDialog';

function useSavedChange() {
  const { projectRef } = useArea();
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: keys.savedLogQueries(projectRef) });
}

/** Renames a saved query and edits its description. */
function EditSavedQueryDialog({ query, onClose }: { query: SavedLogQuery; onClose: () => void }) {
  const { api, projectRef, notify } = useArea();
  const changed = useSavedChange();
  return (
    <QueryDetailsDialog
      title="Edit saved query"
      formId="edit-saved-log-query"
      initial={{ name: query.name, description: query.description }}
      save={(details) => api.logQueries.updateSavedLogQuery(projectRef, query.id, details)}
      onSaved={(saved) => {
        changed();
        notify({ kind: 'success', message: `Updated saved query "${saved.name}"` });
        onClose();
      }}
      onClose={onClose}
    />
  );
}

/** Asks before deleting a saved query for the whole team. */
function DeleteSavedQueryDialog({ query, onClose }: { query: SavedLogQuery; onClose: () => void }) {
  const { api, projectRef, notify } = useArea();
  const changed = useSavedChange();
  const remove = useMutation({
    mutationFn: () => api.logQueries.deleteSavedLogQuery(projectRef, query.id),
    onSuccess: () => {
      changed();
      notify({ kind: 'success', message: `Deleted saved query "${query.name}"` });
      onClose();
    },
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Delete "${query.name}"?`}
      description="The query is deleted for everyone on the project. This cannot be undone."
      footer={
        <>
          <Button type="button" onClick={onClose}>
            Cancel
          </Button>
          <Button type="button" variant="danger" loading={remove.isPending} onClick={() => remove.mutate()}>
            Delete
          </Button>
        </>
      }
    >
      {remove.isError ? <InlineNotice kind="danger" title="The query was not deleted">{errorMessage(remove.error)}</InlineNotice> : null}
    </Dialog>
  );
}

/** The team's saved log queries: open one in the query page, rename it, edit its description, delete it. */
export function SavedQueries() {
  const saved = useSavedLogQueries();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<SavedLogQuery | null>(null);
  const [deleting, setDeleting] = useState<SavedLogQuery | null>(null);
  return (
    <section aria-label="Saved Queries" css={{ display: 'flex', flexDirection: 'column' }}>
      <PageHeader title="Saved Queries" description="Log queries saved by your team for this project." />
      <div css={{ padding: `${tokens.space.md} ${tokens.space.xl} ${tokens.space.xl}` }}>
        {saved.isPending ? (
          <LoadingSkeleton label="Loading saved queries" rows={4} />
        ) : saved.isError ? (
          <InlineError message="The saved queries could not be loaded." detail={errorMessage(saved.error)} onRetry={() => void saved.refetch()} retrying={saved.isRefetching} />
        ) : saved.data.length === 0 ? (
          <EmptyState framed title="No saved queries" description="Save a query from the Logs Explorer's query page to find it here." />
        ) : (
          <ul aria-label="Saved queries" css={{ listStyle: 'none', margin: 0, padding: 0, border: `1px solid ${tokens.color.border}`, borderRadius: tokens.radius.lg, background: tokens.color.surface }}>
            {saved.data.map((q) => (
              <li key={q.id} aria-labelledby={`saved-${q.id}`} css={{ display: 'flex', flexWrap: 'wrap', gap: tokens.space.md, alignItems: 'flex-start', padding: tokens.space.md, borderBottom: `1px solid ${tokens.color.border}`, '&:last-of-type': { borderBottom: 'none' } }}>
                <div css={{ flex: '1 1 300px', minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.space.xs }}>
                  <h2 id={`saved-${q.id}`} css={{ margin: 0, fontSize: tokens.fontSize.sm, fontWeight: 600 }}>
                    {q.name}
                  </h2>
                  {q.description ? <p css={{ margin: 0, fontSize: tokens.fontSize.sm, color: tokens.color.textMuted }}>{q.description}</p> : null}
                  <pre css={{ margin: 0, fontFamily: tokens.font.mono, fontSize: tokens.fontSize.xs, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 96, overflow: 'hidden' }}>{q.sql}</pre>
                </div>
                <div css={{ display: 'flex', gap: tokens.space.xs }}>
                  <Button size="small" variant="primary" aria-label={`Run ${q.name}`} onClick={() => navigate(explorerAddress({ sql: q.sql, run: true, savedId: q.id }))}>
                    Run
                  </Button>
                  <Button size="small" aria-label={`Open ${q.name}`} onClick={() => navigate(explorerAddress({ sql: q.sql, savedId: q.id }))}>
                    Open
                  </Button>
                  <Button size="small" variant="ghost" icon={<EditIcon size={14} />} aria-label={`Edit ${q.name}`} onClick={() => setEditing(q)} />
                  <Button size="small" variant="ghost" icon={<TrashIcon size={14} />} aria-label={`Delete ${q.name}`} onClick={() => setDeleting(q)} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      {editing ? <EditSavedQueryDialog query={editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? <DeleteSavedQueryDialog query={deleting} onClose={() => setDeleting(null)} /> : null}
    </section>
  );
}
