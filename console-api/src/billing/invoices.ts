import type { PlanId } from '@plinth/shared-contracts';
import {
  ADDON_KIND_NAMES,
  ADDON_PLAN_RULE,
  addonVariant,
  billingPeriod,
  COMPUTE_CENTS_PER_HOUR,
  OVERAGE_PRICES,
  PLAN_LIMITS,
  PLAN_MONTHLY_PRICE_CENTS,
  PLAN_NAMES,
  type Invoice,
  type InvoiceLine,
  type AddonVariantId,
  type OrganizationUsage,
} from '@plinth/contracts-billing';
import { HttpError, type ControlDatabase } from '@plinth/platform-core/deps';
import { noPaymentProvider, type PaymentProvider } from './payments';
import { addonHistory } from '../addons/store';

const HOUR_MS = 3_600_000;
const GIB = 1024 ** 3;

/** A span of time, in ms since the epoch, [from, to). */
interface Span {
  from: number;
  to: number;
}

/** Plan spans in the period, from the recorded changes: the plan held before the first change in it, then each change. */
export function planSpans(period: Span, orgCreated: number, currentPlan: PlanId, changes: { from_plan: PlanId; to_plan: PlanId; at: number }[]): (Span & { plan: PlanId })[] {
  const sorted = [...changes].sort((a, b) => a.at - b.at);
  const before = sorted.filter((c) => c.at <= period.from).pop();
  const firstIn = sorted.find((c) => c.at > period.from);
  let plan: PlanId = before ? before.to_plan : firstIn ? firstIn.from_plan : currentPlan;
  let from = Math.max(period.from, orgCreated);
  const spans: (Span & { plan: PlanId })[] = [];
  for (const c of sorted.filter((c) => c.at > period.from && c.at < period.to)) {
    if (c.at > from) spans.push({ plan, from, to: c.at });
    plan = c.to_plan;
    from = Math.max(from, c.at);
  }
  if (period.to > from) spans.push({ plan, from, to: period.to });
  return spans;
}

/** Running spans of a project from its status events: every status but INACTIVE runs compute. */
export function runningSpans(inserted: number, events: { status: string; at: number }[], until: number): Span[] {
  const spans: Span[] = [];
  let start: number | null = inserted;
  for (const e of [...events].sort((a, b) => a.at - b.at)) {
    if (e.status === 'INACTIVE') {
      if (start !== null && e.at > start) spans.push({ from: start, to: e.at });
      start = null;
    } else if (start === null) start = e.at;
  }
  if (start !== null && until > start) spans.push({ from: start, to: until });
  return spans;
}

function overlapMs(a: Span[], b: Span[]): number {
  let ms = 0;
  for (const x of a) for (const y of b) ms += Math.max(0, Math.min(x.to, y.to) - Math.max(x.from, y.from));
  return ms;
}

const cents = (n: number) => Math.round(n);

/** One add-on selection of a project: from its selection to its removal (null: still selected). */
export interface AddonSelection {
  project: { ref: string; name: string };
  variant: AddonVariantId;
  from: number;
  to: number | null;
}

/**
 * Add-on lines: each selection billed for the time it overlaps the period up to `until` while the
 * organization's plan buys that add-on (not while it is included or unavailable): per started hour
 * for an hourly price, for its share of the period for a monthly one. Prices from the catalogue.
 */
