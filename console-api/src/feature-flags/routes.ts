import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FEATURE_FLAGS, FeatureFlagOverrideBodySchema, FeatureFlagsAnswerSchema, FeatureFlagsQuerySchema } from '@plinth/shared-contracts';
import { HttpError, type RouteModule } from '@plinth/platform-core/deps';
import { environmentFlags } from './environment';
import { FeatureFlagService } from './service';

const FlagParams = z.object({ flag: z.enum(FEATURE_FLAGS, { error: `flag must be one of ${FEATURE_FLAGS.join(', ')}` }) });
const OrganizationQuery = z.object({ organization: z.string({ error: 'organization is required' }).min(1, 'organization is required').max(64) });

/**
 * GET /platform/feature-flags[?organization=slug | ?project=ref]: every flag's value (the environment's, and the
 * organization's own where it set one). PUT /platform/feature-flags/{flag}?organization=slug sets or
 * (with `enabled: null`) clears the organization's value: owners and administrators only.
 */
export const featureFlagRoutes: RouteModule = (app, deps) => {
  const flags = new FeatureFlagService(deps.control, environmentFlags(process.env.PLINTH_FEATURE_FLAGS));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/platform/feature-flags', { schema: { tags: ['feature-flags'], querystring: FeatureFlagsQuerySchema, response: { 200: FeatureFlagsAnswerSchema } } }, async (req) => {
    await deps.requireUser(req);
    const { organization, project } = req.query;
    if (project) {
      const access = await deps.requireProjectAccess(req, project);
      return flags.forOrganization({ id: access.project.organizationId, slug: access.project.organizationSlug });
    }
    return flags.forOrganization(organization ? (await deps.requireOrgAccess(req, organization)).organization : null);
  });

  r.put(
    '/platform/feature-flags/:flag',
    { schema: { tags: ['feature-flags'], params: FlagParams, querystring: OrganizationQuery, body: FeatureFlagOverrideBodySchema, response: { 200: FeatureFlagsAnswerSchema } } },
    async (req) => {
      const access = await deps.requireOrgAccess(req, req.query.organization);
      if (access.role !== 'Owner' && access.role !== 'Administrator') {
        throw new HttpError(403, "Only the organization's owners and administrators can change its feature flags", 'FORBIDDEN');
      }
      await flags.set(access.organization.id, req.params.flag, req.body.enabled);
      return flags.forOrganization(access.organization);
    },
  );
};
