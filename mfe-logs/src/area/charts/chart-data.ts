// What a time chart draws, in plain data: the pure half of the chart wrapper, tested without a
// canvas. The wrapper hands it to uPlot; the accessible table beside the chart reads it too.

/** Theme colours a series may take (names of `tokens.color`). */
export type ChartColor = 'brand' | 'danger' | 'warning' | 'success' | 'textMuted';

export interface ChartSeries {
  label: string;
  /** One value per time; null where nothing was measured (a gap, no bar). */
  values: (number | null)[];
  color: ChartColor;
}

export interface TimeChartData {
  /** Start of each bucket or time of each sample, ms since the epoch, oldest first. */
  times: number[];
  series: ChartSeries[];
  /** Bars of each series stacked on the ones before (requests: successful, then failed). */
  stacked?: boolean;
}

/**
 * The y values uPlot draws, per series: stacked series add up (each bar's top is the sum of it and
 * the series before it), so drawing them last-first leaves every part visible.
 */
export function drawnValues({ series, stacked }: TimeChartData): (number | null)[][] {
  if (!stacked) return series.map((s) => s.values);
  const sums: (number | null)[][] = [];
  series.forEach((s, i) => {
    sums.push(s.values.map((v, j) => (v === null && (i === 0 || sums[i - 1]![j] === null) ? null : (v ?? 0) + (i === 0 ? 0 : (sums[i - 1]![j] ?? 0)))));
  });
  return sums;
}

/** The tallest value drawn (the y scale's top), at least 1 so an all-zero chart draws flat. */
export function tallestDrawn(data: TimeChartData): number {
  let max = 0;
  for (const values of drawnValues(data)) for (const v of values) if (v !== null && v > max) max = v;
  return Math.max(1, max);
}

/** The hover text at one time: "10:05 UTC · Requests 12 · Errors 1". */
export function hoverText(data: TimeChartData, index: number, timeLabel: (ms: number) => string, format: (n: number) => string): string {
  const at = data.times[index];
  if (at === undefined) return '';
  return [timeLabel(at), ...data.series.map((s) => `${s.label} ${s.values[index] == null ? '–' : format(s.values[index]!)}`)].join(' · ');
}
