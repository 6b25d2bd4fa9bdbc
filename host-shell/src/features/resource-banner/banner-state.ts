import { RESOURCE_WARNING_METRICS, type ResourceWarning } from '@plinth/shared-contracts';
import { showsExceedingUsageBadge, type OrganizationUsage } from '@plinth/contracts-billing';

export interface BannerState {
  tone: 'destructive' | 'warning';
  readOnly: boolean;
  /** Metrics at warning or critical level, with their level. */
  metrics: { metric: string; level: 'warning' | 'critical' }[];
  exceedingUsage: boolean;
}

const METRIC_LABELS: Record<string, string> = {
  database_size: 'Database size',
  storage_size: 'Storage size',
  egress: 'Egress',
  disk_space_exhaustion: 'Disk space',
  monthly_active_users: 'Monthly active users',
};
export const metricLabel = (metric: string) => METRIC_LABELS[metric] ?? metric;

/**
 * The banner of spec 000 §2.12 for one project, or null when there is nothing to say:
 * destructive when read-only mode is on or any metric is critical, warning otherwise; the
 * 'exceeding usage' badge on a free plan, or pro without usage billing, over a limit.
 */
export function bannerState(ref: string, warnings: readonly ResourceWarning[] | undefined, usage: OrganizationUsage | undefined): BannerState | null {
  const warning = warnings?.find((w) => w.project === ref);
  const metrics = warning
    ? RESOURCE_WARNING_METRICS.flatMap((metric) => {
        const level = warning[metric];
        return level ? [{ metric, level }] : [];
      })
    : [];
  const readOnly = warning?.is_readonly_mode_enabled ?? false;
  const projectUsage = usage?.projects.find((p) => p.project === ref);
  const exceedingUsage = !!usage && !!projectUsage && showsExceedingUsageBadge(usage.plan, usage.usage_billing_enabled, projectUsage);
  if (!readOnly && metrics.length === 0 && !exceedingUsage) return null;
  const tone = readOnly || metrics.some((m) => m.level === 'critical') ? 'destructive' : 'warning';
  return { tone, readOnly, metrics, exceedingUsage };
}
