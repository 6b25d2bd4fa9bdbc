import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccessTokenListSchema,
  ChangeEmailBodySchema,
  ChangePasswordBodySchema,
  ConfirmEmailChangeBodySchema,
  CreateAccessTokenBodySchema,
  CreatedAccessTokenSchema,
  EmailChangeRequestedSchema,
} from '@plinth/contracts-billing';
import { HttpError, type RouteModule } from '@plinth/platform-core/deps';
import type { FastifyRequest } from 'fastify';
import { assertWithinLimits } from '@plinth/platform-core/rate-limit';
import { AccountSettingsService, createAccountMailer } from './account-settings';

const TokenParams = z.object({ id: z.string().min(1).max(64) });

/** Access tokens, the e-mail change and the password change: the account pages' own calls (issue 26). */
export const accountSettingsRoutes: RouteModule = (app, deps) => {
  const { access, accounts, config } = deps.services;
  const mailer = createAccountMailer(deps.control, process.env.PLINTH_SMTP_URL || null, process.env.PLINTH_SMTP_FROM || 'Plinth <no-reply@localhost>');
  const settings = new AccountSettingsService(deps.control, access, mailer);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  /** A signed-in console session (its cookie): an access token cannot make tokens or change the e-mail address or password. */
  const consoleSession = async (req: FastifyRequest) => {
    const user = await access.requireUser(req);
    const s = (await access.session(req))!;
    if (s.via === 'access_token') throw new HttpError(403, 'An access token cannot manage access tokens, the e-mail address or the password: sign in to the console', 'CONSOLE_SESSION_REQUIRED');
    return { user, tokenHash: s.tokenHash };
  };

  r.get('/platform/profile/access-tokens', { schema: { tags, response: { 200: AccessTokenListSchema } } }, async (req) => {
    const { user } = await consoleSession(req);
    return settings.listTokens(user.id);
  });

  r.post('/platform/profile/access-tokens', { schema: { tags, body: CreateAccessTokenBodySchema, response: { 201: CreatedAccessTokenSchema } } }, async (req, reply) => {
    const { user } = await consoleSession(req);
    return reply.code(201).send(await settings.createToken(user.id, req.body));
  });

  r.delete('/platform/profile/access-tokens/:id', { schema: { tags, params: TokenParams } }, async (req, reply) => {
    const { user } = await consoleSession(req);
    await settings.revokeToken(user.id, req.params.id);
    return reply.code(204).send();
  });

  r.post('/platform/profile/email', { schema: { tags, body: ChangeEmailBodySchema, response: { 200: EmailChangeRequestedSchema } } }, async (req) => {
    const { user } = await consoleSession(req);
    const base = config.publicUrl?.replace(/\/$/, '') ?? `${req.protocol}://${req.headers.host ?? 'localhost'}`;
    return settings.requestEmailChange(user.id, req.body.email, base);
  });

  r.post('/platform/profile/email/confirm', { schema: { tags, body: ConfirmEmailChangeBodySchema, response: { 200: z.object({ primary_email: z.string() }) } } }, async (req) => {
    const { user } = await consoleSession(req);
    return settings.confirmEmailChange(user.id, req.body.token);
  });

  r.post('/platform/profile/password', { schema: { tags, body: ChangePasswordBodySchema } }, async (req, reply) => {
    const { user, tokenHash } = await consoleSession(req);
    // Wrong current passwords count as failed sign-ins of this address.
    const { signInPerEmail } = accounts.limits;
    const key = `${user.email}|${req.ip}`;
    await assertWithinLimits([[signInPerEmail, key]], 'failed sign-in attempts');
    try {
      await settings.changePassword(user.id, req.body, tokenHash);
    } catch (e) {
      if (e instanceof HttpError && e.code === 'INVALID_CURRENT_PASSWORD') await signInPerEmail.record(key);
      throw e;
    }
    return reply.code(204).send();
  });
};
