import { useState } from 'react';
import { REPORT_WINDOW_LABELS, REPORT_WINDOWS, type DatabaseReport, type ReportWindow } from '@plinth/contracts-logs';
import { tokens } from '@plinth/shared-ui/theme';
import { PageHeader } from '@plinth/shared-ui/layout';
import { Card, InlineError, LoadingSkeleton, Section, Tabs } from '@plinth/shared-ui/page';
import { DataTable, type DataTableColumn } from '@plinth/shared-ui/data-table';
import { formatBytes, formatCount } from './report-format';
import { SeriesChart } from './SeriesChart';
import { useDatabaseReport } from './use-database-reports';

/** "99.5 %" (a share from 0 to 1), or a dash without figures. */
export const formatShare = (n: number | null): string => (n === null ? '–' : `${(n * 100).toLocaleString('en-US', { maximumFractionDigits: 1 })} %`);

/** reports/database: the project database's size, connections, transactions, cache hits, largest tables and index use, from its own statistics. */
export function DatabaseReportPage() {
  const [window, setWindow] = useState<ReportWindow>('24h');
  const report = useDatabaseReport(window);
  return (
    <>
      <PageHeader
        title="Database"
        description="Your project database's own statistics: read now, and sampled every few minutes while it is running."
        tabs={<Tabs aria-label="Time window" items={REPORT_WINDOWS.map((w) => ({ key: w, label: REPORT_WINDOW_LABELS[w] }))} value={window} onValueChange={(w) => setWindow(w as ReportWindow)} />}
      />
      <div css={{ padding: tokens.space.xl, display: 'grid', gap: tokens.space.xl, maxWidth: 1200, minWidth: 0 }}>
        {report.isPending ? (
          <LoadingSkeleton label="Loading the Database report" shape="card" rows={5} />
        ) : report.isError ? (
          <InlineError message="Failed to load the report" detail={report.error.message} onRetry={() => void report.refetch()} retrying={report.isFetching} />
        ) : (
          <DatabaseReportBody report={report.data} />
        )}
      </div>
    </>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card title={label}>
      <span data-total={label} data-live-figure css={{ fontSize: tokens.fontSize.lg, fontWeight: tokens.fontWeight.semibold }}>
        {value}
      </span>
      {note ? <span data-live-figure css={{ display: 'block', color: tokens.color.textMuted, fontSize: tokens.fontSize.xs, marginTop: tokens.space.xs }}>{note}</span> : null}
    </Card>
  );
}

function DatabaseReportBody({ report }: { report: DatabaseReport }) {
  const t = report.transactions;
  const since = t.since ? `since ${t.since.slice(0, 16).replace('T', ' ')} UTC` : undefined;
  return (
    <>
      <div css={{ display: 'grid', gap: tokens.space.md, gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))' }}>
        <Figure label="Database size" value={formatBytes(report.size_bytes)} />
        <Figure label="Connections" value={report.connections.max === null ? formatCount(report.connections.open) : `${formatCount(report.connections.open)} of ${formatCount(report.connections.max)}`} />
        <Figure label="Cache hit rate" value={formatShare(report.cache_hit_ratio)} note="Block reads answered from memory" />
        <Figure label="Index hit rate" value={formatShare(report.index_hit_ratio)} note="Index block reads answered from memory" />
        <Figure label="Commits" value={formatCount(t.commits)} note={since} />
        <Figure label="Rollbacks" value={formatCount(t.rollbacks)} note={since} />
      </div>
      {/* The charts change with every sample, and so does what their closed figure tables hold: the grid is one live figure. */}
      <div data-live-figure css={{ display: 'grid', gap: tokens.space.xl, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 320px), 1fr))' }}>
        <Section title="Database size over time">
          <SeriesChart label="Database size" points={report.over_time.map((s) => ({ at: s.at, value: s.size_bytes }))} format={formatBytes} />
        </Section>
        <Section title="Transactions between samples" description="Commits counted between one sample and the next.">
          <SeriesChart label="Commits" points={report.over_time.map((s) => ({ at: s.at, value: s.commits }))} format={formatCount} />
        </Section>
        <Section title="Connections over time">
          <SeriesChart label="Connections" points={report.over_time.map((s) => ({ at: s.at, value: s.connections }))} format={formatCount} />
        </Section>
        <Section title="Cache hit rate over time" description="Between one sample and the next.">
          <SeriesChart label="Cache hit rate" points={report.over_time.map((s) => ({ at: s.at, value: s.cache_hit_ratio }))} format={(n) => formatShare(n)} />
        </Section>
      </div>
      <LargestTables report={report} />
      <IndexUse report={report} />
    </>
  );
}