export function addonLines(period: Span, until: number, plans: (Span & { plan: PlanId })[], selections: AddonSelection[]): InvoiceLine[] {
  const length = period.to - period.from;
  const lines: InvoiceLine[] = [];
  for (const sel of selections) {
    const a = addonVariant(sel.variant);
    const selected = [{ from: Math.max(sel.from, period.from), to: Math.min(sel.to ?? until, until) }];
    const buying = plans.filter((p) => ADDON_PLAN_RULE[a.kind][p.plan] === 'available').map((p) => ({ from: p.from, to: Math.min(p.to, until) }));
    const ms = overlapMs(selected, buying);
    if (ms <= 0) continue;
    const description = `${ADDON_KIND_NAMES[a.kind]}${a.kind === 'compute_size' || a.kind === 'pitr' ? ` ${a.name}` : ''}, project ${sel.project.name}`;
    if (a.price_unit === 'hour') {
      const hours = Math.ceil(ms / HOUR_MS);
      lines.push({ kind: 'addon', description, project: sel.project.ref, quantity: hours, unit: 'hour', unit_price_cents: a.price_cents, amount_cents: cents(hours * a.price_cents) });
    } else {
      const share = ms / length;
      lines.push({ kind: 'addon', description, project: sel.project.ref, quantity: Number(share.toFixed(6)), unit: 'month', unit_price_cents: a.price_cents, amount_cents: cents(a.price_cents * share) });
    }
  }
  return lines;
}
const fmtDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Overage lines: usage over the plan's included amounts, at the prices of 001 §9 (paid plans with usage billing only). */
export function overageLines(plan: PlanId, usageBillingEnabled: boolean, usage: Pick<OrganizationUsage, 'db_size' | 'storage_size' | 'db_egress' | 'monthly_active_users'>): InvoiceLine[] {
  if (plan === 'free' || !usageBillingEnabled) return [];
  const limits = PLAN_LIMITS[plan];
  const lines: InvoiceLine[] = [];
  const gb = (title: string, used: number, included: number | null, pricePerGb: number) => {
    if (included === null || used <= included) return;
    const quantity = Number(((used - included) / GIB).toFixed(6));
    const unit = pricePerGb * 100;
    lines.push({ kind: 'overage', description: `${title} over ${included / GIB} GB included`, project: null, quantity, unit: 'GB', unit_price_cents: unit, amount_cents: cents(quantity * unit) });
  };
  gb('Database size', usage.db_size.usage, limits.databaseSizeBytes, OVERAGE_PRICES.databasePerGb);
  gb('Storage', usage.storage_size.usage, limits.storageBytes, OVERAGE_PRICES.storagePerGb);
  gb('Bandwidth', usage.db_egress.usage, limits.egressBytes, OVERAGE_PRICES.egressPerGb);
  const mau = usage.monthly_active_users;
  if (mau && limits.monthlyActiveUsers !== null && mau.usage > limits.monthlyActiveUsers) {
    const quantity = mau.usage - limits.monthlyActiveUsers;
    const unit = OVERAGE_PRICES.mauEach * 100;
    lines.push({ kind: 'overage', description: `Monthly active users over ${limits.monthlyActiveUsers.toLocaleString('en-US')} included`, project: null, quantity, unit: 'MAU', unit_price_cents: unit, amount_cents: cents(quantity * unit) });
  }
  return lines;
}

interface OrgRow {
  id: number;
  slug: string;
  plan: PlanId;
  usage_billing_enabled: boolean;
  created_at: string | Date;
}

/** Measures an organization's usage now (the usage service). */
export type MeasureUsage = (org: { id: number; slug: string; plan: string; usageBillingEnabled: boolean }) => Promise<OrganizationUsage>;

/**
 * Invoices per organization and billing period (the calendar month, UTC). The running period's
 * invoice is computed at each read ("upcoming"); a period that has ended is invoiced once by the
 * invoice job (`issueDue`, run at start and every hour), and kept ("issued"): its sizes are those
 * measured then. The job then asks the payment provider to collect each issued invoice; one it
 * collects becomes "paid".
 */
export class InvoicesService {
  constructor(
    private readonly control: ControlDatabase,
    private readonly measure: MeasureUsage,
    private readonly payments: PaymentProvider = noPaymentProvider,
  ) {}

  private async org(slug: string): Promise<OrgRow> {
    const r = await this.control.query<OrgRow>('select id, slug, plan, usage_billing_enabled, created_at from organizations where slug = $1', [slug]);
    if (!r.rows[0]) throw new HttpError(404, `Organization not found: ${slug}`, 'ORGANIZATION_NOT_FOUND');
    return r.rows[0];
  }

