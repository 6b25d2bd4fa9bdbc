import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import uPlot from 'uplot';
import { tokens, tokenVariable } from '@plinth/shared-ui/theme';
import { drawnValues, hoverText, tallestDrawn, type ChartColor, type TimeChartData } from './chart-data';

export interface TimeChartProps {
  data: TimeChartData;
  /** Bars per bucket (counts), or lines through samples (latencies, sizes). */
  kind?: 'bars' | 'lines';
  /** The chart's accessible name (its role is img: the table beside it carries the figures). */
  summary: string;
  /** Each value in words ("12", "3.4 ms", "1.2 MB"). */
  format: (n: number) => string;
  /** A time in words, for the hover readout and the table. */
  timeLabel: (ms: number) => string;
  /** The table's accessible name, and its time column's header. */
  tableLabel: string;
  timeHeader?: string;
  /** What opens the table ("Show as table"). */
  tableSummary?: string;
  height?: number;
  /** Marks figures that change from run to run (the design pictures mask them). */
  live?: boolean;
  caption?: ReactNode;
}

/** Whether this browser can draw (jsdom has no canvas paths: there only the table and readout show). */
const canDraw = () => typeof window !== 'undefined' && typeof window.Path2D === 'function';

function cssColor(el: Element, name: ChartColor | 'border' | 'textMuted'): string {
  return getComputedStyle(el).getPropertyValue(tokenVariable('color', name)).trim() || '#888';
}

/** The document's theme (the shell switches `data-theme` on the root element): charts redraw in its colours. */
function useThemeTick(): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const observer = new MutationObserver(() => setTick((t) => t + 1));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  return tick;
}

/**
 * A time series drawn by uPlot (canvas, about 20 KB gzip) in the theme's colours, sized to its
 * container, with a readout naming the time and values under the pointer, and the same figures as
 * a table for screen readers and exact reading.
 */
