import { randomBytes, randomUUID } from 'node:crypto';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreatedOAuthAppSchema, CreateOAuthAppBodySchema, OAuthAppListSchema, type CreatedOAuthApp, type CreateOAuthAppBody, type OAuthApp } from '@plinth/contracts-billing';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { HttpError, type ControlDatabase, type RouteModule } from '@plinth/platform-core/deps';
import { hashToken } from '@plinth/platform-core/access';
import { featureFlagGuard } from '../feature-flags';

export const OAUTH_CLIENT_SECRET_PREFIX = 'plinth_oas_';
export const MAX_OAUTH_APPS = 50;

interface Row {
  id: string;
  name: string;
  client_id: string;
  redirect_uris: string[];
  created_at: Date | string;
  created_by: string | null;
}

const toApp = (r: Row): OAuthApp => ({ id: r.id, name: r.name, client_id: r.client_id, redirect_uris: r.redirect_uris, created_at: new Date(r.created_at).toISOString(), created_by: r.created_by });

/** An organization's OAuth apps: the client secret is shown once, at registration, and kept as its SHA-256. */
export class OAuthAppsService {
  constructor(private readonly control: Pick<ControlDatabase, 'query'>) {}

  async list(orgId: number): Promise<OAuthApp[]> {
    const r = await this.control.query<Row>(
      `select a.id, a.name, a.client_id, a.redirect_uris, a.created_at, u.email as created_by
         from oauth_apps a left join users u on u.id = a.created_by where a.organization_id = $1 order by a.created_at, a.id`,
      [orgId],
    );
    return r.rows.map(toApp);
  }

  async create(orgId: number, userId: string, body: CreateOAuthAppBody): Promise<CreatedOAuthApp> {
    const n = await this.control.query<{ n: number }>('select count(*)::int as n from oauth_apps where organization_id = $1', [orgId]);
    if ((n.rows[0]?.n ?? 0) >= MAX_OAUTH_APPS) throw new HttpError(409, `An organization can register at most ${MAX_OAUTH_APPS} OAuth apps: revoke one first`, 'OAUTH_APP_LIMIT');
    const id = randomUUID();
    const clientId = randomUUID();
    const secret = `${OAUTH_CLIENT_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
    const uris = [...new Set(body.redirect_uris)];
    await this.control.query(
      'insert into oauth_apps (id, organization_id, name, client_id, client_secret_hash, redirect_uris, created_by) values ($1, $2, $3, $4, $5, $6, $7)',
      [id, orgId, body.name.trim(), clientId, hashToken(secret), uris, userId],
    );
    const app = (await this.list(orgId)).find((a) => a.id === id)!;
    return { ...app, client_secret: secret };
  }

  async revoke(orgId: number, id: string): Promise<void> {
    const r = await this.control.query('delete from oauth_apps where organization_id = $1 and id = $2 returning id', [orgId, id]);
    if (!r.rows.length) throw new HttpError(404, `OAuth app not found: ${id}`, 'OAUTH_APP_NOT_FOUND');
  }

  /** Whether `secret` is the client secret of the app `clientId` (for the authorization server's token endpoint). */
  async verifySecret(clientId: string, secret: string): Promise<boolean> {
    const r = await this.control.query<{ client_secret_hash: string }>('select client_secret_hash from oauth_apps where client_id = $1', [clientId]);
    return r.rows[0]?.client_secret_hash === hashToken(secret);
  }
}

const SlugParams = z.object({ slug: z.string().min(1).max(64) });
const AppParams = SlugParams.extend({ id: z.string().min(1).max(64) });
const FLAG_OFF = 'OAuth apps are not enabled for this organization';

/** OAuth apps of an organization (behind the oauth_apps feature flag); registering and revoking need members write. */
export const oauthAppRoutes: RouteModule = (app, deps) => {
  const { access } = deps.services;
  const apps = new OAuthAppsService(deps.control);
  const requireFlag = featureFlagGuard(deps.control);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['organizations'];
  const orgOf = (a: { organization: { id: number; slug: string } }) => ({ organizationId: a.organization.id, organizationSlug: a.organization.slug });

  r.get('/platform/organizations/:slug/oauth-apps', { schema: { tags, params: SlugParams, response: { 200: OAuthAppListSchema } } }, async (req) => {
    const a = await access.requireOrgAccess(req, req.params.slug);
    await requireFlag(orgOf(a), 'oauth_apps', FLAG_OFF);
    return apps.list(a.organization.id);
  });

  r.post('/platform/organizations/:slug/oauth-apps', { schema: { tags, params: SlugParams, body: CreateOAuthAppBodySchema, response: { 201: CreatedOAuthAppSchema } } }, async (req, reply) => {
    const a = await access.requireOrgAccess(req, req.params.slug, PERMISSIONS.MEMBERS_WRITE, 'register OAuth apps');
    await requireFlag(orgOf(a), 'oauth_apps', FLAG_OFF);
    return reply.code(201).send(await apps.create(a.organization.id, a.user.id, req.body));
  });

  r.delete('/platform/organizations/:slug/oauth-apps/:id', { schema: { tags, params: AppParams } }, async (req, reply) => {
    const a = await access.requireOrgAccess(req, req.params.slug, PERMISSIONS.MEMBERS_WRITE, 'revoke OAuth apps');
    await requireFlag(orgOf(a), 'oauth_apps', FLAG_OFF);
    await apps.revoke(a.organization.id, req.params.id);
    return reply.code(204).send();
  });
};
