import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuditLogPageSchema, AUDIT_LOG_PLANS } from '@plinth/contracts-billing';
import { PERMISSIONS, type PlanId } from '@plinth/shared-contracts';
import { PLAN_NAMES } from '@plinth/contracts-billing';
import { HttpError, type RouteModule } from '@plinth/platform-core/deps';
import { AuditLogService } from './service';

const SlugParams = z.object({ slug: z.string().min(1).max(64) });
const FilterQuery = z.object({
  actor: z.string().min(1).max(64).optional(),
  action: z.string().min(1).max(300).optional(),
  from: z.string().datetime({ offset: true, message: 'from must be an ISO date and time' }).optional(),
  to: z.string().datetime({ offset: true, message: 'to must be an ISO date and time' }).optional(),
  limit: z.coerce.number().int().min(1, 'limit must be between 1 and 1000').max(1000, 'limit must be between 1 and 1000').optional(),
});

/** The organization's audit log (team and enterprise plans) and the account's own. */
export const auditRoutes: RouteModule = (app, deps) => {
  const { access } = deps.services;
  const audit = new AuditLogService(deps.control);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['audit'];

  r.get('/platform/organizations/:slug/audit', { schema: { tags, params: SlugParams, querystring: FilterQuery, response: { 200: AuditLogPageSchema } } }, async (req) => {
    const a = await access.requireOrgAccess(req, req.params.slug, PERMISSIONS.MEMBERS_WRITE, 'read the audit logs');
    const plan = ((await access.organization(req.params.slug))?.plan ?? 'free') as PlanId;
    if (!AUDIT_LOG_PLANS.includes(plan)) {
      throw new HttpError(403, `Audit logs are available on the Team and Enterprise plans: this organization is on the ${PLAN_NAMES[plan]} plan`, 'PLAN_REQUIRED');
    }
    return audit.forOrganization(a.organization.id, req.query);
  });

  r.get('/platform/profile/audit', { schema: { tags, querystring: FilterQuery, response: { 200: AuditLogPageSchema } } }, async (req) => {
    const user = await access.requireUser(req);
    return audit.forUser(user.id, req.query);
  });
};
