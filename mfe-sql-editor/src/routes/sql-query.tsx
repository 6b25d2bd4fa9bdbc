import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { Button } from '@plinth/shared-ui/button';
import { EmptyState, InlineNotice } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton } from '@plinth/shared-ui/page';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { PERMISSIONS, PERMISSION_MESSAGES } from '@plinth/shared-contracts';
import { NEW_SNIPPET_NAME, SNIPPET_MESSAGES, type Snippet } from '@plinth/contracts-database';
import { errorMessage, useArea } from '@plinth/area-kit';
import { ConflictNotice, DeletedNotice, SaveStatus, UnsavedNotice } from '../features/autosave/SaveStatus';
import { DeletedQueryPage } from '../features/autosave/DeletedQueryPage';
import { UNSAVED_QUERY_IDS, useQueryText, type QueryText } from '../features/autosave/use-autosave';
import { QueryEditor } from '../features/query-editor/QueryEditor';
import { openQueries } from '../features/query-tabs/open-queries';
import { QueryTabs } from '../features/query-tabs/QueryTabs';
import { useSnippetMutations, useSnippets } from '../area/use-snippets';
import type { OpenQueryState } from '../area/open-as-new-query';

/**
 * sql/new, the non-hosted sql/1 and sql/:id: one page, so that a new query becoming a saved one keeps
 * its editor (and the cursor) while the address moves to it.
 */
export default function SqlQueryRoute({ fixedId }: { fixedId?: string }) {
  const params = useParams();
  const id = fixedId ?? params.id ?? 'new';
  const saved = !(UNSAVED_QUERY_IDS as readonly string[]).includes(id);
  const snippets = useSnippets();

  if (saved && snippets.isPending) return <LoadingSkeleton label="Loading query" rows={8} />;
  if (saved && snippets.isError) return <InlineError message="Failed to load queries" detail={snippets.error.message} onRetry={() => void snippets.refetch()} />;
  const snippet = saved ? snippets.data?.find((s) => s.id === id) : undefined;
  if (saved && !snippet) {
    return (
      <DeletedQueryPage id={id}>
        <EmptyState title="Query not found" description={`${SNIPPET_MESSAGES.noQueriesFound}: it may have been deleted.`} />
      </DeletedQueryPage>
    );
  }
  return <OpenQuery id={id} snippet={snippet} />;
}

function OpenQuery({ id, snippet }: { id: string; snippet: Snippet | undefined }) {
  const queryText = useQueryText(id, snippet);
  // A new query first finds its draft (after a reload, or left by a closed tab).
  if (!queryText) return <LoadingSkeleton label="Loading query" rows={8} />;
  return <QueryPage id={id} snippet={snippet} queryText={queryText} />;
}

function QueryPage({ id, snippet, queryText }: { id: string; snippet: Snippet | undefined; queryText: QueryText }) {
  const { projectRef, can, notify } = useArea();
  const navigate = useNavigate();
  const { state, textId, touch, readText, replaceText, keepMine, takeTheirs, saveAsNewQuery } = queryText;
  const location = useLocation();
  const openText = (location.state as OpenQueryState | null)?.openText;

  // A template or a run from the history opened here: it becomes the text, once.
  useEffect(() => {
    if (openText === undefined) return;
    replaceText(openText);
    navigate(location.pathname, { replace: true, state: null });
  }, [openText]);
  const { favorite, create } = useSnippetMutations();
  const maySave = can(PERMISSIONS.USER_CONTENT_CREATE);

  useEffect(() => {
    if (snippet) openQueries.open(projectRef, snippet.id);
  }, [projectRef, snippet?.id]);

  const toggleFavorite = (s: Snippet) =>
    favorite.mutate(
      { id: s.id, favorite: !s.content.favorite },
      { onError: (err) => notify({ kind: 'error', message: `Failed to update query: ${errorMessage(err)}` }) },
    );
  // The non-hosted sql/1 keeps its text on this device until saved as a query.
  const saveAsQuery = async () => {
    try {
      const created = await create.mutateAsync({ name: NEW_SNIPPET_NAME, sql: readText(), visibility: 'user' });
      navigate(`/sql/${created.id}`);
    } catch {
      notify({ kind: 'error', message: SNIPPET_MESSAGES.createFailed });
    }
  };

  return (
    <>
      <QueryTabs activeId={id} />
      <QueryEditor
        title={snippet?.name ?? 'New query'}
        text={state.text}
        textKey={`${textId}:${state.revision}`}
        onTextChange={touch}
        fileName={snippet?.name ?? 'query-results'}
        headerActions={
          <div css={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
            {state.text !== '' || snippet ? <SaveStatus state={state} /> : null}
            {snippet ? (
              <Button variant="ghost" aria-pressed={snippet.content.favorite} onClick={() => toggleFavorite(snippet)} loading={favorite.isPending}>
                {snippet.content.favorite ? 'Remove from favorites' : 'Add to favorites'}
              </Button>
            ) : null}
            {id === '1' ? (
              <PermissionTooltip allowed={maySave} message={PERMISSION_MESSAGES.snippetsNotSaved}>
                <Button onClick={() => void saveAsQuery()} loading={create.isPending} disabled={maySave && state.text.trim() === ''}>
                  Save query
                </Button>
              </PermissionTooltip>
            ) : null}
          </div>
        }
        notices={
          <>
            <ConflictNotice state={state} onKeepMine={keepMine} onTakeTheirs={takeTheirs} />
            <DeletedNotice state={state} onSaveAsNew={saveAsNewQuery} />
            <UnsavedNotice state={state} />
            {maySave ? null : <InlineNotice kind="info">{PERMISSION_MESSAGES.snippetsNotSaved}. Your text is kept in this browser.</InlineNotice>}
          </>
        }
      />
    </>
  );
}
