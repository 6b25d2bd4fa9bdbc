import { useMemo } from 'react';
import type { ApiRangeReport } from '@plinth/contracts-logs';
import { TimeChart } from '../../area/charts/TimeChart';
import { bucketLabel, formatBytes, formatCount, formatMs } from './report-format';

const labelOf = (bucketSeconds: number) => (ms: number) => bucketLabel(new Date(ms).toISOString(), bucketSeconds);
const times = (report: ApiRangeReport) => report.over_time.map((b) => Date.parse(b.start));

/** Calls per bucket of the range: successful ones, with failed ones (4xx, 5xx) stacked on top in the destructive colour. */
export function RequestsChart({ report }: { report: ApiRangeReport }) {
  const data = useMemo(
    () => ({
      times: times(report),
      stacked: true,
      series: [
        { label: 'Successful', values: report.over_time.map((b) => b.requests - b.errors), color: 'brand' as const },
        { label: 'Failed', values: report.over_time.map((b) => b.errors), color: 'danger' as const },
      ],
    }),
    [report],
  );
  return (
    <TimeChart
      data={data}
      live
      summary={`Requests over time: ${formatCount(report.totals.requests)} requests, ${formatCount(report.totals.errors)} errors`}
      format={formatCount}
      timeLabel={labelOf(report.bucket_seconds)}
      tableLabel="Requests over time, figures"
      timeHeader="From"
    />
  );
}

/** The 50th, 95th and 99th percentile of response time per bucket (a bucket without calls has none). */
export function LatencyChart({ report }: { report: ApiRangeReport }) {
  const data = useMemo(
    () => ({
      times: times(report),
      series: [
        { label: 'p50', values: report.over_time.map((b) => b.p50_ms), color: 'brand' as const },
        { label: 'p95', values: report.over_time.map((b) => b.p95_ms), color: 'warning' as const },
        { label: 'p99', values: report.over_time.map((b) => b.p99_ms), color: 'danger' as const },
      ],
    }),
    [report],
  );
  return (
    <TimeChart
      data={data}
      kind="lines"
      live
      summary={`Response time percentiles over time: p50 ${formatMs(report.totals.p50_latency_ms)}, p95 ${formatMs(report.totals.p95_latency_ms)}, p99 ${formatMs(report.totals.p99_latency_ms)} over the range`}
      format={formatMs}
      timeLabel={labelOf(report.bucket_seconds)}
      tableLabel="Response time percentiles, figures"
      timeHeader="From"
    />
  );
}

/** Bytes answered per bucket. */
export function EgressChart({ report }: { report: ApiRangeReport }) {
  const data = useMemo(() => ({ times: times(report), series: [{ label: 'Egress', values: report.over_time.map((b) => b.bytes_out), color: 'success' as const }] }), [report]);
  return (
    <TimeChart
      data={data}
      live
      summary={`Egress over time: ${formatBytes(report.totals.bytes_out)} over the range`}
      format={formatBytes}
      timeLabel={labelOf(report.bucket_seconds)}
      tableLabel="Egress over time, figures"
      timeHeader="From"
    />
  );
}
