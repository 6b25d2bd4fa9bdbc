import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { SNIPPET_MESSAGES } from '@plinth/contracts-database';
import { useArea } from '@plinth/area-kit';
import { newQueryPath } from './new-query-path';
import { useSnippetCache } from './use-snippets';

/** What the query page reads from the address state: a text to open in the new query's editor. */
export interface OpenQueryState {
  openText?: string;
}

/**
 * Opens a text (a template, a run from the history) as a new query: a personal query of that name
 * when queries can be saved here, else the new query's editor on this device.
 */
export function useOpenAsNewQuery() {
  const { api, projectRef, hosted, can, notify } = useArea();
  const cache = useSnippetCache();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async ({ name, sql }: { name: string; sql: string }) => {
      if (hosted && can(PERMISSIONS.USER_CONTENT_CREATE)) {
        const created = await api.snippets.createSnippet(projectRef, { name, sql, visibility: 'user' });
        cache.put(created);
        navigate(`/sql/${created.id}`);
        return;
      }
      navigate(`/${newQueryPath(hosted)}`, { state: { openText: sql } satisfies OpenQueryState });
    },
    onError: () => notify({ kind: 'error', message: SNIPPET_MESSAGES.createFailed }),
  });
}
