import { useParams } from 'react-router-dom';
import { Button } from '@plinth/shared-ui/button';
import { SNIPPET_MESSAGES } from '@plinth/shared-contracts';
import { useArea, PlainPlaceholderPage as PlaceholderPage, errorMessage } from '@plinth/area-kit';
import { SqlRunner } from '../features/sql-runner/SqlRunner';
import { useSnippetMutations, useSnippets } from '../features/snippets/use-snippets';

/** sql/:id: one saved query in the editor, with Run, Save and the favourite switch. */
export default function SqlSnippetRoute() {
  const { id = '' } = useParams();
  const { props } = useArea();
  const snippets = useSnippets();
  const { update, favorite } = useSnippetMutations();

  if (snippets.isPending) return <p role="status">Loading query…</p>;
  if (snippets.isError) return <p role="alert">Failed to load queries: {snippets.error.message}</p>;
  const snippet = snippets.data.find((s) => s.id === id);
  if (!snippet) {
    return (
      <PlaceholderPage title="Query not found">
        <p>{SNIPPET_MESSAGES.noQueriesFound}. It may have been deleted.</p>
      </PlaceholderPage>
    );
  }

  const save = async (sql: string) => {
    try {
      await update.mutateAsync({ id: snippet.id, sql });
      props.notify({ kind: 'success', message: 'Query saved' });
    } catch (err) {
      props.notify({ kind: 'error', message: `Failed to save query: ${errorMessage(err)}` });
    }
  };
  const toggleFavorite = () =>
    favorite.mutate(
      { id: snippet.id, favorite: !snippet.content.favorite },
      { onError: (err) => props.notify({ kind: 'error', message: `Failed to update query: ${errorMessage(err)}` }) },
    );

  return (
    <PlaceholderPage title={snippet.name}>
      <SqlRunner
        key={snippet.id}
        initialSql={snippet.content.sql}
        actions={(sql) => (
          <>
            <Button onClick={() => save(sql)} loading={update.isPending}>
              Save query
            </Button>
            <Button variant="ghost" aria-pressed={snippet.content.favorite} onClick={toggleFavorite} loading={favorite.isPending}>
              {snippet.content.favorite ? 'Remove from favorites' : 'Add to favorites'}
            </Button>
          </>
        )}
      />
    </PlaceholderPage>
  );
}
