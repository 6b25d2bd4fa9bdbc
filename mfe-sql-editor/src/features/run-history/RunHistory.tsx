import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '@plinth/shared-ui/button';
import { DataTable, type DataTableColumn } from '@plinth/shared-ui/data-table';
import { EmptyState, PageHeader, StatusBadge, type StatusTone } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import type { SqlHistoryEntry, SqlRunStatus } from '@plinth/contracts-database';
import { useArea } from '@plinth/area-kit';
import { useOpenAsNewQuery } from '../../area/open-as-new-query';
import { historyQueryName, runDuration, runRows } from './history-text';
import { keys } from '../../area/query-keys';

const STATUS: Record<SqlRunStatus, { tone: StatusTone; text: string }> = {
  success: { tone: 'success', text: 'Success' },
  error: { tone: 'danger', text: 'Error' },
  cancelled: { tone: 'neutral', text: 'Cancelled' },
};

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** What you ran in this project, newest first: time, text, duration, rows, status; a row opens as a new query. */
export function RunHistory() {
  const { api, projectRef } = useArea();
  const open = useOpenAsNewQuery();
  const history = useInfiniteQuery({
    queryKey: keys.runHistory(projectRef),
    queryFn: ({ pageParam }) => api.database.listSqlHistory(projectRef, { before: pageParam, limit: 50 }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  });
  const entries = history.data?.pages.flatMap((page) => page.entries) ?? [];
  const openEntry = (entry: SqlHistoryEntry) => open.mutate({ name: historyQueryName(entry.sql), sql: entry.sql });

  const columns: DataTableColumn<SqlHistoryEntry>[] = [
    { key: 'ranAt', header: 'Ran at', width: '190px', cell: (e) => timeFormat.format(new Date(e.ranAt)), sortValue: (e) => e.id },
    {
      key: 'sql',
      header: 'Query',
      width: 'minmax(200px, 3fr)',
      cell: (e) => (
        <span title={e.error ?? undefined} css={{ fontFamily: tokens.font.mono, fontSize: tokens.fontSize.xs, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'block' }}>
          {e.sql.replace(/\s+/g, ' ').slice(0, 300)}
        </span>
      ),
    },
    { key: 'duration', header: 'Duration', width: '100px', align: 'end', cell: (e) => runDuration(e.durationMs), sortValue: (e) => e.durationMs },
    { key: 'rows', header: 'Rows', width: '90px', align: 'end', cell: (e) => runRows(e.rows), sortValue: (e) => e.rows ?? -1 },
    { key: 'status', header: 'Status', width: '110px', cell: (e) => <StatusBadge tone={STATUS[e.status].tone}>{STATUS[e.status].text}</StatusBadge>, sortValue: (e) => e.status },
  ];

  return (
    <div css={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
      <PageHeader title="Query history" description="What you ran in this project's SQL editor, newest first. Open a run to edit it as a new query." />
      <div css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.md, padding: tokens.space.lg, minWidth: 0 }}>
        {history.isPending ? (
          <LoadingSkeleton label="Loading query history" rows={8} />
        ) : history.isError ? (
          <InlineError message="Failed to load the query history" detail={history.error.message} onRetry={() => void history.refetch()} />
        ) : entries.length === 0 ? (
          <EmptyState framed title="No queries run yet" description="Queries you run in the SQL editor of this project show here, with how long they took and what they returned." />
        ) : (
          <>
            <DataTable aria-label="Query history" columns={columns} rows={entries} getRowId={(e) => String(e.id)} height="min(70vh, 720px)" onRowActivate={openEntry} />
            {history.hasNextPage ? (
              <div>
                <Button onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
                  Load older runs
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
