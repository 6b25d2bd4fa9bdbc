import * as z from '@plinth/shared-contracts/zod';
import type { Http } from '@plinth/shared-contracts';

/** Usage measured by the platform API against the plan limits (001 §3 "Usage", §7). */

export const USAGE_METRICS = ['db_size', 'storage_size', 'db_egress'] as const;
export const UsageMetricSchema = z.enum(USAGE_METRICS);
export type UsageMetric = z.infer<typeof UsageMetricSchema>;
export const USAGE_METRIC_LABELS: Record<UsageMetric, string> = { db_size: 'Database size', storage_size: 'Storage size', db_egress: 'Egress' };

/** A metric at this share of its limit is a warning (the resource warnings, the usage page); at the limit, critical. */
export const USAGE_WARNING_RATIO = 0.8;

/** One metric: usage in bytes, the plan's limit (null when unlimited) and whether usage exceeds it. */
export const MetricUsageSchema = z.object({ usage: z.coerce.number(), limit: z.nullable(z.number()), exceeded: z.boolean() });
export type MetricUsage = z.infer<typeof MetricUsageSchema>;

/** Calls of the project's app endpoints (auth, rest, storage) this month. */
export const ApiRequestsUsageSchema = z.object({ total: z.number(), auth: z.number(), rest: z.number(), storage: z.number() });
export type ApiRequestsUsage = z.infer<typeof ApiRequestsUsageSchema>;

/**
 * What apps did this month (calendar month, UTC): calls and distinct active users (signed in, or
 * called with their own token) against the plan's MAU quota. Optional for answers made before they were counted.
 */
const appMetrics = { api_requests: z.optional(ApiRequestsUsageSchema), monthly_active_users: z.optional(MetricUsageSchema) };

const metrics = { db_size: MetricUsageSchema, storage_size: MetricUsageSchema, db_egress: MetricUsageSchema };
export const ProjectUsageSchema = z.object({ project: z.string(), ...metrics, ...appMetrics });
export type ProjectUsage = z.infer<typeof ProjectUsageSchema>;
export const OrganizationUsageSchema = z.object({
  organization: z.string(),
  plan: z.string(),
  usage_billing_enabled: z.boolean(),
  ...metrics,
  ...appMetrics,
  projects: z.array(ProjectUsageSchema),
});
export type OrganizationUsage = z.infer<typeof OrganizationUsageSchema>;

/** The 'exceeding usage' badge of 000 §2.12: a free plan, or pro without usage billing, over a limit. */
export function showsExceedingUsageBadge(plan: string, usageBillingEnabled: boolean, usage: Pick<ProjectUsage, UsageMetric>): boolean {
  const capped = plan === 'free' || (plan === 'pro' && !usageBillingEnabled);
  return capped && USAGE_METRICS.some((m) => usage[m].exceeded);
}

export function createUsageClient(http: Http) {
  return {
    getProjectUsage: (ref: string) => http('GET', `/platform/projects/${encodeURIComponent(ref)}/usage`, { schema: ProjectUsageSchema }),
    getOrganizationUsage: (slug: string) =>
      http('GET', `/platform/organizations/${encodeURIComponent(slug)}/usage`, { schema: OrganizationUsageSchema }),
  };
}
export type UsageClient = ReturnType<typeof createUsageClient>;

/**
 * Usage per day of this billing period (calendar month, UTC), for the usage pages' charts: app
 * requests and the bytes answered to apps each day (counted as they happen), and the database and
 * storage sizes measured that day (their largest measure; null on a day nothing measured them).
 */
export const UsageDaySchema = z.object({
  date: z.string(),
  requests: z.number(),
  egress_bytes: z.number(),
  db_size: z.nullable(z.number()),
  storage_size: z.nullable(z.number()),
});
export type UsageDay = z.infer<typeof UsageDaySchema>;
export const UsageDailySchema = z.object({
  organization: z.string(),
  /** The project the days are of, or null for the whole organization. */
  project: z.nullable(z.string()),
  period_start: z.string(),
  period_end: z.string(),
  days: z.array(UsageDaySchema),
});
export type UsageDaily = z.infer<typeof UsageDailySchema>;

export function createUsageDailyClient(http: Http) {
  return {
    /** Every day of the period so far, of the organization or of one of its projects. */
    getUsageDaily: (slug: string, projectRef?: string | null) =>
      http('GET', `/platform/organizations/${encodeURIComponent(slug)}/usage/daily`, { schema: UsageDailySchema, query: projectRef ? { projectRef } : undefined }),
  };
}
export type UsageDailyClient = ReturnType<typeof createUsageDailyClient>;

export const usageDailyQueryKeys = {
  usageDaily: (slug: string, projectRef: string | null) => ['organizations', slug, 'usage', 'daily', projectRef ?? 'all'] as const,
};
