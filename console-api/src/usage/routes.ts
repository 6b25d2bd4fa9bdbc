import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PERMISSIONS, ResourceWarningListSchema, type PlanId } from '@plinth/shared-contracts';
import { OrganizationUsageSchema, PLAN_COMPARISON, PLAN_NAMES, PLAN_TIERS, PlansAnswerSchema, ProjectUsageSchema, SubscriptionSchema, UpdateSubscriptionBodySchema } from '@plinth/contracts-billing';
import type { RouteModule } from '@plinth/platform-core/deps';
import { RefParamsSchema } from '@plinth/platform-core/common/http';

const SlugParams = z.object({ slug: z.string().min(1).max(64) });

/** Usage, resource warnings, plans and subscriptions. */
export const usageRoutes: RouteModule = (app, deps) => {
  const { usage, access } = deps.services;
  const { control } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/platform/projects/:ref/usage', { schema: { tags: ['usage'], params: RefParamsSchema, response: { 200: ProjectUsageSchema } } }, async (req) => {
    await access.requireProjectAccess(req, req.params.ref, PERMISSIONS.BILLING_READ, 'read usage');
    return usage.projectUsage(req.params.ref);
  });

  r.get('/platform/organizations/:slug/usage', { schema: { tags: ['usage'], params: SlugParams, response: { 200: OrganizationUsageSchema } } }, async (req) => {
    await access.requireOrgAccess(req, req.params.slug, PERMISSIONS.BILLING_READ, 'read usage');
    const org = (await access.organization(req.params.slug))!;
    return usage.organizationUsage(org);
  });

  r.get('/platform/projects-resource-warnings', { schema: { tags: ['usage'], response: { 200: ResourceWarningListSchema } } }, async (req) => {
    const user = await access.requireUser(req);
    return usage.resourceWarnings(user.id);
  });

  r.get('/platform/plans', { schema: { tags: ['billing'], response: { 200: PlansAnswerSchema } } }, async () => ({ plans: [...PLAN_TIERS], comparison: [...PLAN_COMPARISON] }));

  r.get('/platform/organizations/:slug/subscription', { schema: { tags: ['billing'], params: SlugParams, response: { 200: SubscriptionSchema } } }, async (req) => {
    await access.requireOrgAccess(req, req.params.slug, PERMISSIONS.BILLING_READ, 'read the subscription');
    const org = (await access.organization(req.params.slug))!;
    return { plan: { id: org.plan as PlanId, name: PLAN_NAMES[org.plan as PlanId] }, usage_billing_enabled: org.usageBillingEnabled };
  });

  r.patch('/platform/organizations/:slug/subscription', { schema: { tags: ['billing'], params: SlugParams, body: UpdateSubscriptionBodySchema, response: { 200: SubscriptionSchema } } }, async (req) => {
    await access.requireOrgAccess(req, req.params.slug, PERMISSIONS.BILLING_WRITE_SUBSCRIPTIONS, 'amend subscriptions');
    const billing = req.body.usage_billing_enabled ?? (req.body.plan !== 'free' && req.body.plan !== 'pro');
    await control.query('update organizations set plan = $1, usage_billing_enabled = $2 where slug = $3', [req.body.plan, billing, req.params.slug]);
    access.invalidateOrganization(req.params.slug);
    return { plan: { id: req.body.plan, name: PLAN_NAMES[req.body.plan] }, usage_billing_enabled: billing };
  });
};
