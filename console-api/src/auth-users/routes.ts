import { PERMISSIONS } from '@plinth/shared-contracts';
import { AUTH_SMS_OUTBOX_LIMIT, AUTH_TEMPLATES, AuthInviteSchema, AuthMfaSettingsSchema, AuthMfaSettingsUpdateSchema, AuthSmsOutboxSchema, AuthProvidersSchema, AuthProvidersUpdateSchema, AuthRateLimitsSchema, AuthRateLimitsUpdateSchema, AuthTemplateListSchema, AuthTemplateParamsSchema, AuthTemplateSchema, AuthTemplateUpdateSchema, AuthUrlConfigSchema, AuthUserBanSchema, AuthUserCreateSchema, AuthUserIdParamsSchema, AuthUserListQuerySchema, AuthUserPageSchema, AuthUserSchema, type AuthProviders } from '@plinth/contracts-auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError, type RouteModule } from '@plinth/platform-core/deps';
import type { AuthAdmin, ProjectUsersAdmin } from '@plinth/project-services';
import { RefParamsSchema } from '@plinth/platform-core/common/http';
import { asHttpError, consoleUser, originOf } from './context';

// The console's routes for a project's auth service (issue 11): users, providers, email templates,
// URL configuration, rate limits and MFA, under /platform/auth/{ref}. Reading needs SQL admin read; changing users
// tenant SQL admin write (as the SQL editor could); changing the service's settings projects write.

const base = '/platform/auth/:ref';

async function providersOf(auth: AuthAdmin, ref: string): Promise<AuthProviders> {
  const s = await auth.settings(ref);
  return {
    email: {
      sign_ups_allowed: s.signUpsAllowed,
      confirmation_required: s.emailConfirmationRequired,
      min_password_length: s.minPasswordLength,
      secure_email_change: s.secureEmailChange,
      secure_password_change: s.securePasswordChange,
    },
    oauth: await auth.providers(ref),
    anonymous_sign_ins: s.anonymousSignInsAllowed,
    phone_enabled: s.phoneEnabled,
    access_token_hook: s.accessTokenHook,
  };
}

