import { PERMISSIONS } from '@plinth/shared-contracts';
import { AddonChangeBodySchema, AddonVariantIdSchema, ProjectAddonsSchema } from '@plinth/contracts-billing';
import * as z from '@plinth/shared-contracts/zod';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteModule } from '@plinth/platform-core/deps';
import { projectRef, RefParamsSchema } from '@plinth/platform-core/common/http';
import { projectAddons, removeAddon, selectAddon, type AddonProject } from './store';

/**
 * Project add-ons (issue 24): GET the selected add-ons, every kind's options with prices and the
 * plan's rule; POST selects (or changes) one; DELETE …/{variant} removes it. Reads need access to
 * the project, writes the billing write permission on subscriptions (001 §6). A plan that cannot
 * have the add-on is refused with a message naming the plan.
 */
export const addonRoutes: RouteModule = (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/platform/projects/:ref/billing/addons';
  const VariantParamsSchema = z.object({ ref: projectRef, variant: AddonVariantIdSchema });

  const access = async (req: FastifyRequest, ref: string, permission?: string): Promise<AddonProject> => {
    const a = permission ? await deps.requireProjectAccess(req, ref, permission) : await deps.requireProjectAccess(req, ref);
    return { id: a.project.id, ref: a.project.ref, organizationId: a.project.organizationId };
  };

  app.get(base, { schema: { params: RefParamsSchema, response: { 200: ProjectAddonsSchema } } }, async (req) => {
    return projectAddons(deps.control, await access(req, req.params.ref));
  });

  app.post(base, { schema: { params: RefParamsSchema, body: AddonChangeBodySchema, response: { 200: ProjectAddonsSchema } } }, async (req) => {
    const project = await access(req, req.params.ref, PERMISSIONS.BILLING_WRITE_SUBSCRIPTIONS);
    await selectAddon(deps.control, project, req.body.addon_variant);
    return projectAddons(deps.control, project);
  });

  app.delete(`${base}/:variant`, { schema: { params: VariantParamsSchema, response: { 200: ProjectAddonsSchema } } }, async (req) => {
    const project = await access(req, req.params.ref, PERMISSIONS.BILLING_WRITE_SUBSCRIPTIONS);
    const kind = await removeAddon(deps.control, project, req.params.variant);
    if (kind === 'custom_domain') {
      // Without the add-on the project may not keep a custom domain: it stops being served at once.
      await deps.control.query('delete from custom_hostnames where project_ref = $1', [project.ref]);
      await fastify.plinth?.customHosts.refresh();
    }
    return projectAddons(deps.control, project);
  });
};