type TableRow = DatabaseReport['largest_tables'][number] & { id: string };

/** Dead rows as a share of all rows: the estimate of what a vacuum would take back. */
const bloat = (t: TableRow) => (t.live_rows + t.dead_rows > 0 ? t.dead_rows / (t.live_rows + t.dead_rows) : null);

function LargestTables({ report }: { report: DatabaseReport }) {
  const rows: TableRow[] = report.largest_tables.map((t) => ({ ...t, id: `${t.schema}.${t.name}` }));
  const columns: DataTableColumn<TableRow>[] = [
    { key: 'name', header: 'Table', cell: (t) => t.id, sortValue: (t) => t.id, width: 'minmax(140px, 2fr)' },
    { key: 'total', header: 'Total size', cell: (t) => formatBytes(t.total_bytes), sortValue: (t) => t.total_bytes, align: 'end' },
    { key: 'indexes', header: 'Indexes', cell: (t) => formatBytes(t.index_bytes), sortValue: (t) => t.index_bytes, align: 'end' },
    { key: 'rows', header: 'Rows', cell: (t) => formatCount(t.live_rows), sortValue: (t) => t.live_rows, align: 'end' },
    { key: 'dead', header: 'Dead rows', cell: (t) => `${formatCount(t.dead_rows)}${bloat(t) ? ` (${formatShare(bloat(t))})` : ''}`, sortValue: (t) => t.dead_rows, align: 'end' },
    { key: 'seq', header: 'Full scans', cell: (t) => formatCount(t.seq_scans), sortValue: (t) => t.seq_scans, align: 'end' },
    { key: 'idx', header: 'Index scans', cell: (t) => formatCount(t.index_scans), sortValue: (t) => t.index_scans, align: 'end' },
  ];
  return (
    <Section title="Largest tables" description="With their live and dead rows (dead rows are space a vacuum takes back: the table's bloat) and how they were read.">
      <div data-scroll-x data-live-figure data-live-rows css={{ overflowX: 'auto' }}>
        <div css={{ minWidth: 720 }}>
          <DataTable aria-label="Largest tables" columns={columns} rows={rows} getRowId={(t) => t.id} height={40 + Math.max(1, Math.min(rows.length, 10)) * 28} density="dense" empty="No tables yet." />
        </div>
      </div>
    </Section>
  );
}

type IndexRow = DatabaseReport['indexes'][number] & { id: string };

function IndexUse({ report }: { report: DatabaseReport }) {
  const rows: IndexRow[] = report.indexes.map((i) => ({ ...i, id: `${i.schema}.${i.name}` }));
  const columns: DataTableColumn<IndexRow>[] = [
    { key: 'name', header: 'Index', cell: (i) => i.name, sortValue: (i) => i.name, width: 'minmax(140px, 2fr)' },
    { key: 'table', header: 'Table', cell: (i) => `${i.schema}.${i.table}`, sortValue: (i) => `${i.schema}.${i.table}`, width: 'minmax(120px, 2fr)' },
    { key: 'size', header: 'Size', cell: (i) => formatBytes(i.size_bytes), sortValue: (i) => i.size_bytes, align: 'end' },
    { key: 'scans', header: 'Scans', cell: (i) => (i.scans === 0 ? 'Never used' : formatCount(i.scans)), sortValue: (i) => i.scans, align: 'end' },
  ];
  return (
    <Section title="Index use" description="An index never used costs space and slows writes: a candidate to drop.">
      <div data-live-figure data-live-rows>
        <DataTable aria-label="Index use" columns={columns} rows={rows} getRowId={(i) => i.id} height={40 + Math.max(1, Math.min(rows.length, 10)) * 28} density="dense" empty="No indexes yet." />
      </div>
    </Section>
  );
}
