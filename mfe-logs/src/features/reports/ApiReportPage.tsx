import { useState } from 'react';
import { REPORT_WINDOW_LABELS, REPORT_WINDOWS, type ApiReport, type ReportWindow } from '@plinth/contracts-logs';
import { tokens } from '@plinth/shared-ui/theme';
import { EmptyState, InlineNotice, PageHeader } from '@plinth/shared-ui/layout';
import { Card, InlineError, LoadingSkeleton, Section, Tabs } from '@plinth/shared-ui/page';
import { DataTable, type DataTableColumn } from '@plinth/shared-ui/data-table';
import { EmptyIcon } from '@plinth/shared-ui/icons';
import { errorRate, formatBytes, formatCount, formatMs } from './report-format';
import { RequestsChart } from './RequestsChart';
import { useApiReport } from './use-api-report';

interface ApiReportPageProps {
  title: string;
  description: string;
  /** One service's calls (the Storage report), or every service's. */
  service?: 'storage';
}

/** A report of the project's app calls from the request log: totals, requests over time, by status and service, errors, slowest paths. */
export function ApiReportPage({ title, description, service }: ApiReportPageProps) {
  const [window, setWindow] = useState<ReportWindow>('24h');
  const report = useApiReport(window, service);
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        tabs={<Tabs aria-label="Time window" items={REPORT_WINDOWS.map((w) => ({ key: w, label: REPORT_WINDOW_LABELS[w] }))} value={window} onValueChange={(w) => setWindow(w as ReportWindow)} />}
      />
      <div css={{ padding: tokens.space.xl, display: 'grid', gap: tokens.space.xl, maxWidth: 1200 }}>
        {report.isPending ? (
          <LoadingSkeleton label={`Loading the ${title} report`} shape="card" rows={5} />
        ) : report.isError ? (
          <InlineError message="Failed to load the report" detail={report.error.message} onRetry={() => void report.refetch()} retrying={report.isFetching} />
        ) : (
          <ReportBody report={report.data} storage={service === 'storage'} />
        )}
      </div>
    </>
  );
}

function ReportBody({ report, storage }: { report: ApiReport; storage: boolean }) {
  const shortened = Date.parse(report.to) - Date.parse(report.from) < { '1h': 3600_000, '24h': 86_400_000, '7d': 7 * 86_400_000 }[report.window] - 1000;
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
        <Total label="95th percentile" value={formatMs(report.totals.p95_latency_ms)} />
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
          <div css={{ display: 'grid', gap: tokens.space.xl, gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))' }}>
            {storage ? (
              <Breakdown title="By operation" rows={report.by_operation.map((o) => ({ key: o.operation, name: o.operation, requests: o.requests, extra: formatBytes(o.bytes_out) }))} extraHeader="Egress" />
            ) : (
              <Breakdown title="By service" rows={report.by_service.map((s) => ({ key: s.service, name: s.service, requests: s.requests, extra: formatCount(s.errors) }))} extraHeader="Errors" />
            )}
            <Breakdown title="By status" rows={report.by_status.map((s) => ({ key: s.status_class, name: s.status_class, requests: s.requests }))} />
          </div>
          <ErrorsTable report={report} />
          <SlowestTable report={report} />
        </>
      )}
    </>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <Card title={label}>
      <span data-total={label} css={{ fontSize: tokens.fontSize.lg, fontWeight: tokens.fontWeight.semibold }}>
        {value}
      </span>
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

function ErrorsTable({ report }: { report: ApiReport }) {
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

function SlowestTable({ report }: { report: ApiReport }) {
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
