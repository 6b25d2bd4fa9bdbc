import type { ApiReport } from '@plinth/contracts-logs';
import { tokens } from '@plinth/shared-ui/theme';
import { bucketLabel, formatCount, tallest } from './report-format';

/** Calls per bucket of the window, errors stacked in the destructive colour; each bar names its figures. */
export function RequestsChart({ report }: { report: ApiReport }) {
  const max = tallest(report);
  const first = report.over_time[0];
  const last = report.over_time[report.over_time.length - 1];
  return (
    <figure css={{ margin: 0, display: 'grid', gap: tokens.space.xs }}>
      <div
        role="img"
        aria-label={`Requests over time: ${formatCount(report.totals.requests)} requests, ${formatCount(report.totals.errors)} errors`}
        css={{ display: 'flex', alignItems: 'flex-end', gap: 2, height: 140, padding: `${tokens.space.sm} 0`, borderBottom: `1px solid ${tokens.color.border}` }}
      >
        {report.over_time.map((b) => {
          const ok = b.requests - b.errors;
          return (
            <div key={b.start} title={`${bucketLabel(b.start, report.bucket_seconds)}: ${formatCount(b.requests)} requests, ${formatCount(b.errors)} errors`} css={{ flex: 1, minWidth: 2, display: 'flex', flexDirection: 'column', justifyContent: 'flex-end', height: '100%' }}>
              <div css={{ height: `${(b.errors / max) * 100}%`, background: tokens.color.danger, borderRadius: `${tokens.radius.sm} ${tokens.radius.sm} 0 0` }} />
              <div css={{ height: `${(ok / max) * 100}%`, background: tokens.color.brand, borderRadius: b.errors ? 0 : `${tokens.radius.sm} ${tokens.radius.sm} 0 0` }} />
            </div>
          );
        })}
      </div>
      {first && last ? (
        <figcaption css={{ display: 'flex', justifyContent: 'space-between', color: tokens.color.textMuted, fontSize: tokens.fontSize.xs }}>
          <span>{bucketLabel(first.start, report.bucket_seconds)}</span>
          <span>Most in one bucket: {formatCount(max === 1 && report.totals.requests === 0 ? 0 : max)}</span>
          <span>{bucketLabel(last.start, report.bucket_seconds)}</span>
        </figcaption>
      ) : null}
    </figure>
  );
}