  /** The invoice of the period holding `at`, computed from what is recorded and measured now. */
  async compute(org: OrgRow, at: Date, now = new Date()): Promise<Invoice> {
    const { start, end } = billingPeriod(at);
    const period = { from: start.getTime(), to: end.getTime() };
    const length = period.to - period.from;
    const changes = await this.control.query<{ from_plan: PlanId; to_plan: PlanId; at: string | Date }>(
      'select from_plan, to_plan, at from subscription_changes where organization_id = $1 and at < $2 order by at, id',
      [org.id, end.toISOString()],
    );
    const spans = planSpans(
      period,
      new Date(org.created_at).getTime(),
      org.plan,
      changes.rows.map((c) => ({ from_plan: c.from_plan, to_plan: c.to_plan, at: new Date(c.at).getTime() })),
    );
    const lines: InvoiceLine[] = [];
    for (const s of spans) {
      const price = PLAN_MONTHLY_PRICE_CENTS[s.plan] ?? 0;
      const share = (s.to - s.from) / length;
      lines.push({
        kind: 'plan',
        description: `${PLAN_NAMES[s.plan]} plan, ${fmtDate(s.from)} to ${fmtDate(s.to - 1)}`,
        project: null,
        quantity: Number(share.toFixed(6)),
        unit: 'month',
        unit_price_cents: price,
        amount_cents: cents(price * share),
      });
    }
    // Compute: hours each project ran while the organization was on a paid plan, up to now.
    const until = Math.min(now.getTime(), period.to);
    const paid = spans.filter((s) => s.plan !== 'free').map((s) => ({ from: s.from, to: Math.min(s.to, until) }));
    if (paid.length) {
      const projects = await this.control.query<{ id: number; ref: string; name: string; inserted_at: string | Date }>(
        'select id, ref, name, inserted_at from projects where organization_id = $1 order by id',
        [org.id],
      );
      const events = await this.control.query<{ project_id: number; status: string; at: string | Date }>(
        'select e.project_id, e.status, e.at from project_status_events e join projects p on p.id = e.project_id where p.organization_id = $1 and e.at < $2 order by e.id',
        [org.id, end.toISOString()],
      );
      for (const p of projects.rows) {
        const running = runningSpans(
          new Date(p.inserted_at).getTime(),
          events.rows.filter((e) => e.project_id === p.id).map((e) => ({ status: e.status, at: new Date(e.at).getTime() })),
          until,
        );
        const hours = Math.ceil(overlapMs(running, paid) / HOUR_MS);
        if (hours > 0) {
          lines.push({ kind: 'compute', description: `Compute, project ${p.name}`, project: p.ref, quantity: hours, unit: 'hour', unit_price_cents: COMPUTE_CENTS_PER_HOUR, amount_cents: cents(hours * COMPUTE_CENTS_PER_HOUR) });
        }
      }
    }
    // Add-ons: each selection for the time the plan bought it, up to now.
    const history = await addonHistory(this.control, org.id, start, end);
    if (history.length) {
      const named = await this.control.query<{ id: number; ref: string; name: string }>('select id, ref, name from projects where organization_id = $1', [org.id]);
      const selections = history.flatMap((h) => {
        const p = named.rows.find((r) => r.id === h.projectId);
        return p ? [{ project: { ref: p.ref, name: p.name }, variant: h.variant, from: h.from, to: h.to }] : [];
      });
      lines.push(...addonLines(period, until, spans, selections));
    }
    const planAtEnd = spans.length ? spans[spans.length - 1]!.plan : org.plan;
    if (planAtEnd !== 'free') {
      const usage = await this.measure({ id: org.id, slug: org.slug, plan: planAtEnd, usageBillingEnabled: org.usage_billing_enabled });
      lines.push(...overageLines(planAtEnd, org.usage_billing_enabled, usage));
    }
    return {
      id: `${org.slug}-${start.toISOString().slice(0, 7)}`,
      organization: org.slug,
      plan: planAtEnd,
      period_start: start.toISOString(),
      period_end: end.toISOString(),
      status: end.getTime() <= now.getTime() ? 'issued' : 'upcoming',
      lines,
      total_cents: lines.reduce((n, l) => n + l.amount_cents, 0),
    };
  }

