import { PERMISSIONS } from '@plinth/shared-contracts';
import { AUTH_TEMPLATES, AuthInviteSchema, AuthProvidersSchema, AuthProvidersUpdateSchema, AuthTemplateListSchema, AuthTemplateParamsSchema, AuthTemplateSchema, AuthTemplateUpdateSchema, AuthUrlConfigSchema, AuthUserBanSchema, AuthUserCreateSchema, AuthUserIdParamsSchema, AuthUserListQuerySchema, AuthUserPageSchema, AuthUserSchema, type AuthProviders } from '@plinth/contracts-auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError, type ApiDeps, type RouteModule } from '@plinth/platform-core/deps';
import { adminCreateUser, adminDeleteUser, adminUpdateUser } from '@plinth/project-services';
import { sendEmailLink } from '@plinth/project-services';
import { invite } from '@plinth/project-services';
import { listOutbox } from '@plinth/project-services';
import { readOAuthProviders, writeOAuthProviders } from '@plinth/project-services';
import { readProjectAuthSettings, writeProjectAuthSettings } from '@plinth/project-services';
import { readTemplates, writeTemplate } from '@plinth/project-services';
import { isBanned, isUuid, listUsers, userById } from '@plinth/project-services';
import { RefParamsSchema } from '@plinth/platform-core/common/http';
import { asHttpError, consoleAuth, consoleUser } from './context';

// The console's routes for a project's auth service (issue 11): users, providers, email templates
// and URL configuration, under /platform/auth/{ref}. Reading needs SQL admin read; changing users
// tenant SQL admin write (as the SQL editor could); changing the service's settings projects write.

const base = '/platform/auth/:ref';
/** "Banned until unbanned": the auth service's longest usual ban. */
const FOREVER = '876000h';

async function providersOf(deps: ApiDeps, ref: string): Promise<AuthProviders> {
  const s = await readProjectAuthSettings(deps.control, ref);
  return {
    email: { sign_ups_allowed: s.signUpsAllowed, confirmation_required: s.emailConfirmationRequired, min_password_length: s.minPasswordLength },
    oauth: await readOAuthProviders(deps.control, ref),
  };
}

