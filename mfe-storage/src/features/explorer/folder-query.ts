import { infiniteQueryOptions, useInfiniteQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { STORAGE_LIST_PAGE_SIZE, STORAGE_MESSAGES, type StorageListSortColumn, type StorageSortOrder } from '@plinth/contracts-storage';
import { errorMessage, useArea, type AreaContextValue } from '@plinth/area-kit';
import { useCallback, useEffect, useMemo } from 'react';
import { useExplorer, useExplorerStore } from './explorer-store';
import { folderRows } from './folder-rows';
import { keys } from '../../area/query-keys';

interface FolderKey {
  bucketId: string;
  path: string;
  sortBy: StorageListSortColumn;
  sortByOrder: StorageSortOrder;
  search: string;
}

/** The pages of one folder in one order: what the column reads and what a hover or press on its folder row fetches ahead. */
function folderQuery(api: AreaContextValue['api'], ref: string, { bucketId, path, sortBy, sortByOrder, search }: FolderKey) {
  return infiniteQueryOptions({
    queryKey: keys.folder(ref, bucketId, path, sortBy, sortByOrder, search),
    queryFn: ({ pageParam, signal }) =>
      api.storage.listObjectsPage(
        ref,
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
}

/** A folder's entries, 200 a page by cursor; further pages come as the user scrolls (fetchNextPage). */
export function useFolder(path: string, search: string) {
  const { api, projectRef, notify } = useArea();
  const bucketId = useExplorer((s) => s.bucketId);
  const { sortBy, sortByOrder } = useExplorer((s) => s.prefs);
  const query = useInfiniteQuery(folderQuery(api, projectRef, { bucketId, path, sortBy, sortByOrder, search }));
  const failure = query.error;
  useEffect(() => {
    // Aborted requests stay silent (001 §8); a failed folder says which.
    if (failure && (failure as Error).name !== 'AbortError') {
      notify({ kind: 'error', message: STORAGE_MESSAGES.folderContentsFailed(path.split('/').pop() || bucketId, errorMessage(failure)) });
    }
  }, [failure, notify, path, bucketId]);
  // Read by index from the pages: a new page costs that page's entries, not all of them again.
  const rows = useMemo(() => folderRows(query.data?.pages ?? []), [query.data]);
  return { ...query, rows };
}

/**
 * Starts loading a child folder's first page before its column renders: on hover and on press of
 * its row, so the answer is often in by the time the click opens the column.
 */
export function usePrefetchFolder() {
  const { api, projectRef } = useArea();
  const store = useExplorerStore();
  const client = useQueryClient();
  return useCallback(
    (path: string) => {
      const { bucketId, prefs } = store.getState();
      void client.prefetchInfiniteQuery(folderQuery(api, projectRef, { bucketId, path, sortBy: prefs.sortBy, sortByOrder: prefs.sortByOrder, search: '' }));
    },
    [api, projectRef, store, client],
  );
}

/** Drops the cached pages of the bucket's folders so that open ones load again. */
export function refreshFolders(client: QueryClient, ref: string, bucketId: string) {
  return client.invalidateQueries({ queryKey: keys.folders(ref, bucketId) });
}

export function useRefreshFolders() {
  const client = useQueryClient();
  const { projectRef } = useArea();
  const bucketId = useExplorer((s) => s.bucketId);
  return () => refreshFolders(client, projectRef, bucketId);
}
