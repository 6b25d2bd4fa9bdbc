import { Suspense, useState } from 'react';
import { LOG_SERVICES, type LogService, type ProjectLogEntry } from '@plinth/contracts-logs';
import { errorMessage, lazyWithPreload } from '@plinth/area-kit';
import { Button } from '@plinth/shared-ui/button';
import { DataTable } from '@plinth/shared-ui/data-table';
import { Select, Switch, TextInput } from '@plinth/shared-ui/form';
import { RefreshIcon } from '@plinth/shared-ui/icons';
import { EmptyState } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import { logColumns } from './log-columns';
import { STATUS_FILTERS, TIME_RANGES, useProjectLogs, type LogFilters, type LogScope, type TimeRange } from './log-query';

export interface LogViewerProps {
  scope: LogScope;
  /** Offer a service filter (the explorer over every service). */
  serviceFilter?: boolean;
}

// The side panel (and its dialog machinery) loads when a row is first opened.
const LogEntryPanel = lazyWithPreload(() => import('./LogEntryPanel').then((m) => m.LogEntryPanel));

const toolbar = { display: 'flex', flexWrap: 'wrap', gap: tokens.space.sm, alignItems: 'center', padding: `${tokens.space.md} ${tokens.space.xl}` } as const;

/** The request log of the project: filters, a virtualized table newest first, older pages on demand, one entry's fields. */
export default function LogViewer({ scope, serviceFilter = false }: LogViewerProps) {
  const [draft, setDraft] = useState('');
  const [filters, setFilters] = useState<LogFilters>({ search: '', status: '', range: '1h', service: '' });
  const [open, setOpen] = useState<ProjectLogEntry | null>(null);
  // The live tail follows new entries while the newest are in view; scrolling down pauses it.
  const [live, setLive] = useState(false);
  const [scrolledAway, setScrolledAway] = useState(false);
  const following = live && !scrolledAway && open === null;
  const logs = useProjectLogs(scope, filters, following);
  const set = (change: Partial<LogFilters>) => setFilters((f) => ({ ...f, ...change }));
  const range = TIME_RANGES.find((r) => r.value === filters.range);
  const capped = logs.retentionDays !== undefined && range !== undefined && range.hours > logs.retentionDays * 24;

  return (
    <div css={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
      <form
        role="search"
        css={toolbar}
        onSubmit={(event) => {
          event.preventDefault();
          set({ search: draft });
        }}
      >
        <div css={{ flex: '1 1 220px', minWidth: 180 }}>
          <TextInput type="search" aria-label="Search logs" placeholder="Search path, user id, event, error…" value={draft} onChange={(e) => setDraft(e.target.value)} onBlur={() => set({ search: draft })} />
        </div>
        {serviceFilter ? (
          <div css={{ width: 150 }}>
            <Select aria-label="Service" value={filters.service} onChange={(e) => set({ service: e.target.value as LogService | '' })} options={[{ value: '', label: 'All services' }, ...LOG_SERVICES.map((s) => ({ value: s, label: s }))]} />
          </div>
        ) : null}
        <div css={{ width: 170 }}>
          <Select aria-label="Status" value={filters.status} onChange={(e) => set({ status: e.target.value })} options={STATUS_FILTERS.map((s) => ({ value: s.value, label: s.label }))} />
        </div>
        <div css={{ width: 150 }}>
          <Select aria-label="Time range" value={filters.range} onChange={(e) => set({ range: e.target.value as TimeRange })} options={TIME_RANGES.map((r) => ({ value: r.value, label: r.label }))} />
        </div>
        <Button type="button" icon={<RefreshIcon />} loading={logs.isRefetching && !logs.isFetchingNextPage && !following} onClick={() => void logs.refetch()}>
          Refresh
        </Button>
        <label css={{ display: 'inline-flex', alignItems: 'center', gap: tokens.space.xs, fontSize: tokens.fontSize.sm }}>
          <Switch aria-label="Live tail" checked={live} onCheckedChange={setLive} />
          <span aria-hidden>Live</span>
        </label>
        {live ? (
          <span role="status" css={{ fontSize: tokens.fontSize.xs, color: tokens.color.textMuted }}>
            {following ? 'Following new entries' : open ? 'Paused while an entry is open' : 'Paused: scroll to the top to follow'}
          </span>
        ) : null}
      </form>
      {capped ? (
        <p css={{ margin: `0 ${tokens.space.xl} ${tokens.space.sm}`, color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>
          {`Your plan keeps ${logs.retentionDays} day${logs.retentionDays === 1 ? '' : 's'} of logs; older entries are not shown.`}
        </p>
      ) : null}
      <div css={{ flex: 1, minHeight: 0, padding: `0 ${tokens.space.xl} ${tokens.space.xl}`, display: 'flex', flexDirection: 'column', gap: tokens.space.md }}>
        {logs.isPending ? (
          <LoadingSkeleton label="Loading logs" rows={6} />
        ) : logs.isError && logs.entries.length === 0 ? (
          <InlineError message="The logs could not be loaded." detail={errorMessage(logs.error)} onRetry={() => void logs.refetch()} retrying={logs.isRefetching} />
        ) : logs.entries.length === 0 ? (
          <EmptyState
            framed
            title="No log entries in this range"
            description={
              filters.search || filters.status
                ? 'Nothing matches these filters. Clear the search or status, or pick a longer time range.'
                : "Entries appear here a moment after your app calls the project's API (auth, REST or storage endpoints). Make a call, then refresh."
            }
            action={
              <Button type="button" icon={<RefreshIcon />} onClick={() => void logs.refetch()}>
                Refresh
              </Button>
            }
          />
        ) : (
          <>
            <div
              css={{ display: 'contents' }}
              onScrollCapture={(event) => {
                const target = event.target as HTMLElement;
                if (target.hasAttribute('data-virtual-list')) setScrolledAway(target.scrollTop > 8);
              }}
            >
            <DataTable aria-label="Log entries" columns={logColumns(!scope.service)} rows={logs.entries} getRowId={(e) => e.id} height="calc(100vh - 300px)" density="dense" wrap onRowActivate={setOpen} />
            </div>
            {logs.isFetchNextPageError ? <InlineError message="Older entries could not be loaded." detail={errorMessage(logs.error)} onRetry={() => void logs.fetchNextPage()} /> : null}
            <div css={{ display: 'flex', justifyContent: 'center' }}>
              {logs.hasNextPage ? (
                <Button type="button" loading={logs.isFetchingNextPage} onClick={() => void logs.fetchNextPage()}>
                  Load older
                </Button>
              ) : (
                <span css={{ color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>No older entries in this range.</span>
              )}
            </div>
          </>
        )}
      </div>
      {open ? (
        <Suspense fallback={null}>
          <LogEntryPanel entry={open} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