export const authUsersRoutes: RouteModule = (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = consoleAuth(deps);

  // Emails of the project's auth service kept while no SMTP server is set.
  app.get('/platform/projects/:ref/auth/outbox', { schema: { params: RefParamsSchema, tags: ['auth'], summary: 'Emails of the project auth service kept while no SMTP server is set' } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.SERVICE_API_KEYS_READ);
    return { emails: await listOutbox(deps.control, access.project.ref) };
  });
  const ctxFor = async (req: FastifyRequest, ref: string, permission: string) => {
    const access = await deps.requireProjectAccess(req, ref, permission);
    return auth(req, access.project.ref);
  };
  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      throw asHttpError(err);
    }
  };
  const found = async (ctx: Awaited<ReturnType<typeof ctxFor>>, id: string) => {
    const user = isUuid(id) ? await userById(ctx.db, id) : null;
    if (!user) throw new HttpError(404, 'User not found');
    return user;
  };

  app.get(`${base}/users`, { schema: { params: RefParamsSchema, querystring: AuthUserListQuerySchema, response: { 200: AuthUserPageSchema } } }, async (req) => {
    const ctx = await ctxFor(req, req.params.ref, PERMISSIONS.SQL_ADMIN_READ);
    const search = req.query.search?.trim() || null;
    const page = await listUsers(ctx.db, req.query.page, req.query.per_page, search);
    return { users: page.users.map(consoleUser), total: page.total };
  });

  app.get(`${base}/users/:id`, { schema: { params: AuthUserIdParamsSchema, response: { 200: AuthUserSchema } } }, async (req) => {
    const ctx = await ctxFor(req, req.params.ref, PERMISSIONS.SQL_ADMIN_READ);
    return consoleUser(await found(ctx, req.params.id));
  });

  app.post(`${base}/users`, { schema: { params: RefParamsSchema, body: AuthUserCreateSchema, response: { 200: AuthUserSchema } } }, async (req) => {
    const ctx = await ctxFor(req, req.params.ref, PERMISSIONS.TENANT_SQL_ADMIN_WRITE);
    return run(async () => {
      const made = await adminCreateUser(ctx, { email: req.body.email, password: req.body.password, email_confirm: req.body.auto_confirm });
      let user = await found(ctx, made.id);
      // Not confirmed at once: the user is sent the sign-up confirmation.
      if (!req.body.auto_confirm) user = await sendEmailLink(ctx, user, 'signup', ctx.settings.siteUrl);
      return consoleUser(user);
    });
  });

  app.post(`${base}/invite`, { schema: { params: RefParamsSchema, body: AuthInviteSchema, response: { 200: AuthUserSchema } } }, async (req) => {
    const ctx = await ctxFor(req, req.params.ref, PERMISSIONS.TENANT_SQL_ADMIN_WRITE);
    return run(async () => consoleUser(await invite(ctx, { email: req.body.email }, undefined)));
  });

  app.post(`${base}/users/:id/recovery`, { schema: { params: AuthUserIdParamsSchema, response: { 200: AuthUserSchema } } }, async (req) => {
    const ctx = await ctxFor(req, req.params.ref, PERMISSIONS.TENANT_SQL_ADMIN_WRITE);
    const user = await found(ctx, req.params.id);
    if (!user.email) throw new HttpError(400, 'This user has no email address to send a recovery to', 'NO_EMAIL');
    if (isBanned(user)) throw new HttpError(409, 'This user is banned: unban them before sending a password recovery', 'USER_BANNED');
    return run(async () => consoleUser(await sendEmailLink(ctx, user, 'recovery', ctx.settings.siteUrl)));
  });

  app.patch(`${base}/users/:id`, { schema: { params: AuthUserIdParamsSchema, body: AuthUserBanSchema, response: { 200: AuthUserSchema } } }, async (req) => {
    const ctx = await ctxFor(req, req.params.ref, PERMISSIONS.TENANT_SQL_ADMIN_WRITE);
    const user = await found(ctx, req.params.id);
    return run(async () => {
      await adminUpdateUser(ctx, user.id, { ban_duration: req.body.banned ? FOREVER : 'none' });
      return consoleUser(await found(ctx, user.id));
    });
  });

  app.delete(`${base}/users/:id`, { schema: { params: AuthUserIdParamsSchema } }, async (req, reply) => {
    const ctx = await ctxFor(req, req.params.ref, PERMISSIONS.TENANT_SQL_ADMIN_WRITE);
    const user = await found(ctx, req.params.id);
    await run(() => adminDeleteUser(ctx, user.id));
    return reply.code(204).send();
  });

  app.get(`${base}/providers`, { schema: { params: RefParamsSchema, response: { 200: AuthProvidersSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.SQL_ADMIN_READ);
    return providersOf(deps, access.project.ref);
  });

  app.patch(`${base}/providers`, { schema: { params: RefParamsSchema, body: AuthProvidersUpdateSchema, response: { 200: AuthProvidersSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.PROJECTS_WRITE);
    const ref = access.project.ref;
    const oauth = req.body.oauth ?? {};
    const current = new Map((await readOAuthProviders(deps.control, ref)).map((p) => [p.id, p]));
    for (const [id, change] of Object.entries(oauth)) {
      const now = current.get(id as never)!;
      if (!(change.enabled ?? now.enabled)) continue;
      if (!(change.client_id ?? now.client_id)) throw new HttpError(400, `oauth.${id}.client_id: enter the client id to enable this provider`, 'VALIDATION', `oauth.${id}.client_id`);
      if (!change.secret && !now.secret_set) throw new HttpError(400, `oauth.${id}.secret: enter the client secret to enable this provider`, 'VALIDATION', `oauth.${id}.secret`);
    }
    const email = req.body.email ?? {};
    await writeProjectAuthSettings(deps.control, ref, {
      ...(email.sign_ups_allowed !== undefined ? { signUpsAllowed: email.sign_ups_allowed } : {}),
      ...(email.confirmation_required !== undefined ? { emailConfirmationRequired: email.confirmation_required } : {}),
      ...(email.min_password_length !== undefined ? { minPasswordLength: email.min_password_length } : {}),
    });
    await writeOAuthProviders(deps.control, ref, oauth);
    return providersOf(deps, ref);
  });

  app.get(`${base}/templates`, { schema: { params: RefParamsSchema, response: { 200: AuthTemplateListSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.SQL_ADMIN_READ);
    return { templates: await readTemplates(deps.control, access.project.ref, AUTH_TEMPLATES.map((t) => t.kind)) };
  });

  app.put(`${base}/templates/:kind`, { schema: { params: AuthTemplateParamsSchema, body: AuthTemplateUpdateSchema, response: { 200: AuthTemplateSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.PROJECTS_WRITE);
    return writeTemplate(deps.control, access.project.ref, req.params.kind, req.body.subject, req.body.body);
  });

  app.get(`${base}/url-config`, { schema: { params: RefParamsSchema, response: { 200: AuthUrlConfigSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.SQL_ADMIN_READ);
    const s = await readProjectAuthSettings(deps.control, access.project.ref);
    return { site_url: s.siteUrl, redirect_urls: s.redirectAllowList };
  });

  app.put(`${base}/url-config`, { schema: { params: RefParamsSchema, body: AuthUrlConfigSchema, response: { 200: AuthUrlConfigSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.PROJECTS_WRITE);
    const redirectAllowList = [...new Set(req.body.redirect_urls.filter(Boolean))];
    const s = await writeProjectAuthSettings(deps.control, access.project.ref, { siteUrl: req.body.site_url, redirectAllowList });
    return { site_url: s.siteUrl, redirect_urls: s.redirectAllowList };
  });
};
