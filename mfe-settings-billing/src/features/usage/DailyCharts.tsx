import { useQuery } from '@tanstack/react-query';
import type { UsageDay } from '@plinth/contracts-billing';
import { errorMessage, useArea } from '@plinth/area-kit';
import { tokens } from '@plinth/shared-ui/theme';
import { InlineError, LoadingSkeleton, Section } from '@plinth/shared-ui/page';
import { formatFigure, type FigureFormat } from './usage-figures';
import { keys } from '../../area/query-keys';

interface ChartSpec {
  key: 'requests' | 'egress_bytes' | 'db_size' | 'storage_size';
  title: string;
  format: FigureFormat;
  /** The plan's limit to draw across the chart (sizes), or null. */
  limit: number | null;
  /** What the caption says besides the peak. */
  note: string;
}

export interface DailyLimits {
  db_size: number | null;
  storage_size: number | null;
  db_egress: number | null;
}

/** A chart per metric: each day of this billing period so far, of the organization or of one project. */
export function DailyCharts({ slug, projectRef, limits }: { slug: string; projectRef: string | null; limits: DailyLimits }) {
  const { api } = useArea();
  const daily = useQuery({ queryKey: keys.usageDaily(slug, projectRef), queryFn: () => api.usageDaily.getUsageDaily(slug, projectRef) });
  const specs: ChartSpec[] = [
    { key: 'requests', title: 'API requests', format: 'count', limit: null, note: 'Calls to auth, REST and storage each day.' },
    {
      key: 'egress_bytes',
      title: 'Egress',
      format: 'bytes',
      limit: null,
      note: limits.db_egress === null ? 'Bytes answered to apps each day.' : `Bytes answered to apps each day; the plan includes ${formatFigure(limits.db_egress, 'bytes')} a month.`,
    },
    { key: 'db_size', title: 'Database size', format: 'bytes', limit: limits.db_size, note: 'The largest size measured each day.' },
    { key: 'storage_size', title: 'Storage size', format: 'bytes', limit: limits.storage_size, note: 'The largest size measured each day.' },
  ];
  return (
    <Section title="Per day" description="Each day of this billing period so far (UTC); the dashed line is what the plan includes.">
      {daily.isPending ? (
        <LoadingSkeleton label="Loading usage per day" shape="card" rows={2} />
      ) : daily.isError ? (
        <InlineError message="Failed to retrieve usage per day" detail={errorMessage(daily.error)} onRetry={() => void daily.refetch()} />
      ) : (
        <div css={{ display: 'grid', gap: tokens.space.md, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))' }}>
          {specs.map((s) => (
            <DayChart key={s.key} spec={s} days={daily.data.days} />
          ))}
        </div>
      )}
    </Section>
  );
}

const W = 300;
const H = 120;

function DayChart({ spec, days }: { spec: ChartSpec; days: UsageDay[] }) {
  const values = days.map((d) => d[spec.key]);
  const measured = values.filter((v): v is number => v !== null);
  const peak = measured.length ? Math.max(...measured) : 0;
  const peakDay = measured.length ? days[values.indexOf(peak)]!.date : null;
  const total = spec.key === 'requests' || spec.key === 'egress_bytes' ? measured.reduce((n, v) => n + v, 0) : null;
  const top = Math.max(peak, spec.limit ?? 0, 1);
  const slot = W / Math.max(days.length, 1);
  const bar = Math.max(1, slot * 0.7);
  const summary = measured.length
    ? `${spec.title} per day: ${total !== null ? `${formatFigure(total, spec.format)} in all, ` : ''}highest ${formatFigure(peak, spec.format)} on ${peakDay}${spec.limit !== null ? `, the plan includes ${formatFigure(spec.limit, spec.format)}` : ''}`
    : `${spec.title} per day: nothing measured yet this period`;
  return (
    <figure data-chart={spec.key} css={{ margin: 0, padding: tokens.space.md, border: `1px solid ${tokens.color.border}`, borderRadius: tokens.radius.md, background: tokens.color.surface, minWidth: 0 }}>
      <figcaption css={{ display: 'grid', gap: tokens.space.xxs, marginBottom: tokens.space.sm }}>
        <span css={{ fontWeight: tokens.fontWeight.semibold }}>{spec.title}</span>
        <span data-live-figure css={{ fontSize: tokens.fontSize.xs, color: tokens.color.textMuted }}>
          {measured.length ? `${total !== null ? `${formatFigure(total, spec.format)} so far · ` : ''}peak ${formatFigure(peak, spec.format)}` : 'Nothing measured yet'}
        </span>
      </figcaption>
      {/* Focusable: a keyboard user reaches each chart (and its summary) and can scroll the page to it. */}
      <svg data-live-figure tabIndex={0} viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-label={summary} css={{ width: '100%', height: 120, display: 'block', '&:focus-visible': { outline: `2px solid ${tokens.color.focus}`, outlineOffset: 2 } }}>
        <line x1={0} y1={H - 0.5} x2={W} y2={H - 0.5} stroke="var(--plinth-color-border)" strokeWidth={1} />
        {days.map((d, i) => {
          const v = values[i];
          if (v === null || v === undefined) return null;
          const h = Math.max(v > 0 ? 1 : 0, (v / top) * (H - 4));
          return (
            <rect key={d.date} data-day={d.date} x={i * slot + (slot - bar) / 2} y={H - h} width={bar} height={h} fill={spec.limit !== null && v > spec.limit ? 'var(--plinth-color-danger)' : 'var(--plinth-color-brand)'}>
              <title>{`${d.date}: ${formatFigure(v, spec.format)}`}</title>
            </rect>
          );
        })}
        {spec.limit !== null ? <line data-limit x1={0} x2={W} y1={H - (spec.limit / top) * (H - 4)} y2={H - (spec.limit / top) * (H - 4)} stroke="var(--plinth-color-warning)" strokeWidth={1.5} strokeDasharray="4 3" /> : null}
      </svg>
      <div data-live-figure css={{ display: 'flex', justifyContent: 'space-between', fontSize: tokens.fontSize.xs, color: tokens.color.textMuted, marginTop: tokens.space.xs }}>
        <span>{days[0]?.date.slice(5)}</span>
        <span>{days.at(-1)?.date.slice(5)}</span>
      </div>
      <p css={{ margin: `${tokens.space.xs} 0 0`, fontSize: tokens.fontSize.xs, color: tokens.color.textMuted }}>{spec.note}</p>
    </figure>
  );
}
