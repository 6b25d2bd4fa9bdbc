import { useState } from 'react';
import { REPORT_WINDOW_LABELS, REPORT_WINDOWS, type ApiRangeReport, type ReportWindow } from '@plinth/contracts-logs';
import { tokens } from '@plinth/shared-ui/theme';
import { Button } from '@plinth/shared-ui/button';
import { TextInput } from '@plinth/shared-ui/form';
import { EmptyState, InlineNotice, PageHeader } from '@plinth/shared-ui/layout';
import { Card, InlineError, LoadingSkeleton, Section, Tabs } from '@plinth/shared-ui/page';
import { DataTable, type DataTableColumn } from '@plinth/shared-ui/data-table';
import { EmptyIcon } from '@plinth/shared-ui/icons';
import { resolveRange, toLocalInput } from '../../area/time-range';
import { errorRate, formatBytes, formatCount, formatMs } from './report-format';
import { EgressChart, LatencyChart, RequestsChart } from './RequestsChart';
import { useApiRangeReport, type ReportRange } from './use-api-report';

interface ApiReportPageProps {
  title: string;
  description: string;
  /** One service's calls (the Storage report), or every service's. */
  service?: 'storage';
}

const WINDOW_MS: Record<ReportWindow, number> = { '1h': 3600_000, '24h': 86_400_000, '7d': 7 * 86_400_000 };
const CUSTOM = 'custom';

/**
 * A report of the project's app calls from the request log over a window or a custom range: totals
 * with latency percentiles and cache, requests, response time and egress over time, by status and
 * service, the busiest and failing paths, the most frequent errors and the slowest paths.
 */
export function ApiReportPage({ title, description, service }: ApiReportPageProps) {
  const [range, setRange] = useState<ReportRange>({ window: '24h' });
  const [tab, setTab] = useState<string>('24h');
  const report = useApiRangeReport(range, service);
  const retentionDays = report.data?.retention_days;
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        tabs={
          <Tabs
            aria-label="Time range"
            items={[...REPORT_WINDOWS.map((w) => ({ key: w, label: REPORT_WINDOW_LABELS[w] })), { key: CUSTOM, label: 'Custom range' }]}
            value={tab}
            onValueChange={(key) => {
              setTab(key);
              if (key !== CUSTOM) setRange({ window: key as ReportWindow });
            }}
          />
        }
      />
      <div css={{ padding: tokens.space.xl, display: 'grid', gap: tokens.space.xl, maxWidth: 1200, minWidth: 0 }}>
        {tab === CUSTOM ? <CustomRange retentionDays={retentionDays} onApply={(start, end) => setRange({ start, end })} /> : null}
        {report.isPending ? (
          <LoadingSkeleton label={`Loading the ${title} report`} shape="card" rows={5} />
        ) : report.isError ? (
          <InlineError message="Failed to load the report" detail={report.error.message} onRetry={() => void report.refetch()} retrying={report.isFetching} />
        ) : (
          <ReportBody report={report.data} storage={service === 'storage'} asked={range} />
        )}
      </div>
    </>
  );
}

