import { useMemo } from 'react';
import { TimeChart } from '../../area/charts/TimeChart';

export interface SeriesPoint {
  at: string;
  value: number | null;
}

const timeLabel = (ms: number) => {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(5, 10)} ${iso.slice(11, 16)} UTC`;
};

/**
 * A measure over time as a line through its samples (a sample without a figure leaves a gap), with
 * the values under the pointer named, and the figures as a table for screen readers and exact values.
 */
export function SeriesChart({ label, points, format }: { label: string; points: SeriesPoint[]; format: (n: number) => string }) {
  const data = useMemo(() => ({ times: points.map((p) => Date.parse(p.at)), series: [{ label, values: points.map((p) => p.value), color: 'brand' as const }] }), [label, points]);
  const last = points.map((p) => p.value).filter((v): v is number => v !== null).at(-1);
  return (
    <TimeChart
      data={data}
      kind="lines"
      height={120}
      live
      summary={`${label}: ${points.length} ${points.length === 1 ? 'sample' : 'samples'}${last !== undefined ? `, latest ${format(last)}` : ''}`}
      caption={points.length ? undefined : 'No samples in this range yet'}
      format={format}
      timeLabel={timeLabel}
      tableLabel={`${label}, figures`}
      tableSummary="Figures"
    />
  );
}
