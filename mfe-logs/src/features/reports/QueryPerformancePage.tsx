import { useEffect, useState } from 'react';
import {
  QUERY_PERFORMANCE_SORT_LABELS,
  QUERY_PERFORMANCE_SORTS,
  REPORT_WINDOW_LABELS,
  REPORT_WINDOWS,
  type QueryPerformanceReport,
  type QueryPerformanceSort,
  type QueryPerformanceStatement,
  type ReportWindow,
} from '@plinth/contracts-logs';
import { useArea } from '@plinth/area-kit';
import { tokens } from '@plinth/shared-ui/theme';
import { Button } from '@plinth/shared-ui/button';
import { TextInput } from '@plinth/shared-ui/form';
import { CopyIcon, EmptyIcon } from '@plinth/shared-ui/icons';
import { EmptyState, InlineNotice, PageHeader } from '@plinth/shared-ui/layout';
import { Card, InlineError, KeyValueList, LoadingSkeleton, Section, Tabs } from '@plinth/shared-ui/page';
import { DataTable, type DataTableColumn } from '@plinth/shared-ui/data-table';
import { SidePanel } from '@plinth/shared-ui/side-panel';
import { formatCount, formatMs } from './report-format';
import { useQueryPerformance } from './use-database-reports';

const SEARCH_PAUSE_MS = 300;
const COPY_NOTICE_MS = 3000;

/** reports/query-performance: the project's statements with calls, times and rows; most time-consuming, slowest or most frequent first. */
export function QueryPerformancePage() {
  const [window, setWindow] = useState<ReportWindow>('24h');
  const [sort, setSort] = useState<QueryPerformanceSort>('total');
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setSearch(draft.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(t);
  }, [draft]);
  const report = useQueryPerformance(window, sort, search);
  return (
    <>
      <PageHeader
        title="Query performance"
        description="The statements your apps ran through the data API and your team ran in the SQL editor, with how often and how long they ran."
        tabs={<Tabs aria-label="Time window" items={REPORT_WINDOWS.map((w) => ({ key: w, label: REPORT_WINDOW_LABELS[w] }))} value={window} onValueChange={(w) => setWindow(w as ReportWindow)} />}
      />
      <div css={{ padding: tokens.space.xl, display: 'grid', gap: tokens.space.lg, maxWidth: 1400, minWidth: 0 }}>
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: tokens.space.md, alignItems: 'center' }}>
          <Tabs aria-label="Order" items={QUERY_PERFORMANCE_SORTS.map((s) => ({ key: s, label: QUERY_PERFORMANCE_SORT_LABELS[s] }))} value={sort} onValueChange={(s) => setSort(s as QueryPerformanceSort)} />
          <div css={{ flex: '1 1 220px', maxWidth: 360 }}>
            <TextInput type="search" aria-label="Search statements" placeholder="Search statements…" value={draft} onChange={(e) => setDraft(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && setSearch(draft.trim())} />
          </div>
        </div>
        {report.isPending ? (
          <LoadingSkeleton label="Loading the Query performance report" shape="card" rows={5} />
        ) : report.isError ? (
          <InlineError message="Failed to load the report" detail={report.error.message} onRetry={() => void report.refetch()} retrying={report.isFetching} />
        ) : (
          <QueryPerformanceBody report={report.data} searched={search !== ''} />
        )}
      </div>
    </>
  );
}

