import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@plinth/shared-contracts';
import { SNIPPETS_STALE_TIME_MS, type Snippet, type SnippetCreate, type SnippetList } from '@plinth/contracts-database';
import { useArea } from '@plinth/area-kit';
import { localDrafts } from './query-drafts';
import { keys } from './query-keys';

/** The project's snippets: entries of type sql of GET content (000 §7.4). */
export function useSnippets() {
  const { api, projectRef } = useArea();
  return useQuery({
    queryKey: keys.snippets(projectRef),
    queryFn: () => api.snippets.listSnippets(projectRef),
    select: (list: SnippetList) => list.data.filter((s) => s.type === 'sql'),
    staleTime: SNIPPETS_STALE_TIME_MS,
    enabled: projectRef !== '',
  });
}

/** Replaces or removes one snippet in the cached list, so the menu changes without a refetch. */
export function useSnippetCache() {
  const queryClient = useQueryClient();
  const { projectRef } = useArea();
  const key = keys.snippets(projectRef);
  return {
    put(snippet: Snippet) {
      // A list on its way was read before this change: it is asked again, or it would drop the change.
      const stale = queryClient.isFetching({ queryKey: key }) > 0;
      queryClient.setQueryData<SnippetList>(key, (old) => {
        if (!old) return { data: [snippet] };
        const exists = old.data.some((s) => s.id === snippet.id);
        return { data: exists ? old.data.map((s) => (s.id === snippet.id ? snippet : s)) : [...old.data, snippet] };
      });
      if (stale) void queryClient.invalidateQueries({ queryKey: key });
    },
    remove(id: string) {
      queryClient.setQueryData<SnippetList>(key, (old) => (old ? { data: old.data.filter((s) => s.id !== id) } : old));
    },
    refresh: () => queryClient.invalidateQueries({ queryKey: key }),
  };
}

export function useSnippetMutations() {
  const { api, projectRef, props } = useArea();
  const cache = useSnippetCache();
  const rename = useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => api.snippets.renameSnippet(projectRef, id, name),
    onSuccess: cache.put,
  });
  const share = useMutation({
    mutationFn: (id: string) => api.snippets.shareSnippet(projectRef, id),
    onSuccess: cache.put,
  });
  const copy = useMutation({
    mutationFn: (id: string) => api.snippets.copySnippet(projectRef, id),
    onSuccess: cache.put,
  });
  const favorite = useMutation({
    mutationFn: ({ id, favorite: value }: { id: string; favorite: boolean }) => api.snippets.setSnippetFavorite(projectRef, id, value),
    onSuccess: cache.put,
  });
  const create = useMutation({
    mutationFn: (body: SnippetCreate) => api.snippets.createSnippet(projectRef, body),
    onSuccess: cache.put,
  });
  const update = useMutation({
    mutationFn: ({ id, sql }: { id: string; sql: string }) => api.snippets.updateSnippet(projectRef, id, { sql }),
    onSuccess: cache.put,
  });
  const remove = useMutation({
    mutationFn: async (id: string) => {
      try {
        await api.snippets.deleteSnippet(projectRef, id);
      } catch (err) {
        // Already gone on the server (000 §8): treat as deleted.
        if (!(isContentNotFound(err))) throw err;
      }
      return id;
    },
    onSuccess: (id) => {
      // Deleted by the user: text typed in it and not saved goes with it.
      localDrafts({ projectRef, userId: props.session.user.id }).forget(id);
      cache.remove(id);
    },
  });
  return { rename, share, copy, favorite, create, update, remove };
}

export function isContentNotFound(err: unknown): boolean {
  return err instanceof ApiError && err.status === 404;
}
