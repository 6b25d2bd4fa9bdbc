import * as z from '@plinth/shared-contracts/zod';
import { MemberRoleSchema, PlanIdSchema, PLAN_IDS, type Http, type MemberRole, type PlanId } from '@plinth/shared-contracts';

/**
 * Changing an organization's plan (001 §2, §6, §9): what each plan costs per month, the member
 * roles each plan offers, the preview of a change (what changes, what it costs this period, what
 * would stop it) and whether changes are open at all.
 */

/** Monthly base price in US cents; null for Enterprise ("contact"). */
export const PLAN_MONTHLY_PRICE_CENTS: Record<PlanId, number | null> = { free: 0, pro: 2_500, team: 59_900, enterprise: null };

/**
 * Compute of an unpaused project on a paid plan, billed hourly (000 §9). The spec gives no figure:
 * ours is the smallest instance's, 1.344 US cents an hour (about $10 for a 31-day month).
 */
export const COMPUTE_CENTS_PER_HOUR = 1.344;

/**
 * Member roles each plan offers (001 §6): free and pro have Owner and Developer (one Owner);
 * team and enterprise add additional owners, Administrator and Read-only.
 */
export const PLAN_ROLES: Record<PlanId, readonly MemberRole[]> = {
  free: ['Owner', 'Developer'],
  pro: ['Owner', 'Developer'],
  team: ['Owner', 'Administrator', 'Developer', 'Read-only'],
  enterprise: ['Owner', 'Administrator', 'Developer', 'Read-only'],
};
/** Plans on which an organization may have more than one Owner ("additional owners", 001 §6). */
export const PLAN_ALLOWS_ADDITIONAL_OWNERS: Record<PlanId, boolean> = { free: false, pro: false, team: true, enterprise: true };

export function rolesForPlan(plan: PlanId): readonly MemberRole[] {
  return PLAN_ROLES[plan];
}

/** A plan's rank, to tell an upgrade from a downgrade. */
export const planRank = (plan: PlanId): number => PLAN_IDS.indexOf(plan);

/** Why a plan change is refused: the limit of the target plan the organization is over. */
export const PLAN_CHANGE_BLOCKERS = ['projects', 'upload_size', 'member_roles', 'contact_sales'] as const;
export const PlanChangeBlockerSchema = z.object({ limit: z.enum(PLAN_CHANGE_BLOCKERS), message: z.string() });
export type PlanChangeBlocker = z.infer<typeof PlanChangeBlockerSchema>;

const PlanFactSchema = z.union([z.boolean(), z.string()]);
/** One line of the comparison table that differs between the current plan and the target. */
export const PlanChangeLineSchema = z.object({ section: z.string(), title: z.string(), from: PlanFactSchema, to: PlanFactSchema });
export type PlanChangeLine = z.infer<typeof PlanChangeLineSchema>;

/**
 * The preview of a plan change: the differences, the prorated amount of this billing period (the
 * price difference times the share of the period left; negative is a credit on the next invoice),
 * and the blockers (an empty list: the change can be made).
 */
export const PlanChangePreviewSchema = z.object({
  from: PlanIdSchema,
  to: PlanIdSchema,
  period_start: z.string(),
  period_end: z.string(),
  /** Share of the billing period still to run, 0 to 1. */
  remaining_fraction: z.number(),
  prorated_amount_cents: z.number(),
  changes: z.array(PlanChangeLineSchema),
  blockers: z.array(PlanChangeBlockerSchema),
});
export type PlanChangePreview = z.infer<typeof PlanChangePreviewSchema>;

/** Whether subscription changes are open on this platform (an operator's switch). */
export const BillingStatusSchema = z.object({ subscription_changes_disabled: z.boolean() });
export type BillingStatus = z.infer<typeof BillingStatusSchema>;

/** The member roles offered by an organization's plan. */
export const PlanRolesSchema = z.object({ plan: PlanIdSchema, roles: z.array(MemberRoleSchema), additional_owners: z.boolean() });
export type PlanRoles = z.infer<typeof PlanRolesSchema>;

/** Prorated amount of a change from one monthly price to another with `remaining` of the period left, in whole cents. */
export function proratedCents(from: PlanId, to: PlanId, remaining: number): number {
  const a = PLAN_MONTHLY_PRICE_CENTS[from] ?? 0;
  const b = PLAN_MONTHLY_PRICE_CENTS[to] ?? 0;
  return Math.round((b - a) * Math.min(1, Math.max(0, remaining)));
}

/** "$12.34", "-$3.00" from cents. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  return `${sign}$${(Math.abs(cents) / 100).toFixed(2)}`;
}

/** The calendar month (UTC) holding `at`: the billing period. */
export function billingPeriod(at: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { start, end };
}

export function createSubscriptionClient(http: Http) {
  const org = (slug: string) => `/platform/organizations/${encodeURIComponent(slug)}`;
  return {
    getBillingStatus: () => http('GET', '/platform/billing/status', { schema: BillingStatusSchema }),
    previewPlanChange: (slug: string, plan: PlanId) => http('GET', `${org(slug)}/subscription/preview`, { query: { plan }, schema: PlanChangePreviewSchema }),
    getPlanRoles: (slug: string) => http('GET', `${org(slug)}/roles`, { schema: PlanRolesSchema }),
    /** Leaves the organization (the caller's own membership). */
    leaveOrganization: (slug: string) => http('DELETE', `${org(slug)}/members/me`),
  };
}
export type SubscriptionClient = ReturnType<typeof createSubscriptionClient>;
