import { useId } from 'react';
import { tokens } from '@plinth/shared-ui/theme';
import { bucketSize, type Histogram } from './histogram';

const numberFormat = new Intl.NumberFormat('en-US');
const timeLabel = (ms: number, bucketMs: number) =>
  new Date(ms).toLocaleString(undefined, bucketMs >= 24 * 3_600_000 ? { month: 'short', day: 'numeric' } : { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/**
 * The query's events per time bucket as bars over the range (each with its figure as a title), in
 * the theme's colours; the same figures as a table for screen readers and under "Show as table".
 * `partial`: the result was truncated at the row limit, so the figures count the rows shown only.
 */
export function EventHistogram({ histogram, partial = false }: { histogram: Histogram; partial?: boolean }) {
  const id = useId();
  const { buckets, bucketMs, max, measure, total } = histogram;
  const per = bucketSize(bucketMs);
  const first = buckets[0];
  const last = buckets[buckets.length - 1];
  const table = (
    <table aria-label={`${measure} per ${per}`} css={{ borderCollapse: 'collapse', fontSize: tokens.fontSize.xs }}>
      <thead>
        <tr>
          <th scope="col" css={{ textAlign: 'start', paddingRight: tokens.space.md }}>From</th>
          <th scope="col" css={{ textAlign: 'end' }}>{measure}</th>
        </tr>
      </thead>
      <tbody>
        {buckets.map((b) => (
          <tr key={b.start}>
            <td css={{ paddingRight: tokens.space.md }}>{timeLabel(b.start, bucketMs)}</td>
            <td css={{ textAlign: 'end', fontVariantNumeric: 'tabular-nums' }}>{numberFormat.format(b.value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <figure aria-labelledby={`${id}-caption`} css={{ margin: 0, display: 'grid', gap: tokens.space.xs }}>
      <figcaption id={`${id}-caption`} css={{ fontSize: tokens.fontSize.xs, color: tokens.color.textMuted }}>
        {`${numberFormat.format(total)} ${measure} over the range, per ${per} (by ${histogram.timeColumn})`}
        {partial ? <strong css={{ color: tokens.color.warningText }}>{' — partial: counted from the rows shown only, the result was truncated'}</strong> : null}
      </figcaption>
      <div
        role="img"
        aria-label={`Histogram${partial ? ' (partial)' : ''}: ${numberFormat.format(total)} ${measure}, at most ${numberFormat.format(max)} in one ${per}`}
        css={{ display: 'flex', alignItems: 'flex-end', gap: 1, height: 72, borderBottom: `1px solid ${tokens.color.border}` }}
      >
        {buckets.map((b) => (
          <div key={b.start} title={`${timeLabel(b.start, bucketMs)}: ${numberFormat.format(b.value)} ${measure}`} css={{ flex: 1, minWidth: 1, height: '100%', display: 'flex', alignItems: 'flex-end' }}>
            <div css={{ width: '100%', height: `${(b.value / max) * 100}%`, minHeight: b.value > 0 ? 2 : 0, background: tokens.color.brand, borderRadius: `${tokens.radius.sm} ${tokens.radius.sm} 0 0` }} />
          </div>
        ))}
      </div>
      {first && last ? (
        <div aria-hidden css={{ display: 'flex', justifyContent: 'space-between', color: tokens.color.textMuted, fontSize: tokens.fontSize.xs }}>
          <span>{timeLabel(first.start, bucketMs)}</span>
          <span>{timeLabel(last.start, bucketMs)}</span>
        </div>
      ) : null}
      <details css={{ fontSize: tokens.fontSize.xs, color: tokens.color.textMuted, '& > summary': { cursor: 'pointer', width: 'fit-content' }, '& > summary:focus-visible': tokens.focusRing }}>
        <summary>Show as table</summary>
        <div css={{ maxHeight: 200, overflow: 'auto', color: tokens.color.text }}>{table}</div>
      </details>
    </figure>
  );
}
