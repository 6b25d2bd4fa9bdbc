import { formatBytes, type PlanId } from '@plinth/shared-contracts';
import { PLAN_NAMES, USAGE_WARNING_RATIO, type MetricUsage, type ProjectUsage } from '@plinth/contracts-billing';

// The usage page's figures in product words: each metric of a project (or the sum of the
// organization's), its plan limit and how close it is to it.

export type FigureFormat = 'bytes' | 'count';
export type FigureLevel = 'within' | 'approaching' | 'over';

export interface UsageFigure {
  key: 'db_size' | 'storage_size' | 'db_egress' | 'monthly_active_users' | 'api_requests';
  label: string;
  format: FigureFormat;
  /** null: the platform could not count it just now (the request log did not answer). */
  usage: number | null;
  /** null: the plan has no limit. */
  limit: number | null;
  level: FigureLevel;
}

type UsageLike = Pick<ProjectUsage, 'db_size' | 'storage_size' | 'db_egress' | 'monthly_active_users' | 'api_requests'>;

export function levelOf(usage: number | null, limit: number | null): FigureLevel {
  if (usage === null || limit === null || limit <= 0) return 'within';
  if (usage >= limit) return 'over';
  if (usage >= limit * USAGE_WARNING_RATIO) return 'approaching';
  return 'within';
}

const fromMetric = (key: UsageFigure['key'], label: string, format: FigureFormat, m: MetricUsage | undefined): UsageFigure => ({
  key,
  label,
  format,
  usage: m ? m.usage : null,
  limit: m ? m.limit : null,
  level: m ? levelOf(m.usage, m.limit) : 'within',
});

/** The five figures of a project or an organization, in the page's order. */
export function usageFigures(u: UsageLike): UsageFigure[] {
  return [
    fromMetric('db_size', 'Database size', 'bytes', u.db_size),
    fromMetric('storage_size', 'Storage size', 'bytes', u.storage_size),
    fromMetric('db_egress', 'Egress', 'bytes', u.db_egress),
    fromMetric('monthly_active_users', 'Monthly active users', 'count', u.monthly_active_users),
    { key: 'api_requests', label: 'API requests', format: 'count', usage: u.api_requests ? u.api_requests.total : null, limit: null, level: 'within' },
  ];
}

/** 1,536 → "1.5 KB" (base 1024, as the plan limits are stated): the contracts' one formatting. */
export { formatBytes };

export const formatCount = (n: number): string => n.toLocaleString('en-US');
export const formatFigure = (n: number, format: FigureFormat): string => (format === 'bytes' ? formatBytes(n) : formatCount(n));

/** "12.4 MB of 500 MB", "3 of 50,000", "120" (no limit), "Not available right now". */
/** The amount used alone ("12.3 MB"), or why there is none. */
export const describeUsed = (f: UsageFigure): string => (f.usage === null ? 'Not available right now' : formatFigure(f.usage, f.format));

/** The amount used against the plan's limit ("12.3 MB of 500 MB"). */
export function describeFigure(f: UsageFigure): string {
  const used = describeUsed(f);
  return f.usage === null || f.limit === null ? used : `${used} of ${formatFigure(f.limit, f.format)}`;
}

/** Share of the limit used, 0–100 (over 100 shows full), or null without a limit. */
export const shareOfLimit = (f: UsageFigure): number | null => (f.usage === null || f.limit === null || f.limit <= 0 ? null : Math.min(100, (f.usage / f.limit) * 100));

/** "November 2026": the billing period, a calendar month in UTC. */
export const billingPeriod = (now = new Date()): string => now.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export const planName = (plan: string): string => PLAN_NAMES[plan as PlanId] ?? plan;
