import { useMemo } from 'react';
import { tokens } from '@plinth/shared-ui/theme';
import { TimeChart } from '../../area/charts/TimeChart';
import { bucketSize, type Histogram } from './histogram';

const numberFormat = new Intl.NumberFormat('en-US');
const formatCount = (n: number) => numberFormat.format(n);
const timeLabelOf = (bucketMs: number) => (ms: number) =>
  new Date(ms).toLocaleString(undefined, bucketMs >= 24 * 3_600_000 ? { month: 'short', day: 'numeric' } : { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/**
 * What the histogram counts: `all`, every row of the result (none was left out); `range`, every row
 * the query matches over its range, counted by the API when the result stopped at the row limit;
 * `counting`, the rows shown while that count runs; `partial`, the rows shown only (the count failed).
 */
export type HistogramCounts = 'all' | 'range' | 'counting' | 'partial';

/**
 * The query's events per time bucket as bars over the range, in the theme's colours, with the
 * time and figure under the pointer, and the same figures as a table under "Show as table".
 */
export function EventHistogram({ histogram, counts = 'all' }: { histogram: Histogram; counts?: HistogramCounts }) {
  const { buckets, bucketMs, max, measure, total } = histogram;
  const per = bucketSize(bucketMs);
  const data = useMemo(() => ({ times: buckets.map((b) => b.start), series: [{ label: measure, values: buckets.map((b) => b.value), color: 'brand' as const }] }), [buckets, measure]);
  const timeLabel = useMemo(() => timeLabelOf(bucketMs), [bucketMs]);
  const partial = counts === 'counting' || counts === 'partial';
  return (
    <TimeChart
      data={data}
      height={72}
      summary={`Histogram${partial ? ' (partial)' : ''}: ${formatCount(total)} ${measure}, at most ${formatCount(max)} in one ${per}`}
      caption={
        <>
          {`${formatCount(total)} ${measure} over the range, per ${per} (by ${histogram.timeColumn})`}
          {counts === 'range' ? <span>{' — every row the query matches, not only the rows shown'}</span> : null}
          {counts === 'counting' ? <span css={{ color: tokens.color.textMuted }}>{' — counting every row of the range…'}</span> : null}
          {counts === 'partial' ? <strong css={{ color: tokens.color.warningText }}>{' — partial: counted from the rows shown only, the result was truncated'}</strong> : null}
        </>
      }
      format={formatCount}
      timeLabel={timeLabel}
      tableLabel={`${measure} per ${per}`}
      timeHeader="From"
    />
  );
}
