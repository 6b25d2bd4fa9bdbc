import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PERMISSIONS, ResourceWarningListSchema } from '@plinth/shared-contracts';
import { OrganizationUsageSchema, UsageDailySchema, PLAN_COMPARISON, PLAN_TIERS, PlansAnswerSchema, ProjectUsageSchema, SubscriptionSchema, UpdateSubscriptionBodySchema } from '@plinth/contracts-billing';
import type { RouteModule } from '@plinth/platform-core/deps';
import { RefParamsSchema } from '@plinth/platform-core/common/http';
import { HttpError } from '@plinth/platform-core/deps';
import { SubscriptionService } from '../billing/service';
import { usageDaily } from './daily';

const SlugParams = z.object({ slug: z.string().min(1).max(64) });
const DailyQuery = z.object({ projectRef: z.string().min(1).max(64).optional() });

/** Usage, resource warnings, plans and subscriptions. */
export const usageRoutes: RouteModule = (app, deps) => {
  const { usage, access } = deps.services;
  const subscriptions = new SubscriptionService(deps.control, access);
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

  r.get('/platform/organizations/:slug/usage/daily', { schema: { tags: ['usage'], params: SlugParams, querystring: DailyQuery, response: { 200: UsageDailySchema } } }, async (req) => {
    const a = await access.requireOrgAccess(req, req.params.slug, PERMISSIONS.BILLING_READ, 'read usage');
    const projects = await deps.control.query<{ ref: string }>('select ref from projects where organization_id = $1 order by id', [a.organization.id]);
    const ref = req.query.projectRef ?? null;
    const refs = projects.rows.map((p) => p.ref);
    if (ref && !refs.includes(ref)) throw new HttpError(404, `Project not found in this organization: ${ref}`, 'PROJECT_NOT_FOUND');
    // Counts recorded but not yet written are written first, so today's bar holds every call answered.
    await app.logStore.usage.flush();
    return usageDaily(deps.control, app.logStore.db, a.organization.slug, ref, ref ? [ref] : refs);
  });

  r.get('/platform/projects-resource-warnings', { schema: { tags: ['usage'], response: { 200: ResourceWarningListSchema } } }, async (req) => {
    const user = await access.requireUser(req);
    return usage.resourceWarnings(user.id);
  });

  r.get('/platform/plans', { schema: { tags: ['billing'], response: { 200: PlansAnswerSchema } } }, async () => ({ plans: [...PLAN_TIERS], comparison: [...PLAN_COMPARISON] }));

  r.get('/platform/organizations/:slug/subscription', { schema: { tags: ['billing'], params: SlugParams, response: { 200: SubscriptionSchema } } }, async (req) => {
    await access.requireOrgAccess(req, req.params.slug, PERMISSIONS.BILLING_READ, 'read the subscription');
    return subscriptions.subscription((await access.organization(req.params.slug))!);
  });

  r.patch('/platform/organizations/:slug/subscription', { schema: { tags: ['billing'], params: SlugParams, body: UpdateSubscriptionBodySchema, response: { 200: SubscriptionSchema } } }, async (req) => {
    const a = await access.requireOrgAccess(req, req.params.slug, PERMISSIONS.BILLING_WRITE_SUBSCRIPTIONS, 'amend subscriptions');
    const org = (await access.organization(req.params.slug))!;
    return subscriptions.change(org, a.user.id, req.body.plan, req.body.usage_billing_enabled);
  });
};