function QueryPerformanceBody({ report, searched }: { report: QueryPerformanceReport; searched: boolean }) {
  const [open, setOpen] = useState<QueryPerformanceStatement | null>(null);
  const fromServer = report.source === 'pg_stat_statements';
  const columns: DataTableColumn<QueryPerformanceStatement>[] = [
    {
      key: 'query',
      header: 'Statement',
      cell: (s) => <span css={{ fontFamily: tokens.font.mono, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'block' }}>{s.query}</span>,
      size: 420,
    },
    { key: 'calls', header: 'Calls', cell: (s) => formatCount(s.calls), sortValue: (s) => s.calls, align: 'end', size: 90 },
    { key: 'total', header: 'Total time', cell: (s) => formatMs(s.total_ms), sortValue: (s) => s.total_ms, align: 'end', size: 110 },
    { key: 'mean', header: 'Mean', cell: (s) => formatMs(s.mean_ms), sortValue: (s) => s.mean_ms, align: 'end', size: 90 },
    ...(fromServer
      ? []
      : [
          { key: 'p50', header: 'p50', cell: (s: QueryPerformanceStatement) => formatMs(s.p50_ms), sortValue: (s: QueryPerformanceStatement) => s.p50_ms, align: 'end' as const, size: 90 },
          { key: 'p95', header: 'p95', cell: (s: QueryPerformanceStatement) => formatMs(s.p95_ms), sortValue: (s: QueryPerformanceStatement) => s.p95_ms, align: 'end' as const, size: 90 },
          { key: 'p99', header: 'p99', cell: (s: QueryPerformanceStatement) => formatMs(s.p99_ms), sortValue: (s: QueryPerformanceStatement) => s.p99_ms, align: 'end' as const, size: 90 },
        ]),
    { key: 'rows', header: 'Rows', cell: (s) => formatCount(s.rows), sortValue: (s) => s.rows, align: 'end', size: 90 },
    { key: 'roles', header: 'Role', cell: (s) => s.roles.join(', '), size: 130 },
  ];
  return (
    <>
      {fromServer ? (
        <InlineNotice kind="info" title="Figures from pg_stat_statements">
          Every statement of the database{report.since ? ` since ${report.since.slice(0, 16).replace('T', ' ')} UTC` : ''}, whatever the time window; the server keeps no percentiles.
        </InlineNotice>
      ) : null}
      <div css={{ display: 'grid', gap: tokens.space.md, gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))' }}>
        <Total label="Statements" value={formatCount(report.totals.statements)} />
        <Total label="Calls" value={formatCount(report.totals.calls)} />
        <Total label="Total time" value={formatMs(report.totals.total_ms)} />
      </div>
      {report.statements.length === 0 ? (
        <EmptyState
          icon={<EmptyIcon size={24} />}
          title={searched ? 'No statement matches this search' : 'No statements in this window'}
          description="Statements your apps run through the data API and your team runs in the SQL editor appear here within a few seconds."
          framed
        />
      ) : (
        <Section title={QUERY_PERFORMANCE_SORT_LABELS[report.sort]} description="Select a statement to read it whole with all its figures.">
          <div data-live-figure data-live-rows>
            <DataTable aria-label="Statements" columns={columns} rows={report.statements} getRowId={(s) => s.query} height={40 + Math.min(report.statements.length, 14) * 28} density="dense" onRowActivate={setOpen} />
          </div>
        </Section>
      )}
      {open ? <StatementPanel statement={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <Card title={label}>
      <span data-total={label} data-live-figure css={{ fontSize: tokens.fontSize.lg, fontWeight: tokens.fontWeight.semibold }}>
        {value}
      </span>
    </Card>
  );
}

/** One statement whole, with every figure; the statement can be copied (to explain it in the SQL editor). */
function StatementPanel({ statement: s, onClose }: { statement: QueryPerformanceStatement; onClose: () => void }) {
  const { notify } = useArea();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(s.query);
      notify({ kind: 'success', message: 'Copied the statement to clipboard', durationMs: COPY_NOTICE_MS });
    } catch {
      notify({ kind: 'error', message: 'Could not copy the statement: the browser refused access to the clipboard' });
    }
  };
  const items = [
    { key: 'calls', label: 'Calls', value: formatCount(s.calls) },
    { key: 'total', label: 'Total time', value: formatMs(s.total_ms) },
    { key: 'mean', label: 'Mean time', value: formatMs(s.mean_ms) },
    { key: 'min', label: 'Fastest', value: formatMs(s.min_ms) },
    { key: 'max', label: 'Slowest', value: formatMs(s.max_ms) },
    { key: 'p50', label: 'p50', value: formatMs(s.p50_ms) },
    { key: 'p95', label: 'p95', value: formatMs(s.p95_ms) },
    { key: 'p99', label: 'p99', value: formatMs(s.p99_ms) },
    { key: 'rows', label: 'Rows', value: formatCount(s.rows) },
    { key: 'roles', label: 'Roles', value: s.roles.join(', ') || '–' },
    { key: 'origins', label: 'Run from', value: s.origins.map((o) => (o === 'data_api' ? 'Data API' : o === 'sql_editor' ? 'SQL editor' : o)).join(', ') || '–' },
  ];
  return (
    <SidePanel open onOpenChange={(open) => (open ? undefined : onClose())} title="Statement" description="Its constants read $1, $2…: runs with other values are counted together.">
      <div css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.md }}>
        <pre css={{ margin: 0, padding: tokens.space.sm, whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: tokens.font.mono, fontSize: tokens.fontSize.sm, background: tokens.color.surface, border: `1px solid ${tokens.color.border}`, borderRadius: tokens.radius.md }}>{s.query}</pre>
        <div>
          <Button size="small" icon={<CopyIcon size={14} />} onClick={() => void copy()}>
            Copy statement
          </Button>
        </div>
        <KeyValueList items={items} labelWidth="120px" />
      </div>
    </SidePanel>
  );
}
