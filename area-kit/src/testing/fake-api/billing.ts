import { type FreeProjectLimitMember, type PlanId } from '@plinth/shared-contracts';
import {
  billingPeriod,
  InvoiceSchema,
  PLAN_ALLOWS_ADDITIONAL_OWNERS,
  PLAN_COMPARISON,
  PLAN_NAMES,
  PLAN_ROLES,
  PLAN_TIERS,
  PlanChangePreviewSchema,
  proratedCents,
  type Invoice,
  type InvoiceDocumentsClient,
  type InvoicesClient,
  type PlanChangeBlocker,
  type PlanChangeLine,
  type PlansClient,
  type SubscriptionClient,
} from '@plinth/contracts-billing';
import { ME, ORGANIZATION } from '../fixtures';
import { answer, refuse, type Handlers } from './fake-client';
import type { OrganizationState } from './organization';

export interface BillingState {
  /** The operator's switch: plan changes refused with the spec message. */
  subscriptionChangesDisabled: boolean;
  /** What a change to a plan would break (the API's blockers); a change with blockers is refused with a 409. */
  planBlockers: Partial<Record<PlanId, PlanChangeBlocker[]>>;
  /** Members at their free project limit (the free-project-limit rule). */
  freeProjectLimitMembers: FreeProjectLimitMember[];
  invoices: Invoice[];
}

export const DEFAULT_BILLING_STATE = (): BillingState => ({ subscriptionChangesDisabled: false, planBlockers: {}, freeProjectLimitMembers: [], invoices: [] });

/** An invoice of the organization; by default this month's, upcoming, on the free plan. */
export function invoice(over: Partial<Invoice> = {}): Invoice {
  const { start, end } = billingPeriod(new Date());
  return answer(InvoiceSchema, {
    id: `${ORGANIZATION.slug}-${start.toISOString().slice(0, 7)}`,
    organization: ORGANIZATION.slug,
    plan: 'free',
    period_start: start.toISOString(),
    period_end: end.toISOString(),
    status: 'upcoming',
    lines: [{ kind: 'plan', description: 'Free plan', project: null, quantity: 1, unit: 'month', unit_price_cents: 0, amount_cents: 0 }],
    total_cents: 0,
    ...over,
  });
}

const changes = (from: PlanId, to: PlanId): PlanChangeLine[] =>
  PLAN_COMPARISON.flatMap((s) => s.features.filter((f) => f.plans[from] !== f.plans[to]).map((f) => ({ section: s.title, title: f.title, from: f.plans[from], to: f.plans[to] })));

/** Plans and the organization's subscription: the plan is the usage state's, so usage follows a change. */
export function plansHandlers(state: BillingState & { plan: PlanId }): Handlers<PlansClient> {
  return {
    list: () => ({ plans: [...PLAN_TIERS], comparison: [...PLAN_COMPARISON] }),
    getSubscription: () => ({ plan: { id: state.plan, name: PLAN_NAMES[state.plan] }, usage_billing_enabled: state.plan === 'team' || state.plan === 'enterprise' }),
    updateSubscription: (_slug, body) => {
      if (state.subscriptionChangesDisabled) refuse(503, 'Subscription changes are currently disabled. Our engineers are working on a fix.', 'SUBSCRIPTION_CHANGES_DISABLED');
      const blockers = state.planBlockers[body.plan] ?? [];
      if (blockers.length) refuse(409, `The organization cannot move to the ${PLAN_NAMES[body.plan]} plan. ${blockers.map((b) => b.message).join(' ')}`, 'PLAN_LIMIT');
      state.plan = body.plan;
      return { plan: { id: body.plan, name: PLAN_NAMES[body.plan] }, usage_billing_enabled: body.plan === 'team' || body.plan === 'enterprise' };
    },
  };
}

/** Previews at half the period left; the roles of the plan; leaving (the last Owner cannot). */
export function subscriptionHandlers(state: BillingState & OrganizationState & { plan: PlanId }): Handlers<SubscriptionClient> {
  return {
    getBillingStatus: () => ({ subscription_changes_disabled: state.subscriptionChangesDisabled }),
    previewPlanChange: (_slug, plan) => {
      const { start, end } = billingPeriod(new Date());
      return answer(PlanChangePreviewSchema, {
        from: state.plan,
        to: plan,
        period_start: start.toISOString(),
        period_end: end.toISOString(),
        remaining_fraction: 0.5,
        prorated_amount_cents: proratedCents(state.plan, plan, 0.5),
        changes: changes(state.plan, plan),
        blockers: state.planBlockers[plan] ?? [],
      });
    },
    getPlanRoles: () => ({ plan: state.plan, roles: [...PLAN_ROLES[state.plan]], additional_owners: PLAN_ALLOWS_ADDITIONAL_OWNERS[state.plan] }),
    leaveOrganization: () => {
      const me = state.members.find((m) => m.user_id === ME.id);
      if (me?.role === 'Owner' && !state.members.some((m) => m.role === 'Owner' && m.user_id !== ME.id)) {
        refuse(409, 'You are the last Owner of this organization: make another member an Owner before leaving', 'LAST_OWNER');
      }
      state.members = state.members.filter((m) => m.user_id !== ME.id);
      return undefined;
    },
  };
}

export function invoicesHandlers(state: BillingState): Handlers<InvoicesClient> {
  return {
    listInvoices: () => state.invoices,
    getInvoice: (_slug, id) => state.invoices.find((i) => i.id === id) ?? refuse(404, `Invoice not found: ${id}`, 'INVOICE_NOT_FOUND'),
  };
}

/** An invoice's PDF: a small document that names the invoice and its total (the real one is drawn by the API). */
export function invoiceDocumentsHandlers(state: BillingState): Handlers<InvoiceDocumentsClient> {
  return {
    downloadInvoicePdf: (_slug, id) => {
      const inv = state.invoices.find((i) => i.id === id) ?? refuse(404, `Invoice not found: ${id}`, 'INVOICE_NOT_FOUND');
      return new Blob([`%PDF-1.7\n% Invoice ${inv.id} total ${inv.total_cents}\n`], { type: 'application/pdf' });
    },
  };
}