  /**
   * The invoice job: issues (once) the invoice of every ended period of every organization, then
   * asks the payment provider to collect each issued invoice. Run again, it changes nothing.
   * Answers how many invoices it issued and how many were paid.
   */
  async issueDue(now = new Date()): Promise<{ issued: number; paid: number }> {
    const orgs = await this.control.query<OrgRow>('select id, slug, plan, usage_billing_enabled, created_at from organizations order by id');
    let issued = 0;
    for (const org of orgs.rows) issued += await this.issueEnded(org, now);
    let paid = 0;
    const due = await this.control.query<{ id: string; organization_id: number }>(`select id, organization_id from invoices where status = 'issued' order by period_start, id`);
    for (const row of due.rows) {
      const slug = orgs.rows.find((o) => o.id === row.organization_id)?.slug;
      if (!slug) continue;
      const invoice = (await this.stored(row.organization_id, slug)).find((i) => i.id === row.id);
      if (!invoice) continue;
      // Nothing to collect: a zero invoice is settled without asking the provider.
      const result = invoice.total_cents <= 0 ? ({ paid: true, reference: 'no-charge' } as const) : await this.payments.collect(invoice);
      if (!result.paid) continue;
      const r = await this.control.query(`update invoices set status = 'paid', paid_at = $2, payment_reference = $3 where id = $1 and status = 'issued' returning id`, [row.id, now, result.reference]);
      paid += r.rows.length;
    }
    return { issued, paid };
  }

  /** Issues (once) the invoice of every ended period since the organization was created; answers how many it issued. */
  private async issueEnded(org: OrgRow, now: Date): Promise<number> {
    let issued = 0;
    const current = billingPeriod(now).start.getTime();
    const created = new Date(org.created_at);
    for (let at = billingPeriod(created).start; at.getTime() < current; at = billingPeriod(new Date(at.getTime() + 32 * 86_400_000)).start) {
      const have = await this.control.query('select 1 from invoices where organization_id = $1 and period_start = $2', [org.id, at.toISOString()]);
      if (have.rows.length) continue;
      const inv = await this.compute(org, at, now);
      await this.control.query(
        `insert into invoices (id, organization_id, period_start, period_end, plan, status, lines, total_cents) values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)
         on conflict (organization_id, period_start) do nothing`,
        [inv.id, org.id, inv.period_start, inv.period_end, inv.plan, inv.status, JSON.stringify(inv.lines), inv.total_cents],
      );
      issued += 1;
    }
    return issued;
  }

  /** The issued (and paid) invoices of an organization, newest first. */
  private async stored(orgId: number, slug: string): Promise<Invoice[]> {
    const stored = await this.control.query<{ id: string; plan: PlanId; period_start: string | Date; period_end: string | Date; status: Invoice['status']; lines: InvoiceLine[] | string; total_cents: number }>(
      'select id, plan, period_start, period_end, status, lines, total_cents from invoices where organization_id = $1 order by period_start desc',
      [orgId],
    );
    return stored.rows.map(
      (r): Invoice => ({
        id: r.id,
        organization: slug,
        plan: r.plan,
        period_start: new Date(r.period_start).toISOString(),
        period_end: new Date(r.period_end).toISOString(),
        status: r.status,
        lines: typeof r.lines === 'string' ? (JSON.parse(r.lines) as InvoiceLine[]) : r.lines,
        total_cents: Number(r.total_cents),
      }),
    );
  }

  /** The upcoming invoice first, then the issued ones (those the invoice job made), newest first. */
  async list(slug: string, now = new Date()): Promise<Invoice[]> {
    const org = await this.org(slug);
    return [await this.compute(org, now, now), ...(await this.stored(org.id, org.slug))];
  }

  async get(slug: string, id: string, now = new Date()): Promise<Invoice> {
    const found = (await this.list(slug, now)).find((i) => i.id === id);
    if (!found) throw new HttpError(404, `Invoice not found: ${id}`, 'INVOICE_NOT_FOUND');
    return found;
  }
}
