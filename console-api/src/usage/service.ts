import type { PlanId, ResourceWarning, WarningLevel } from '@plinth/shared-contracts';
import { PLAN_LIMITS, USAGE_WARNING_RATIO, type MetricUsage, type OrganizationUsage, type ProjectUsage } from '@plinth/contracts-billing';
import type { ControlDatabase, ObjectStore } from '@plinth/platform-core/deps';
import type { ProjectDatabaseManager } from '@plinth/platform-core/project-db/manager';
import type { EgressCounter } from './egress';
import type { AppUsage } from '../logs/usage-counts';
import { recordSizes } from './daily';

/** This month's calls and active users of projects' apps (the log store's counts). */
export interface AppUsageSource {
  thisMonth(refs: string[]): Promise<Map<string, AppUsage>>;
  /** The last UTC day (YYYY-MM-DD) apps called each project; absent when never called. */
  lastCallDays?(refs: string[]): Promise<Map<string, string>>;
}

/** A metric reaching this share of its limit is a warning; reaching the limit is critical. */
export const WARNING_RATIO = USAGE_WARNING_RATIO;

const metric = (usage: number, limit: number | null): MetricUsage => ({ usage, limit, exceeded: limit !== null && usage > limit });

export function warningLevel(m: MetricUsage): WarningLevel {
  if (m.limit === null || m.limit <= 0) return null;
  if (m.usage >= m.limit) return 'critical';
  if (m.usage >= m.limit * WARNING_RATIO) return 'warning';
  return null;
}

/** The usage answer's app metrics: calls by service, and monthly active users against the plan's quota. */
function appMetrics(u: AppUsage | undefined, mauLimit: number | null): Pick<ProjectUsage, 'api_requests' | 'monthly_active_users'> {
  if (!u) return {};
  return { api_requests: { ...u.requests }, monthly_active_users: metric(u.monthlyActiveUsers, mauLimit) };
}

function sumAppUsage(all: AppUsage[]): AppUsage {
  const total: AppUsage = { requests: { auth: 0, rest: 0, storage: 0, total: 0 }, egressBytes: 0, monthlyActiveUsers: 0 };
  for (const u of all) {
    for (const k of ['auth', 'rest', 'storage', 'total'] as const) total.requests[k] += u.requests[k];
    total.egressBytes += u.egressBytes;
    total.monthlyActiveUsers += u.monthlyActiveUsers;
  }
  return total;
}

interface ProjectRow {
  ref: string;
  last_db_size_bytes: number;
  egress_bytes: number;
}

/** Usage from real measurements: database size (pg_database_size), storage bytes in the object store, egress counted by the API. */
export class UsageService {
  constructor(
    private readonly control: ControlDatabase,
    private readonly databases: ProjectDatabaseManager,
    private readonly objects: ObjectStore,
    private readonly egress: EgressCounter,
    private readonly apps: AppUsageSource | null = null,
  ) {}

  /** The last UTC day apps called each of these projects (the free plan's inactivity rule reads it); empty without a log store. */
  async lastAppCallDays(refs: string[]): Promise<Map<string, string>> {
    return (await this.apps?.lastCallDays?.(refs)) ?? new Map();
  }

  private async measure(p: ProjectRow, plan: PlanId, egressBytes: Map<string, number>, apps?: Map<string, AppUsage>): Promise<ProjectUsage> {
    const limits = PLAN_LIMITS[plan];
    let dbSize = Number(p.last_db_size_bytes);
    if (this.databases.isOpen(p.ref)) {
      const db = await this.databases.get(p.ref);
      dbSize = await db.sizeBytes().catch(() => dbSize);
    }
    const storage = await this.objects.sizeUnder(`${p.ref}/`);
    const egress = egressBytes.get(p.ref) ?? Number(p.egress_bytes);
    return {
      project: p.ref,
      db_size: metric(dbSize, limits.databaseSizeBytes),
      storage_size: metric(storage, limits.storageBytes),
      db_egress: metric(egress, limits.egressBytes),
      ...appMetrics(apps?.get(p.ref), limits.monthlyActiveUsers),
    };
  }

