import type { PlanId } from '@plinth/shared-contracts';
import { billingPeriod, OrganizationUsageSchema, PLAN_LIMITS, ProjectUsageSchema, UsageDailySchema, type OrganizationUsage, type ProjectUsage, type UsageClient, type UsageDailyClient, type UsageDay } from '@plinth/contracts-billing';
import { answer, type Handlers } from './fake-client';

export interface UsageState {
  /** The organization's plan, for its limits. */
  plan: PlanId;
  /** Each project's figures this billing period (limits come from the plan). */
  projectUsage: ProjectUsage[];
  /** Each project's days of this period, by ref (the daily charts). */
  usageDays: Record<string, UsageDay[]>;
}

const metric = (usage: number, limit: number | null) => ({ usage, limit, exceeded: limit !== null && usage > limit });

/** One project's usage figures; by default a small project with a few app calls. */
export function projectUsage(project: string, over: { db?: number; storage?: number; egress?: number; requests?: Partial<ProjectUsage['api_requests'] & object>; mau?: number } = {}, plan: PlanId = 'free'): ProjectUsage {
  const limits = PLAN_LIMITS[plan];
  const requests = { auth: 2, rest: 10, storage: 3, ...over.requests };
  return answer(ProjectUsageSchema, {
    project,
    db_size: metric(over.db ?? 8_000_000, limits.databaseSizeBytes),
    storage_size: metric(over.storage ?? 1_200_000, limits.storageBytes),
    db_egress: metric(over.egress ?? 64_000, limits.egressBytes),
    api_requests: { ...requests, total: requests.auth + requests.rest + requests.storage },
    monthly_active_users: metric(over.mau ?? 1, limits.monthlyActiveUsers),
  });
}

/** The usage answers: the organization's figures are the sums of its projects'. */
export function usageHandlers(state: UsageState): Handlers<UsageClient> {
  return {
    getProjectUsage: (ref) => state.projectUsage.find((p) => p.project === ref) ?? projectUsage(ref, {}, state.plan),
    getOrganizationUsage: (slug): OrganizationUsage => {
      const limits = PLAN_LIMITS[state.plan];
      const sum = (f: (p: ProjectUsage) => number) => state.projectUsage.reduce((n, p) => n + f(p), 0);
      return answer(OrganizationUsageSchema, {
        organization: slug,
        plan: state.plan,
        usage_billing_enabled: false,
        db_size: metric(sum((p) => p.db_size.usage), limits.databaseSizeBytes),
        storage_size: metric(sum((p) => p.storage_size.usage), limits.storageBytes),
        db_egress: metric(sum((p) => p.db_egress.usage), limits.egressBytes),
        api_requests: {
          total: sum((p) => p.api_requests?.total ?? 0),
          auth: sum((p) => p.api_requests?.auth ?? 0),
          rest: sum((p) => p.api_requests?.rest ?? 0),
          storage: sum((p) => p.api_requests?.storage ?? 0),
        },
        monthly_active_users: metric(sum((p) => p.monthly_active_users?.usage ?? 0), limits.monthlyActiveUsers),
        projects: state.projectUsage,
      });
    },
  };
}

/** Usage per day: the days of this period so far; each project's days are state.usageDays[ref] (none: zero calls, no sizes measured), the organization's their sums. */
export function usageDailyHandlers(state: UsageState): Handlers<UsageDailyClient> {
  return {
    getUsageDaily: (slug, projectRef) => {
      const { start, end } = billingPeriod(new Date());
      const refs = projectRef ? [projectRef] : state.projectUsage.map((p) => p.project);
      const dates = new Set(refs.flatMap((r) => (state.usageDays[r] ?? []).map((d) => d.date)));
      const days = [...dates].sort().map((date) => {
        const of = refs.map((r) => state.usageDays[r]?.find((d) => d.date === date)).filter((d): d is UsageDay => !!d);
        const sizes = (k: 'db_size' | 'storage_size') => (of.some((d) => d[k] !== null) ? of.reduce((n, d) => n + (d[k] ?? 0), 0) : null);
        return { date, requests: of.reduce((n, d) => n + d.requests, 0), egress_bytes: of.reduce((n, d) => n + d.egress_bytes, 0), db_size: sizes('db_size'), storage_size: sizes('storage_size') };
      });
      return answer(UsageDailySchema, { organization: slug, project: projectRef ?? null, period_start: start.toISOString(), period_end: end.toISOString(), days });
    },
  };
}
