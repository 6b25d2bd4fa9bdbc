import { tokens } from '@plinth/shared-ui/theme';

export interface SeriesPoint {
  at: string;
  value: number | null;
}

const timeLabel = (iso: string) => `${iso.slice(5, 10)} ${iso.slice(11, 16)} UTC`;

/**
 * A measure over time as bars (one per sample; a sample without a figure draws none), each
 * naming its time and value on hover, with the figures as a table under it for screen readers
 * and for reading exact values.
 */
export function SeriesChart({ label, points, format }: { label: string; points: SeriesPoint[]; format: (n: number) => string }) {
  const values = points.map((p) => p.value).filter((v): v is number => v !== null);
  const max = Math.max(0, ...values);
  const last = values.at(-1);
  const first = points[0];
  const end = points.at(-1);
  return (
    <figure data-live-figure css={{ margin: 0, display: 'grid', gap: tokens.space.xs, minWidth: 0 }}>
      <div
        role="img"
        aria-label={`${label}: ${points.length} ${points.length === 1 ? 'sample' : 'samples'}${last !== undefined ? `, latest ${format(last)}` : ''}`}
        css={{ display: 'flex', alignItems: 'flex-end', gap: 2, height: 120, padding: `${tokens.space.sm} 0`, borderBottom: `1px solid ${tokens.color.border}` }}
      >
        {points.map((p) => (
          <div key={p.at} title={`${timeLabel(p.at)}: ${p.value === null ? 'not measured' : format(p.value)}`} css={{ flex: 1, minWidth: 2, maxWidth: 48, display: 'flex', alignItems: 'flex-end', height: '100%' }}>
            <div css={{ width: '100%', height: p.value === null || max === 0 ? 0 : `${Math.max(2, (p.value / max) * 100)}%`, background: tokens.color.brand, borderRadius: `${tokens.radius.sm} ${tokens.radius.sm} 0 0` }} />
          </div>
        ))}
      </div>
      {/* Always one line, so the page below keeps its place whether samples have come in or not. */}
      <figcaption css={{ display: 'flex', justifyContent: 'space-between', gap: tokens.space.sm, color: tokens.color.textMuted, fontSize: tokens.fontSize.xs }}>
        {first && end ? (
          <>
            <span>{timeLabel(first.at)}</span>
            <span>Highest: {format(max)}</span>
            <span>{timeLabel(end.at)}</span>
          </>
        ) : (
          <span>No samples in this range yet</span>
        )}
      </figcaption>
      <details css={{ fontSize: tokens.fontSize.sm }}>
        <summary css={{ cursor: 'pointer', color: tokens.color.textMuted }}>Figures</summary>
        <table aria-label={`${label}, figures`} css={{ width: '100%', borderCollapse: 'collapse', marginTop: tokens.space.xs, '& th, & td': { textAlign: 'start', padding: `2px ${tokens.space.xs}`, borderBottom: `1px solid ${tokens.color.border}` } }}>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">{label}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.at}>
                <td>{timeLabel(p.at)}</td>
                <td>{p.value === null ? '–' : format(p.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
