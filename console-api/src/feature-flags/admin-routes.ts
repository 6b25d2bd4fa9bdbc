import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FEATURE_FLAGS, type FeatureFlag } from '@plinth/shared-contracts';
import { AdminFeatureFlagsSchema, AdminFlagSettingSchema, type AdminFeatureFlags, type AdminOrganizationFlags } from '@plinth/contracts-settings';
import { HttpError, type RouteModule } from '@plinth/platform-core/deps';
import { isFeatureFlag, environmentFlags } from './environment';
import { platformAdmins, requirePlatformAdmin } from './platform-admin';
import { FeatureFlagService } from './service';

const FlagParams = z.object({ flag: z.enum(FEATURE_FLAGS, { error: `flag must be one of ${FEATURE_FLAGS.join(', ')}` }) });
const OrganizationQuery = z.object({ organization: z.string().min(1, 'organization must be an organization slug').max(64).optional() });

/**
 * The platform admins' feature flags: GET /platform/admin/feature-flags[?organization=slug] answers
 * the environment's values (deploy environment and admins' settings) and organizations' own
 * settings; PUT /platform/admin/feature-flags/{flag}[?organization=slug] sets or (null) removes the
 * environment-wide value or any organization's, member or not. Everyone else: 403.
 */
export const featureFlagAdminRoutes: RouteModule = (app, deps) => {
  const flags = new FeatureFlagService(deps.control, environmentFlags(process.env.PLINTH_FEATURE_FLAGS));
  const admins = platformAdmins(process.env.PLINTH_PLATFORM_ADMINS, deps.services.config.admin?.email);
  const r = app.withTypeProvider<ZodTypeProvider>();

  const organization = async (slug: string): Promise<{ id: number; slug: string; name: string }> => {
    const o = await deps.control.query<{ id: number; slug: string; name: string }>('select id, slug, name from organizations where slug = $1', [slug]);
    if (!o.rows[0]) throw new HttpError(404, `Organization not found: ${slug}`, 'NOT_FOUND', 'organization');
    return { ...o.rows[0], id: Number(o.rows[0].id) };
  };

  const answer = async (asked: string | undefined): Promise<AdminFeatureFlags> => {
    const environment = await flags.environmentValues();
    const rows = await deps.control.query<{ id: number; slug: string; name: string; flag: string; enabled: boolean }>(
      `select o.id, o.slug, o.name, f.flag, f.enabled from feature_flag_overrides f join organizations o on o.id = f.organization_id order by lower(o.name), o.slug, f.flag`,
    );
    const bySlug = new Map<string, AdminOrganizationFlags>();
    const entry = (o: { slug: string; name: string }) => {
      let e = bySlug.get(o.slug);
      if (!e) bySlug.set(o.slug, (e = { slug: o.slug, name: o.name, flags: { ...environment }, overrides: {} }));
      return e;
    };
    for (const row of rows.rows) {
      if (!isFeatureFlag(row.flag)) continue;
      const e = entry(row);
      e.overrides[row.flag] = row.enabled;
      e.flags[row.flag] = row.enabled;
    }
    const organizations = [...bySlug.values()];
    let one: AdminOrganizationFlags | null = null;
    if (asked) {
      const o = await organization(asked);
      one = bySlug.get(o.slug) ?? { slug: o.slug, name: o.name, flags: { ...environment }, overrides: {} };
    }
    return { deploy: flags.deploy, environment_overrides: await flags.environmentOverrides(), environment, organizations, organization: one };
  };

  r.get('/platform/admin/feature-flags', { schema: { tags: ['feature-flags'], querystring: OrganizationQuery, response: { 200: AdminFeatureFlagsSchema } } }, async (req) => {
    requirePlatformAdmin(admins, await deps.requireUser(req));
    return answer(req.query.organization);
  });

  r.put(
    '/platform/admin/feature-flags/:flag',
    { schema: { tags: ['feature-flags'], params: FlagParams, querystring: OrganizationQuery, body: AdminFlagSettingSchema, response: { 200: AdminFeatureFlagsSchema } } },
    async (req) => {
      requirePlatformAdmin(admins, await deps.requireUser(req));
      const flag: FeatureFlag = req.params.flag;
      if (req.query.organization) await flags.set((await organization(req.query.organization)).id, flag, req.body.enabled);
      else await flags.setEnvironment(flag, req.body.enabled);
      return answer(req.query.organization);
    },
  );
};