export const authUsersRoutes: RouteModule = (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { auth } = deps.services.projectServices;

  // Emails of the project's auth service kept while no SMTP server is set.
  app.get('/platform/projects/:ref/auth/outbox', { schema: { params: RefParamsSchema, tags: ['auth'], summary: 'Emails of the project auth service kept while no SMTP server is set' } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.SERVICE_API_KEYS_READ);
    return { emails: await auth.outbox(access.project.ref) };
  });
  // Text messages of the project's auth service kept while no SMS gateway is set: the codes sign a
  // user in, so reading them needs the same right as the email outbox (the service keys').
  app.get(`${base}/sms-outbox`, { schema: { params: RefParamsSchema, response: { 200: AuthSmsOutboxSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.SERVICE_API_KEYS_READ);
    const outbox = await auth.smsOutbox(access.project.ref, AUTH_SMS_OUTBOX_LIMIT);
    return { transport: outbox.transport, messages: outbox.messages.map((m) => ({ ...m, to: `+${m.to}` })) };
  });
  const usersFor = async (req: FastifyRequest, ref: string, permission: string) => {
    const access = await deps.requireProjectAccess(req, ref, permission);
    return auth.users(access.project.ref, originOf(req));
  };
  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      throw asHttpError(auth, err);
    }
  };
  const found = async (users: ProjectUsersAdmin, id: string) => {
    const user = await users.get(id);
    if (!user) throw new HttpError(404, 'User not found');
    return user;
  };

  app.get(`${base}/users`, { schema: { params: RefParamsSchema, querystring: AuthUserListQuerySchema, response: { 200: AuthUserPageSchema } } }, async (req) => {
    const users = await usersFor(req, req.params.ref, PERMISSIONS.SQL_ADMIN_READ);
    const search = req.query.search?.trim() || null;
    const page = await users.list(req.query.page, req.query.per_page, search);
    return { users: page.users.map(consoleUser), total: page.total };
  });

  app.get(`${base}/users/:id`, { schema: { params: AuthUserIdParamsSchema, response: { 200: AuthUserSchema } } }, async (req) => {
    const users = await usersFor(req, req.params.ref, PERMISSIONS.SQL_ADMIN_READ);
    return consoleUser(await found(users, req.params.id));
  });

  app.post(`${base}/users`, { schema: { params: RefParamsSchema, body: AuthUserCreateSchema, response: { 200: AuthUserSchema } } }, async (req) => {
    const users = await usersFor(req, req.params.ref, PERMISSIONS.TENANT_SQL_ADMIN_WRITE);
    return run(async () => {
      const phone = req.body.phone || undefined;
      const made = await users.create({ email: req.body.email ?? '', phone, password: req.body.password, emailConfirm: req.body.auto_confirm });
      let user = await found(users, made.id);
      // Not confirmed at once: an email user is sent the sign-up confirmation (a phone user confirms by signing in with a code).
      if (!req.body.auto_confirm && !phone) user = await users.sendLink(user, 'signup');
      return consoleUser(user);
    });
  });

  app.post(`${base}/invite`, { schema: { params: RefParamsSchema, body: AuthInviteSchema, response: { 200: AuthUserSchema } } }, async (req) => {
    const users = await usersFor(req, req.params.ref, PERMISSIONS.TENANT_SQL_ADMIN_WRITE);
    return run(async () => consoleUser(await users.invite(req.body.email)));
  });

  app.post(`${base}/users/:id/recovery`, { schema: { params: AuthUserIdParamsSchema, response: { 200: AuthUserSchema } } }, async (req) => {
    const users = await usersFor(req, req.params.ref, PERMISSIONS.TENANT_SQL_ADMIN_WRITE);
    const user = await found(users, req.params.id);
    if (!user.email) throw new HttpError(400, 'This user has no email address to send a recovery to', 'NO_EMAIL');
    if (auth.isBanned(user)) throw new HttpError(409, 'This user is banned: unban them before sending a password recovery', 'USER_BANNED');
    return run(async () => consoleUser(await users.sendLink(user, 'recovery')));
  });

  app.patch(`${base}/users/:id`, { schema: { params: AuthUserIdParamsSchema, body: AuthUserBanSchema, response: { 200: AuthUserSchema } } }, async (req) => {
    const users = await usersFor(req, req.params.ref, PERMISSIONS.TENANT_SQL_ADMIN_WRITE);
    const user = await found(users, req.params.id);
    return run(async () => {
      await users.setBanned(user.id, req.body.banned);
      return consoleUser(await found(users, user.id));
    });
  });

  app.delete(`${base}/users/:id`, { schema: { params: AuthUserIdParamsSchema } }, async (req, reply) => {
    const users = await usersFor(req, req.params.ref, PERMISSIONS.TENANT_SQL_ADMIN_WRITE);
    const user = await found(users, req.params.id);
    await run(() => users.delete(user.id));
    return reply.code(204).send();
  });

  app.get(`${base}/providers`, { schema: { params: RefParamsSchema, response: { 200: AuthProvidersSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.SQL_ADMIN_READ);
    return providersOf(auth, access.project.ref);
  });

  app.patch(`${base}/providers`, { schema: { params: RefParamsSchema, body: AuthProvidersUpdateSchema, response: { 200: AuthProvidersSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.PROJECTS_WRITE);
    const ref = access.project.ref;
    const oauth = req.body.oauth ?? {};
    const current = new Map((await auth.providers(ref)).map((p) => [p.id, p]));
    for (const [id, change] of Object.entries(oauth)) {
      const now = current.get(id as never)!;
      if (!(change.enabled ?? now.enabled)) continue;
      if (!(change.client_id ?? now.client_id)) throw new HttpError(400, `oauth.${id}.client_id: enter the client id to enable this provider`, 'VALIDATION', `oauth.${id}.client_id`);
      if (!change.secret && !now.secret_set) throw new HttpError(400, `oauth.${id}.secret: enter the client secret to enable this provider`, 'VALIDATION', `oauth.${id}.secret`);
    }
    const email = req.body.email ?? {};
    await auth.writeSettings(ref, {
      ...(email.sign_ups_allowed !== undefined ? { signUpsAllowed: email.sign_ups_allowed } : {}),
      ...(email.confirmation_required !== undefined ? { emailConfirmationRequired: email.confirmation_required } : {}),
      ...(email.min_password_length !== undefined ? { minPasswordLength: email.min_password_length } : {}),
      ...(email.secure_email_change !== undefined ? { secureEmailChange: email.secure_email_change } : {}),
      ...(email.secure_password_change !== undefined ? { securePasswordChange: email.secure_password_change } : {}),
      ...(req.body.anonymous_sign_ins !== undefined ? { anonymousSignInsAllowed: req.body.anonymous_sign_ins } : {}),
      ...(req.body.phone_enabled !== undefined ? { phoneEnabled: req.body.phone_enabled } : {}),
      ...(req.body.access_token_hook !== undefined ? { accessTokenHook: req.body.access_token_hook || null } : {}),
    });
    await auth.writeProviders(ref, oauth);
    return providersOf(auth, ref);
  });

  app.get(`${base}/rate-limits`, { schema: { params: RefParamsSchema, response: { 200: AuthRateLimitsSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.SQL_ADMIN_READ);
    return (await auth.settings(access.project.ref)).rateLimits;
  });

  app.patch(`${base}/rate-limits`, { schema: { params: RefParamsSchema, body: AuthRateLimitsUpdateSchema, response: { 200: AuthRateLimitsSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.PROJECTS_WRITE);
    const ref = access.project.ref;
    const current = (await auth.settings(ref)).rateLimits;
    return (await auth.writeSettings(ref, { rateLimits: { ...current, ...req.body } })).rateLimits;
  });

  // Phone MFA factors (TOTP is always on): whether users may enrol them, and be challenged and verified.
  app.get(`${base}/mfa`, { schema: { params: RefParamsSchema, response: { 200: AuthMfaSettingsSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.SQL_ADMIN_READ);
    const s = await auth.settings(access.project.ref);
    return { phone_enroll_enabled: s.mfaPhoneEnrollEnabled, phone_verify_enabled: s.mfaPhoneVerifyEnabled };
  });

  app.patch(`${base}/mfa`, { schema: { params: RefParamsSchema, body: AuthMfaSettingsUpdateSchema, response: { 200: AuthMfaSettingsSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.PROJECTS_WRITE);
    const s = await auth.writeSettings(access.project.ref, {
      ...(req.body.phone_enroll_enabled !== undefined ? { mfaPhoneEnrollEnabled: req.body.phone_enroll_enabled } : {}),
      ...(req.body.phone_verify_enabled !== undefined ? { mfaPhoneVerifyEnabled: req.body.phone_verify_enabled } : {}),
    });
    return { phone_enroll_enabled: s.mfaPhoneEnrollEnabled, phone_verify_enabled: s.mfaPhoneVerifyEnabled };
  });

  app.get(`${base}/templates`, { schema: { params: RefParamsSchema, response: { 200: AuthTemplateListSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.SQL_ADMIN_READ);
    return { templates: await auth.templates(access.project.ref, AUTH_TEMPLATES.map((t) => t.kind)) };
  });

  app.put(`${base}/templates/:kind`, { schema: { params: AuthTemplateParamsSchema, body: AuthTemplateUpdateSchema, response: { 200: AuthTemplateSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.PROJECTS_WRITE);
    return auth.writeTemplate(access.project.ref, req.params.kind, req.body.subject, req.body.body);
  });

  app.get(`${base}/url-config`, { schema: { params: RefParamsSchema, response: { 200: AuthUrlConfigSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.SQL_ADMIN_READ);
    const s = await auth.settings(access.project.ref);
    return { site_url: s.siteUrl, redirect_urls: s.redirectAllowList };
  });

  app.put(`${base}/url-config`, { schema: { params: RefParamsSchema, body: AuthUrlConfigSchema, response: { 200: AuthUrlConfigSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.PROJECTS_WRITE);
    const redirectAllowList = [...new Set(req.body.redirect_urls.filter(Boolean))];
    const s = await auth.writeSettings(access.project.ref, { siteUrl: req.body.site_url, redirectAllowList });
    return { site_url: s.siteUrl, redirect_urls: s.redirectAllowList };
  });
};
