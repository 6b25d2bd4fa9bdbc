import { FREE_PLAN_UPLOAD_LIMIT, FREE_PROJECT_LIMIT, formatBytes, PERMISSION_MESSAGES, type MemberRole, type PlanId } from '@plinth/shared-contracts';
import {
  billingPeriod,
  PLAN_ALLOWS_ADDITIONAL_OWNERS,
  PLAN_COMPARISON,
  PLAN_NAMES,
  PLAN_ROLES,
  proratedCents,
  type PlanChangeBlocker,
  type PlanChangeLine,
  type PlanChangePreview,
  type Subscription,
} from '@plinth/contracts-billing';
import { HttpError, type ControlDatabase } from '@plinth/platform-core/deps';
import type { AccessRegistry } from '@plinth/platform-core/access';

/** The organization as the access registry knows it. */
export interface BilledOrganization {
  id: number;
  slug: string;
  plan: string;
  usageBillingEnabled: boolean;
}

/**
 * The operator's switch that closes subscription changes (001 §6 'Subscription changes are
 * currently disabled...'): PLINTH_SUBSCRIPTION_CHANGES_DISABLED=1 (or true) in the API's
 * environment, read at each call so it takes effect without a restart.
 */
export function subscriptionChangesDisabled(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = (env.PLINTH_SUBSCRIPTION_CHANGES_DISABLED ?? '').trim().toLowerCase();
  return v === '1' || v === 'true' || v === 'yes';
}