  /** Today's sizes, for the daily charts (a failure to keep them never fails the usage answer). */
  private async keepSizes(projects: ProjectUsage[]): Promise<void> {
    await recordSizes(
      this.control,
      projects.map((p) => ({ project: p.project, db_size: p.db_size.usage, storage_size: p.storage_size.usage })),
    ).catch(() => undefined);
  }

  /** This month's app usage of these projects (none when the log store cannot answer: usage still shows sizes). */
  private async appUsage(refs: string[]): Promise<Map<string, AppUsage> | undefined> {
    return this.apps?.thisMonth(refs).catch(() => undefined);
  }

  async projectUsage(ref: string): Promise<ProjectUsage> {
    const r = await this.control.query<ProjectRow & { plan: PlanId }>(
      'select p.ref, p.last_db_size_bytes::float8 as last_db_size_bytes, p.egress_bytes::float8 as egress_bytes, o.plan from projects p join organizations o on o.id = p.organization_id where p.ref = $1',
      [ref],
    );
    const row = r.rows[0]!;
    const measured = await this.measure(row, row.plan, await this.egress.totals([row.ref]), await this.appUsage([row.ref]));
    await this.keepSizes([measured]);
    return measured;
  }

  async organizationUsage(org: { id: number; slug: string; plan: string; usageBillingEnabled: boolean }): Promise<OrganizationUsage> {
    const plan = org.plan as PlanId;
    const r = await this.control.query<ProjectRow>(
      'select ref, last_db_size_bytes::float8 as last_db_size_bytes, egress_bytes::float8 as egress_bytes from projects where organization_id = $1 order by id',
      [org.id],
    );
    const refs = r.rows.map((p) => p.ref);
    const [egress, apps] = await Promise.all([this.egress.totals(refs), this.appUsage(refs)]);
    const projects = await Promise.all(r.rows.map((p) => this.measure(p, plan, egress, apps)));
    await this.keepSizes(projects);
    const limits = PLAN_LIMITS[plan];
    const sum = (k: 'db_size' | 'storage_size' | 'db_egress') => projects.reduce((n, p) => n + p[k].usage, 0);
    return {
      organization: org.slug,
      plan,
      usage_billing_enabled: org.usageBillingEnabled,
      db_size: metric(sum('db_size'), limits.databaseSizeBytes),
      storage_size: metric(sum('storage_size'), limits.storageBytes),
      db_egress: metric(sum('db_egress'), limits.egressBytes),
      ...(apps ? appMetrics(sumAppUsage([...apps.values()]), limits.monthlyActiveUsers) : {}),
      projects,
    };
  }

  /** Warnings for every project the user can see (sizes, egress and monthly active users). Read-only mode: a free project over its database size. */
  async resourceWarnings(userId: string): Promise<ResourceWarning[]> {
    const r = await this.control.query<ProjectRow & { plan: PlanId }>(
      `select p.ref, p.last_db_size_bytes::float8 as last_db_size_bytes, p.egress_bytes::float8 as egress_bytes, o.plan
         from projects p join organizations o on o.id = p.organization_id
         join members m on m.organization_id = o.id and m.user_id = $1 order by p.id`,
      [userId],
    );
    const refs = r.rows.map((p) => p.ref);
    const [egress, apps] = await Promise.all([this.egress.totals(refs), this.appUsage(refs)]);
    return Promise.all(
      r.rows.map(async (p) => {
        const u = await this.measure(p, p.plan, egress, apps);
        const database = warningLevel(u.db_size);
        return {
          project: p.ref,
          is_readonly_mode_enabled: p.plan === 'free' && database === 'critical',
          database_size: database,
          storage_size: warningLevel(u.storage_size),
          egress: warningLevel(u.db_egress),
          disk_space_exhaustion: database,
          // Monthly active users against the plan's quota: absent when the log store could not answer.
          ...(u.monthly_active_users ? { monthly_active_users: warningLevel(u.monthly_active_users) } : {}),
        };
      }),
    );
  }
}
