import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OrganizationRolesSchema, PERMISSIONS, PLAN_IDS, type PlanId } from '@plinth/shared-contracts';
import { BillingStatusSchema, InvoiceListSchema, InvoiceSchema, PlanChangePreviewSchema } from '@plinth/contracts-billing';
import type { RouteModule } from '@plinth/platform-core/deps';
import { SubscriptionService, subscriptionChangesDisabled } from './service';
import { InvoicesService } from './invoices';
import { invoicePdf } from './invoice-pdf';
import { paymentProviderFromEnv } from './payments';
import { InactivityPauser } from './inactivity';
import { organizationRoles } from '../organizations/roles';

/** How often the invoice job looks for ended periods (PLINTH_INVOICE_JOB_MS; an hour by default). */
const INVOICE_JOB_MS = Number(process.env.PLINTH_INVOICE_JOB_MS) || 3_600_000;
/** How often free projects idle for a week are looked for and paused (PLINTH_INACTIVITY_JOB_MS; an hour by default). */
const INACTIVITY_JOB_MS = Number(process.env.PLINTH_INACTIVITY_JOB_MS) || 3_600_000;

const SlugParams = z.object({ slug: z.string().min(1).max(64) });
const PreviewQuery = z.object({ plan: z.enum(PLAN_IDS) });
const InvoiceParams = SlugParams.extend({ id: z.string().min(1).max(120) });

/** Plan changes (the switch, the preview), the roles each plan offers, leaving an organization, and invoices. */
export const billingRoutes: RouteModule = (app, deps) => {
  const { access, organizations, usage, projects } = deps.services;
  const subscriptions = new SubscriptionService(deps.control, access);
  const invoices = new InvoicesService(deps.control, (org) => usage.organizationUsage(org), paymentProviderFromEnv());
  // The invoice job and the free plan's inactivity rule (running free projects idle for a week are
  // paused, paid plans never are): at start (work that piled up while the platform was down) and
  // every hour after, once across instances (../jobs).
  deps.jobs.define({
    name: 'billing.invoices',
    everyMs: INVOICE_JOB_MS,
    leaseSeconds: 15 * 60,
    atStart: true,
    run: () => invoices.issueDue(),
  });
  const pauser = new InactivityPauser(deps.control, access, (rec) => projects.pause(rec), (refs) => usage.lastAppCallDays(refs));
  deps.jobs.define({
    name: 'billing.inactivity',
    everyMs: INACTIVITY_JOB_MS,
    leaseSeconds: 15 * 60,
    atStart: true,
    run: async () => {
      const paused = await pauser.run(new Date(), (message, err) => app.log.warn({ err }, message));
      if (paused.length) app.log.info({ paused: paused.map((p) => p.ref) }, 'paused free projects inactive for a week');
    },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['billing'];
  const org = async (slug: string) => (await access.organization(slug))!;

  r.get('/platform/billing/status', { schema: { tags, response: { 200: BillingStatusSchema } } }, async (req) => {
    await access.requireUser(req);
    return { subscription_changes_disabled: subscriptionChangesDisabled() };
  });

  r.get('/platform/organizations/:slug/subscription/preview', { schema: { tags, params: SlugParams, querystring: PreviewQuery, response: { 200: PlanChangePreviewSchema } } }, async (req) => {
    await access.requireOrgAccess(req, req.params.slug, PERMISSIONS.BILLING_READ, 'read the subscription');
    return subscriptions.preview(await org(req.params.slug), req.query.plan as PlanId);
  });

  r.get('/platform/organizations/:slug/roles', { schema: { tags: ['organizations'], params: SlugParams, response: { 200: OrganizationRolesSchema } } }, async (req) => {
    await access.requireOrgAccess(req, req.params.slug);
    const plan = (await org(req.params.slug)).plan as PlanId;
    return organizationRoles(plan);
  });

  r.delete('/platform/organizations/:slug/members/me', { schema: { tags: ['organizations'], params: SlugParams } }, async (req, reply) => {
    const a = await access.requireOrgAccess(req, req.params.slug);
    await organizations.leave(a.organization.id, a.user.id);
    return reply.code(204).send();
  });

  r.get('/platform/organizations/:slug/invoices', { schema: { tags, params: SlugParams, response: { 200: InvoiceListSchema } } }, async (req) => {
    await access.requireOrgAccess(req, req.params.slug, PERMISSIONS.BILLING_READ, 'read invoices');
    return invoices.list(req.params.slug);
  });

  r.get('/platform/organizations/:slug/invoices/:id', { schema: { tags, params: InvoiceParams, response: { 200: InvoiceSchema } } }, async (req) => {
    await access.requireOrgAccess(req, req.params.slug, PERMISSIONS.BILLING_READ, 'read invoices');
    return invoices.get(req.params.slug, req.params.id);
  });

  r.get('/platform/organizations/:slug/invoices/:id/pdf', { schema: { tags, params: InvoiceParams } }, async (req, reply) => {
    const a = await access.requireOrgAccess(req, req.params.slug, PERMISSIONS.BILLING_READ, 'read invoices');
    const invoice = await invoices.get(req.params.slug, req.params.id);
    const pdf = await invoicePdf(invoice, a.organization.name);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="invoice-${invoice.id.replace(/[^A-Za-z0-9_.-]/g, '_')}.pdf"`)
      .send(Buffer.from(pdf));
  });
};
