import { useInfiniteQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { STORAGE_LIST_PAGE_SIZE, STORAGE_MESSAGES, type StorageObject } from '@plinth/shared-contracts';
import { errorMessage, useArea } from '@plinth/area-kit';
import { useEffect, useMemo } from 'react';
import { isPlaceholder } from './explorer-rules';
import { useExplorer } from './explorer-store';

const folderRoot = (ref: string, bucketId: string) => ['storage', ref, 'objects', bucketId] as const;

/** A folder's entries, 200 a page by cursor; further pages come as the user scrolls (fetchNextPage). */
export function useFolder(path: string, search: string) {
  const { api, projectRef, notify } = useArea();
  const bucketId = useExplorer((s) => s.bucketId);
  const { sortBy, sortByOrder } = useExplorer((s) => s.prefs);
  const query = useInfiniteQuery({
    queryKey: [...folderRoot(projectRef, bucketId), path, sortBy, sortByOrder, search],
    queryFn: ({ pageParam, signal }) =>
      api.storage.listObjectsPage(
        projectRef,
        bucketId,
        { path, search, sortBy: { column: sortBy, order: sortByOrder }, limit: STORAGE_LIST_PAGE_SIZE, cursor: pageParam ?? undefined },
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Pages only grow: comparing every loaded entry with the last answer at each page would cost
    // more and more as a folder of 100,000 scrolls.
    structuralSharing: false,
  });
  const failure = query.error;
  useEffect(() => {
    // Aborted requests stay silent (001 §8); a failed folder says which.
    if (failure && (failure as Error).name !== 'AbortError') {
      notify({ kind: 'error', message: STORAGE_MESSAGES.folderContentsFailed(path.split('/').pop() || bucketId, errorMessage(failure)) });
    }
  }, [failure, notify, path, bucketId]);
  const items = useMemo<StorageObject[]>(() => (query.data?.pages ?? []).flatMap((p) => p.items).filter((i) => !isPlaceholder(i)), [query.data]);
  return { ...query, items };
}

/** Drops the cached pages of the bucket's folders so that open ones load again. */
export function refreshFolders(client: QueryClient, ref: string, bucketId: string) {
  return client.invalidateQueries({ queryKey: folderRoot(ref, bucketId) });
}

export function useRefreshFolders() {
  const client = useQueryClient();
  const { projectRef } = useArea();
  const bucketId = useExplorer((s) => s.bucketId);
  return () => refreshFolders(client, projectRef, bucketId);
}
