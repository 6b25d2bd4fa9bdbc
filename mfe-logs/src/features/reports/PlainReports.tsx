import { Link } from 'react-router-dom';
import { useArea, useFeatureFlag } from '@plinth/area-kit';
import { tokens } from '@plinth/shared-ui/theme';
import { InlineNotice, PageHeader } from '@plinth/shared-ui/layout';
import { Card, InlineError, LoadingSkeleton } from '@plinth/shared-ui/page';
import { errorRate, formatCount, formatMs } from './report-format';
import { useApiReport } from './use-api-report';

/** reports (Overview): the last day of app calls in brief, and where each report goes. */
export function ReportsOverview() {
  const { projectRef } = useArea();
  const report = useApiReport('24h');
  const storageReport = useFeatureFlag('storage_report', { whileUnknown: true });
  const base = `/project/${projectRef}/reports`;
  return (
    <>
      <PageHeader title="Reports" description="What your project's app endpoints answered, counted from the request log." />
      <div css={{ padding: tokens.space.xl, display: 'grid', gap: tokens.space.xl, maxWidth: 1100 }}>
        {report.isPending ? (
          <LoadingSkeleton label="Loading the last day of requests" shape="card" rows={2} />
        ) : report.isError ? (
          <InlineError message="Failed to load the report" detail={report.error.message} onRetry={() => void report.refetch()} retrying={report.isFetching} />
        ) : (
          <div css={{ display: 'grid', gap: tokens.space.md, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }}>
            <Card title="Requests, last 24 hours">
              <span data-total="Requests" css={{ fontSize: tokens.fontSize.lg, fontWeight: tokens.fontWeight.semibold }}>{formatCount(report.data.totals.requests)}</span>
            </Card>
            <Card title="Error rate">
              <span css={{ fontSize: tokens.fontSize.lg, fontWeight: tokens.fontWeight.semibold }}>{errorRate(report.data)}</span>
            </Card>
            <Card title="Average response">
              <span css={{ fontSize: tokens.fontSize.lg, fontWeight: tokens.fontWeight.semibold }}>{formatMs(report.data.totals.avg_latency_ms)}</span>
            </Card>
          </div>
        )}
        <div css={{ display: 'grid', gap: tokens.space.md, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
          <Card title="API" description="Requests over time, by status and service, the most frequent errors and the slowest paths.">
            <Link to={`${base}/api-overview`} css={{ color: tokens.color.brandText }}>Open the API report</Link>
          </Card>
          {storageReport ? (
            <Card title="Storage" description="Uploads, downloads and bucket calls, with the bytes answered.">
              <Link to={`${base}/storage`} css={{ color: tokens.color.brandText }}>Open the Storage report</Link>
            </Card>
          ) : null}
          <Card title="Database" description="Size, connections, transactions, cache hit rate, the largest tables and index use, over time.">
            <Link to={`${base}/database`} css={{ color: tokens.color.brandText }}>Open the Database report</Link>
          </Card>
          <Card title="Query performance" description="The statements that took the most time, the slowest and the most frequent, with their percentiles.">
            <Link to={`${base}/query-performance`} css={{ color: tokens.color.brandText }}>Open the Query performance report</Link>
          </Card>
        </div>
      </div>
    </>
  );
}

/** The Storage report when the storage_report flag is off for the organization. */
export function StorageReportOff() {
  return (
    <>
      <PageHeader title="Storage" />
      <div css={{ padding: tokens.space.xl, maxWidth: 800 }}>
        <InlineNotice kind="info" title="The Storage report is turned off for this organization">
          An owner or administrator can turn on the storage_report feature flag; storage calls still show in the API report and in the storage logs.
        </InlineNotice>
      </div>
    </>
  );
}