/** A start and end (local time), no earlier than the plan keeps logs; Apply asks for the report over them. */
function CustomRange({ retentionDays, onApply }: { retentionDays: number | undefined; onApply: (start: string, end: string) => void }) {
  const [start, setStart] = useState(() => toLocalInput(Date.now() - 3_600_000));
  const [end, setEnd] = useState(() => toLocalInput(Date.now()));
  const [problem, setProblem] = useState<string | null>(null);
  const earliest = retentionDays !== undefined ? toLocalInput(Date.now() - retentionDays * 86_400_000) : undefined;
  return (
    <form
      aria-label="Custom range"
      css={{ display: 'flex', flexWrap: 'wrap', gap: tokens.space.sm, alignItems: 'center' }}
      onSubmit={(e) => {
        e.preventDefault();
        const resolved = resolveRange({ kind: 'custom', start, end }, new Date());
        if (!resolved) {
          setProblem('Choose a start before the end of the range.');
          return;
        }
        setProblem(null);
        onApply(resolved.start, resolved.end);
      }}
    >
      <div css={{ width: 210 }}>
        <TextInput type="datetime-local" aria-label="Range start" min={earliest} value={start} onChange={(e) => setStart(e.target.value)} />
      </div>
      <div css={{ width: 210 }}>
        <TextInput type="datetime-local" aria-label="Range end" value={end} onChange={(e) => setEnd(e.target.value)} />
      </div>
      <Button type="submit" variant="primary">
        Apply
      </Button>
      {retentionDays !== undefined ? <span css={{ color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>{`Your plan keeps ${retentionDays === 1 ? 'one day' : `${retentionDays} days`} of logs.`}</span> : null}
      {problem ? (
        <div css={{ flexBasis: '100%' }}>
          <InlineNotice kind="warning">{problem}</InlineNotice>
        </div>
      ) : null}
    </form>
  );
}

function ReportBody({ report, storage, asked }: { report: ApiRangeReport; storage: boolean; asked: ReportRange }) {
  const askedFrom = 'window' in asked ? Date.parse(report.to) - WINDOW_MS[asked.window] : Date.parse(asked.start);
  const shortened = Date.parse(report.from) > askedFrom + 1000;
  const cache = report.cache;
  return (
    <>
      {shortened ? (
        <InlineNotice kind="info" title={`Your plan keeps ${report.retention_days === 1 ? 'one day' : `${report.retention_days} days`} of logs`}>
          This report starts {new Date(report.from).toUTCString()}: older calls are past the plan's retention.
        </InlineNotice>
      ) : null}
      <div css={{ display: 'grid', gap: tokens.space.md, gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))' }}>
        <Total label="Requests" value={formatCount(report.totals.requests)} />
        <Total label="Errors" value={`${formatCount(report.totals.errors)} (${errorRate(report)})`} />
        <Total label="Egress" value={formatBytes(report.totals.bytes_out)} />
        <Total label="Average response" value={formatMs(report.totals.avg_latency_ms)} />
        <Total label="Median (p50)" value={formatMs(report.totals.p50_latency_ms)} />
        <Total label="95th percentile" value={formatMs(report.totals.p95_latency_ms)} />
        <Total label="99th percentile" value={formatMs(report.totals.p99_latency_ms)} />
        <Total
          label="Cache hit rate"
          value={cache.hit_rate === null ? '–' : `${(cache.hit_rate * 100).toLocaleString('en-US', { maximumFractionDigits: 1 })} %`}
          note={`Object downloads and image transformations answered 304 Not Modified: ${formatCount(cache.hits)} of ${formatCount(cache.cacheable)}. The image transformation cache's own hits are not in the request log.`}
        />
      </div>
      {report.totals.requests === 0 ? (
        <EmptyState
          icon={<EmptyIcon size={24} />}
          title="No requests in this window"
          description={storage ? 'Uploads, downloads and bucket calls of your app through /storage/v1 appear here.' : 'Calls of your app to /auth/v1, /rest/v1 and /storage/v1 appear here within a few seconds.'}
          framed
        />
      ) : (
        <>
          <Section title="Requests over time" description="Successful calls, with failed ones (4xx and 5xx) stacked on top.">
            <RequestsChart report={report} />
          </Section>
          <div css={{ display: 'grid', gap: tokens.space.xl, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 320px), 1fr))' }}>
            <Section title="Response time" description="The 50th, 95th and 99th percentile per bucket.">
              <LatencyChart report={report} />
            </Section>
            <Section title="Egress over time" description="Bytes answered to your app per bucket.">
              <EgressChart report={report} />
            </Section>
          </div>
          <div css={{ display: 'grid', gap: tokens.space.xl, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 300px), 1fr))' }}>
            {storage ? (
              <Breakdown title="By operation" rows={report.by_operation.map((o) => ({ key: o.operation, name: o.operation, requests: o.requests, extra: formatBytes(o.bytes_out) }))} extraHeader="Egress" />
            ) : (
              <Breakdown title="By service" rows={report.by_service.map((s) => ({ key: s.service, name: s.service, requests: s.requests, extra: formatCount(s.errors) }))} extraHeader="Errors" />
            )}
            <Breakdown title="By status" rows={report.by_status.map((s) => ({ key: s.status_class, name: s.status_class, requests: s.requests }))} />
          </div>
          <TopPathsTable report={report} />
          <ErrorPathsTable report={report} />
          <ErrorsTable report={report} />
          <SlowestTable report={report} />
        </>
      )}
    </>
  );
}

const callOf = (c: { method: string; service: string; path: string }) => `${c.method} /${c.service}/v1${c.path}`;

function TopPathsTable({ report }: { report: ApiRangeReport }) {
  const rows = report.top_paths.map((p) => ({ ...p, id: callOf(p) }));
  const columns: DataTableColumn<(typeof rows)[number]>[] = [
    { key: 'call', header: 'Call', cell: (p) => p.id, width: 'minmax(160px, 3fr)' },
    { key: 'requests', header: 'Requests', cell: (p) => formatCount(p.requests), sortValue: (p) => p.requests, align: 'end' },
    { key: 'errors', header: 'Errors', cell: (p) => formatCount(p.errors), sortValue: (p) => p.errors, align: 'end' },
    { key: 'p95', header: 'p95', cell: (p) => formatMs(p.p95_latency_ms), sortValue: (p) => p.p95_latency_ms, align: 'end' },
  ];
  return (
    <Section title="Top paths" description="The most called paths, with their failures and 95th percentile response time.">
      <DataTable aria-label="Top paths" columns={columns} rows={rows} getRowId={(p) => p.id} height={40 + Math.max(1, rows.length) * 28} density="dense" />
    </Section>
  );
}

