import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { TABLE_ROWS_PAGE_SIZE, type RowFilter, type RowPage, type RowSort } from '@plinth/contracts-database';
import { useArea } from '@plinth/area-kit';
import { keys } from '../../area/query-keys';

// Server state of the table grid: the table's shape and its rows, page after page by keyset.

export function useTableShape(id: number) {
  const { api, projectRef } = useArea();
  return useQuery({ queryKey: keys.tableShape(projectRef, id), queryFn: () => api.tableRows.tableShape(projectRef, id), enabled: id > 0 });
}

/** What the grid shows: sorted and filtered rows, read from the first page on or from the last page back. */
export interface RowView {
  sort?: RowSort;
  filters: RowFilter[];
  from: 'start' | 'end';
}

type PageParam = { after?: string; before?: string; from?: 'end' };

export function useRowPages(id: number, view: RowView) {
  const { api, projectRef } = useArea();
  return useInfiniteQuery({
    queryKey: keys.tableRows(projectRef, id, view),
    initialPageParam: (view.from === 'end' ? { from: 'end' } : {}) as PageParam,
    queryFn: ({ pageParam, signal }) =>
      api.tableRows.rowPage(projectRef, id, { limit: TABLE_ROWS_PAGE_SIZE, sort: view.sort, filters: view.filters, ...pageParam }, signal),
    getNextPageParam: (last: RowPage): PageParam | undefined => (last.next ? { after: last.next } : undefined),
    getPreviousPageParam: (first: RowPage): PageParam | undefined => (first.previous ? { before: first.previous } : undefined),
    enabled: id > 0,
  });
}

/** Reloads everything the grid holds of this table (after a write). */
export function useRefreshTable(id: number) {
  const queryClient = useQueryClient();
  const { projectRef } = useArea();
  return () => queryClient.invalidateQueries({ queryKey: keys.table(projectRef, id) });
}