const listNames = (items: string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

/** Plans, their changes and what stops a change (issue 26): the limits of the target plan the organization would be over. */
export class SubscriptionService {
  constructor(
    private readonly control: ControlDatabase,
    private readonly access: AccessRegistry,
  ) {}

  subscription(org: BilledOrganization): Subscription {
    const plan = org.plan as PlanId;
    return { plan: { id: plan, name: PLAN_NAMES[plan] }, usage_billing_enabled: org.usageBillingEnabled };
  }

  /** The comparison lines whose facts differ between two plans. */
  changes(from: PlanId, to: PlanId): PlanChangeLine[] {
    const lines: PlanChangeLine[] = [];
    for (const section of PLAN_COMPARISON) {
      for (const f of section.features) {
        if (f.plans[from] !== f.plans[to]) lines.push({ section: section.title, title: f.title, from: f.plans[from], to: f.plans[to] });
      }
    }
    return lines;
  }

  /** What the organization holds that the target plan does not allow; empty when the change can be made. */
  async blockers(org: BilledOrganization, to: PlanId): Promise<PlanChangeBlocker[]> {
    const out: PlanChangeBlocker[] = [];
    const toName = PLAN_NAMES[to];
    if (to === org.plan) return out;
    if (to === 'enterprise') {
      out.push({ limit: 'contact_sales', message: 'The Enterprise plan is arranged with our team: contact us to move to it.' });
      return out;
    }
    if (to === 'free') {
      // Projects: every member keeps at most FREE_PROJECT_LIMIT running projects across their free organizations, this one included.
      const r = await this.control.query<{ primary_email: string; running: number }>(
        `select u.email as primary_email,
                (select count(*)::int from projects p
                   join members m2 on m2.organization_id = p.organization_id and m2.user_id = u.id
                   join organizations o on o.id = p.organization_id
                  where p.status <> 'INACTIVE' and (o.plan = 'free' or o.id = $1)) as running
           from members m join users u on u.id = m.user_id
          where m.organization_id = $1 order by u.email`,
        [org.id],
      );
      const over = r.rows.filter((m) => m.running > FREE_PROJECT_LIMIT);
      if (over.length) {
        out.push({
          limit: 'projects',
          message: `Projects: the Free plan allows each member ${FREE_PROJECT_LIMIT} running free projects; ${listNames(over.map((m) => `${m.primary_email} would have ${m.running}`))}. Pause or delete projects first.`,
        });
      }
      // Upload size: a project allowing uploads above the free plan's fixed limit.
      const u = await this.control.query<{ name: string; file_size_limit: string | number }>(
        `select p.name, c.file_size_limit from project_storage_configs c join projects p on p.ref = c.project_ref
          where p.organization_id = $1 and c.file_size_limit > $2 order by p.name`,
        [org.id, FREE_PLAN_UPLOAD_LIMIT],
      );
      if (u.rows.length) {
        out.push({
          limit: 'upload_size',
          message: `Upload size: the Free plan allows uploads of up to ${formatBytes(FREE_PLAN_UPLOAD_LIMIT)}; ${listNames(u.rows.map((p) => `project ${p.name} allows ${formatBytes(Number(p.file_size_limit))}`))}. Lower the limit in the project's storage settings first.`,
        });
      }
    }
    // Member roles: roles the target plan does not offer, and additional owners.
    const members = await this.control.query<{ primary_email: string; role: MemberRole }>(
      'select u.email as primary_email, m.role from members m join users u on u.id = m.user_id where m.organization_id = $1 order by u.email',
      [org.id],
    );
    const allowed = PLAN_ROLES[to];
    const outside = members.rows.filter((m) => !allowed.includes(m.role));
    const owners = members.rows.filter((m) => m.role === 'Owner');
    const problems: string[] = [];
    if (outside.length) problems.push(`${listNames(outside.map((m) => `${m.primary_email} is ${m.role}`))}; the ${toName} plan offers ${listNames([...allowed])} only`);
    if (!PLAN_ALLOWS_ADDITIONAL_OWNERS[to] && owners.length > 1) problems.push(`the ${toName} plan allows one Owner and ${owners.length} members are Owners`);
    if (problems.length) out.push({ limit: 'member_roles', message: `Member roles: ${problems.join('; ')}. Change their roles on the Team page first.` });
    return out;
  }

  async preview(org: BilledOrganization, to: PlanId, now = new Date()): Promise<PlanChangePreview> {
    const from = org.plan as PlanId;
    const { start, end } = billingPeriod(now);
    const remaining = (end.getTime() - now.getTime()) / (end.getTime() - start.getTime());
    return {
      from,
      to,
      period_start: start.toISOString(),
      period_end: end.toISOString(),
      remaining_fraction: remaining,
      prorated_amount_cents: proratedCents(from, to, remaining),
      changes: this.changes(from, to),
      blockers: await this.blockers(org, to),
    };
  }

  /**
   * Changes the plan: refused while the operator's switch is on (503), and with a 409 naming every
   * limit the target plan would break. Each change is recorded (the invoices' plan lines come from
   * these records) with its prorated amount.
   */
  async change(org: BilledOrganization, actorId: string, to: PlanId, usageBillingEnabled?: boolean, now = new Date()): Promise<Subscription> {
    if (subscriptionChangesDisabled()) throw new HttpError(503, PERMISSION_MESSAGES.subscriptionChangesDisabled, 'SUBSCRIPTION_CHANGES_DISABLED');
    const from = org.plan as PlanId;
    const blockers = await this.blockers(org, to);
    if (blockers.length) {
      throw new HttpError(409, `The organization cannot move to the ${PLAN_NAMES[to]} plan. ${blockers.map((b) => b.message).join(' ')}`, 'PLAN_LIMIT');
    }
    const billing = usageBillingEnabled ?? (to !== 'free' && to !== 'pro');
    const preview = await this.preview(org, to, now);
    await this.control.transaction(async (tx) => {
      await tx.query('update organizations set plan = $1, usage_billing_enabled = $2 where id = $3', [to, billing, org.id]);
      if (from !== to) {
        await tx.query('insert into subscription_changes (organization_id, from_plan, to_plan, prorated_amount_cents, changed_by, at) values ($1, $2, $3, $4, $5, $6)', [
          org.id,
          from,
          to,
          preview.prorated_amount_cents,
          actorId,
          now.toISOString(),
        ]);
      }
    });
    this.access.invalidateOrganization(org.slug);
    return { plan: { id: to, name: PLAN_NAMES[to] }, usage_billing_enabled: billing };
  }
}