function ErrorPathsTable({ report }: { report: ApiRangeReport }) {
  const rows = report.error_paths.map((p) => ({ ...p, id: callOf(p) }));
  const columns: DataTableColumn<(typeof rows)[number]>[] = [
    { key: 'call', header: 'Call', cell: (p) => p.id, width: 'minmax(160px, 3fr)' },
    { key: 'statuses', header: 'Statuses', cell: (p) => p.statuses.join(', ') },
    { key: 'errors', header: 'Failed', cell: (p) => formatCount(p.errors), sortValue: (p) => p.errors, align: 'end' },
    { key: 'requests', header: 'Of requests', cell: (p) => formatCount(p.requests), sortValue: (p) => p.requests, align: 'end' },
  ];
  return (
    <Section title="Error paths" description="Paths that answered 400 or over, most failures first.">
      <DataTable aria-label="Error paths" columns={columns} rows={rows} getRowId={(p) => p.id} height={40 + Math.max(1, rows.length) * 28} density="dense" empty="No failed calls in this range." />
    </Section>
  );
}

function Total({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card title={label}>
      <span data-total={label} css={{ fontSize: tokens.fontSize.lg, fontWeight: tokens.fontWeight.semibold }}>
        {value}
      </span>
      {note ? <p css={{ margin: `${tokens.space.xs} 0 0`, fontSize: tokens.fontSize.xs, color: tokens.color.textMuted }}>{note}</p> : null}
    </Card>
  );
}

interface BreakdownRow {
  key: string;
  name: string;
  requests: number;
  extra?: string;
}

function Breakdown({ title, rows, extraHeader }: { title: string; rows: BreakdownRow[]; extraHeader?: string }) {
  const columns: DataTableColumn<BreakdownRow>[] = [
    { key: 'name', header: title.replace('By ', '').replace(/^./, (c) => c.toUpperCase()), cell: (r) => r.name, sortValue: (r) => r.name },
    { key: 'requests', header: 'Requests', cell: (r) => formatCount(r.requests), sortValue: (r) => r.requests, align: 'end' },
    ...(extraHeader ? [{ key: 'extra', header: extraHeader, cell: (r: BreakdownRow) => r.extra ?? '', align: 'end' as const }] : []),
  ];
  return (
    <Section title={title}>
      <DataTable aria-label={`Requests ${title.toLowerCase()}`} columns={columns} rows={rows} getRowId={(r) => r.key} height={40 + Math.max(1, rows.length) * 28} density="dense" />
    </Section>
  );
}

function ErrorsTable({ report }: { report: ApiRangeReport }) {
  const rows = report.top_errors.map((e) => ({ ...e, id: `${e.status} ${e.method} ${e.service}${e.path}` }));
  const columns: DataTableColumn<(typeof rows)[number]>[] = [
    { key: 'status', header: 'Status', cell: (e) => e.status, sortValue: (e) => e.status, width: '90px' },
    { key: 'call', header: 'Call', cell: (e) => `${e.method} /${e.service}/v1${e.path}`, width: 'minmax(160px, 3fr)' },
    { key: 'requests', header: 'Requests', cell: (e) => formatCount(e.requests), sortValue: (e) => e.requests, align: 'end' },
  ];
  return (
    <Section title="Most frequent errors" description="Failed calls grouped by status and path.">
      <DataTable aria-label="Most frequent errors" columns={columns} rows={rows} getRowId={(e) => e.id} height={40 + Math.max(1, rows.length) * 28} density="dense" empty="No failed calls in this window." />
    </Section>
  );
}

function SlowestTable({ report }: { report: ApiRangeReport }) {
  const rows = report.slowest.map((s) => ({ ...s, id: `${s.method} ${s.service}${s.path}` }));
  const columns: DataTableColumn<(typeof rows)[number]>[] = [
    { key: 'call', header: 'Call', cell: (s) => `${s.method} /${s.service}/v1${s.path}`, width: 'minmax(160px, 3fr)' },
    { key: 'avg', header: 'Average', cell: (s) => formatMs(s.avg_latency_ms), sortValue: (s) => s.avg_latency_ms, align: 'end' },
    { key: 'max', header: 'Slowest', cell: (s) => formatMs(s.max_latency_ms), sortValue: (s) => s.max_latency_ms, align: 'end' },
    { key: 'requests', header: 'Requests', cell: (s) => formatCount(s.requests), sortValue: (s) => s.requests, align: 'end' },
  ];
  return (
    <Section title="Slowest paths" description="Paths by their average response time.">
      <DataTable aria-label="Slowest paths" columns={columns} rows={rows} getRowId={(s) => s.id} height={40 + Math.max(1, rows.length) * 28} density="dense" />
    </Section>
  );
}