export function TimeChart({ data, kind = 'bars', summary, format, timeLabel, tableLabel, timeHeader = 'Time', tableSummary = 'Show as table', height = 140, live = false, caption }: TimeChartProps) {
  const id = useId();
  const plotRef = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<number | null>(null);
  const theme = useThemeTick();

  useEffect(() => {
    const el = plotRef.current;
    if (!el || !canDraw()) return;
    const drawn = drawnValues(data);
    // Stacked parts draw tallest first, so each shorter part lies over the one it stacks on.
    const order = data.series.map((_, i) => i);
    if (data.stacked) order.reverse();
    const axis = { stroke: cssColor(el, 'textMuted'), grid: { stroke: cssColor(el, 'border'), width: 1 }, ticks: { stroke: cssColor(el, 'border'), width: 1 }, font: '11px system-ui, sans-serif' };
    const bars = uPlot.paths.bars!({ size: [0.8, 48], gap: 1 });
    const opts: uPlot.Options = {
      width: Math.max(120, el.clientWidth),
      height,
      legend: { show: false },
      cursor: { y: false, points: { show: kind === 'lines' }, drag: { x: false, y: false, setScale: false } },
      scales: { x: { time: true }, y: { range: (_u, min, max) => [Math.min(0, min ?? 0), Math.max(1, max ?? 1, tallestDrawn(data)) * 1.05] } },
      axes: [
        { ...axis, space: 70 },
        { ...axis, size: 56, values: (_u, splits) => splits.map((v) => format(v)) },
      ],
      series: [
        {},
        ...order.map((i) => {
          const color = cssColor(el, data.series[i]!.color);
          return kind === 'bars'
            ? { label: data.series[i]!.label, stroke: color, fill: color, width: 0, paths: bars, points: { show: false } }
            : { label: data.series[i]!.label, stroke: color, width: 2, spanGaps: false, points: { show: data.times.length < 3 } };
        }),
      ],
      hooks: { setCursor: [(u) => setHover(u.cursor.idx ?? null)] },
    };
    const plot = new uPlot(opts, [data.times.map((t) => t / 1000), ...order.map((i) => drawn[i]!)] as uPlot.AlignedData, el);
    const resize = new ResizeObserver(() => {
      if (el.clientWidth > 0) plot.setSize({ width: el.clientWidth, height });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
      setHover(null);
    };
  }, [data, kind, height, format, theme]);

  const readout = hover === null ? null : hoverText(data, hover, timeLabel, format);
  return (
    <figure aria-labelledby={caption ? `${id}-caption` : undefined} data-live-figure={live ? '' : undefined} data-chart-kind={kind} css={{ margin: 0, display: 'grid', gap: tokens.space.xs, minWidth: 0 }}>
      {caption ? (
        <figcaption id={`${id}-caption`} css={{ fontSize: tokens.fontSize.xs, color: tokens.color.textMuted }}>
          {caption}
        </figcaption>
      ) : null}
      <div
        role="img"
        aria-label={summary}
        ref={plotRef}
        css={{
          height,
          minWidth: 0,
          overflow: 'hidden',
          '& .uplot, & .uplot *': { boxSizing: 'border-box' },
          '& .u-wrap': { position: 'relative', userSelect: 'none' },
          '& .u-over, & .u-under, & .u-axis': { position: 'absolute' },
          '& .u-under': { overflow: 'hidden' },
          '& canvas': { display: 'block', position: 'relative', width: '100%', height: '100%' },
          '& .u-cursor-x': { position: 'absolute', left: 0, top: 0, height: '100%', borderRight: `1px dashed ${tokens.color.borderStrong}`, pointerEvents: 'none' },
          '& .u-cursor-pt': { position: 'absolute', top: 0, left: 0, borderRadius: '50%', pointerEvents: 'none' },
          '& .u-off': { display: 'none' },
          '& .u-select': { display: 'none' },
        }}
      />
      {/* One line either way, so the page below keeps its place: the legend, or the values under the pointer. */}
      <div aria-hidden css={{ display: 'flex', flexWrap: 'wrap', gap: tokens.space.md, minHeight: '1.5em', fontSize: tokens.fontSize.xs, color: tokens.color.textMuted, fontVariantNumeric: 'tabular-nums' }}>
        {readout ?? (
          <>
            {data.series.map((s) => (
              <span key={s.label} css={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
                <span css={{ width: 10, height: 10, borderRadius: 2, background: tokens.color[s.color] }} />
                {s.label}
              </span>
            ))}
            {data.times.length ? <span>{`${timeLabel(data.times[0]!)} – ${timeLabel(data.times[data.times.length - 1]!)}`}</span> : null}
          </>
        )}
      </div>
      <details css={{ fontSize: tokens.fontSize.xs, color: tokens.color.textMuted, '& > summary': { cursor: 'pointer', width: 'fit-content' }, '& > summary:focus-visible': tokens.focusRing }}>
        <summary>{tableSummary}</summary>
        <div css={{ maxHeight: 240, overflow: 'auto', color: tokens.color.text }}>
          <table aria-label={tableLabel} css={{ borderCollapse: 'collapse', fontSize: tokens.fontSize.xs, '& th, & td': { padding: `2px ${tokens.space.sm}`, borderBottom: `1px solid ${tokens.color.border}` } }}>
            <thead>
              <tr>
                <th scope="col" css={{ textAlign: 'start' }}>{timeHeader}</th>
                {data.series.map((s) => (
                  <th key={s.label} scope="col" css={{ textAlign: 'end' }}>
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.times.map((t, i) => (
                <tr key={t}>
                  <td>{timeLabel(t)}</td>
                  {data.series.map((s) => (
                    <td key={s.label} css={{ textAlign: 'end', fontVariantNumeric: 'tabular-nums' }}>
                      {s.values[i] == null ? '–' : format(s.values[i]!)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
