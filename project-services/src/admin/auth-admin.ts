import { HttpError, type ApiDeps } from '@plinth/platform-core/deps';
import { projectSecrets } from '../caller';
import { adminCreateUser, adminDeleteUser, adminUpdateUser } from '../auth/admin';
import { ProjectAuthLimits, sendEmailLink, type AuthContext } from '../auth/context';
import { invite } from '../auth/email-flows';
import { factorSecretKey } from '../auth/factor-secret';
import { AuthError } from '../auth/errors';
import { createAuthMailer, listOutbox } from '../auth/mail';
import { createAuthSmsSender, listSmsOutbox, smsConfigFromEnv } from '../auth/sms';
import { readOAuthProviders, writeOAuthProviders } from '../auth/providers';
import { readProjectAuthSettings, writeProjectAuthSettings } from '../auth/settings';
import { readTemplates, writeTemplate } from '../auth/templates';
import { isBanned, listUsers, userById } from '../auth/users';
import type { AuthAdmin, ProjectUsersAdmin } from './contracts';

/** "Banned until unbanned": the auth service's longest usual ban. */
const FOREVER = '876000h';

export type AuthAdminDeps = Pick<ApiDeps, 'control' | 'databases' | 'projectUrls'>;

/**
 * The console's AuthAdmin: the auth service's own functions, run with the service_role's rights
 * for a member the console has already checked. Its emails go through a mailer and within limits
 * of its own (the console's sends are counted apart from the apps').
 */
export function createAuthAdmin(deps: AuthAdminDeps, env: NodeJS.ProcessEnv = process.env): AuthAdmin {
  const limits = new ProjectAuthLimits(deps.control, 'console');
  const mailer = createAuthMailer(deps.control, env.PLINTH_SMTP_URL || null, env.PLINTH_SMTP_FROM || 'Plinth Auth <no-reply@localhost>');
  const sms = createAuthSmsSender(deps.control, smsConfigFromEnv(env));

  const users = (ctx: AuthContext): ProjectUsersAdmin => ({
    list: (page, perPage, search) => listUsers(ctx.db, page, perPage, search),
    get: (id) => userById(ctx.db, id),
    create: (input) =>
      adminCreateUser(ctx, input.phone ? { phone: input.phone, password: input.password, phone_confirm: input.emailConfirm } : { email: input.email, password: input.password, email_confirm: input.emailConfirm }),
    invite: (email) => invite(ctx, { email }, undefined),
    sendLink: (user, kind) => sendEmailLink(ctx, user, kind, ctx.settings.siteUrl),
    async setBanned(id, banned) {
      await adminUpdateUser(ctx, id, { ban_duration: banned ? FOREVER : 'none' });
    },
    async delete(id) {
      await adminDeleteUser(ctx, id);
    },
  });

  return {
    async users(ref, origin) {
      const secrets = await projectSecrets(deps.control, ref);
      if (!secrets) throw new HttpError(404, 'Project not found');
      return users({
        ref,
        db: await deps.databases.get(ref),
        settings: await readProjectAuthSettings(deps.control, ref),
        secrets,
        caller: { ref, role: 'service_role', claims: { role: 'service_role' }, userId: null, token: '' },
        baseUrl: `${deps.projectUrls.base(ref, { protocol: origin.protocol, host: origin.host }, false)}/auth/v1`,
        mailer,
        sms,
        limits,
        factorKey: () => factorSecretKey(deps.control, ref),
        ip: origin.ip,
        userAgent: origin.userAgent,
      });
    },
    refusal(err) {
      if (!(err instanceof AuthError)) return null;
      const retryAfterSeconds = (err as { retryAfterSeconds?: number }).retryAfterSeconds;
      return { status: err.status, errorCode: err.errorCode, message: err.message, ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}) };
    },
    isBanned: (user) => isBanned(user),
    settings: (ref) => readProjectAuthSettings(deps.control, ref),
    writeSettings: (ref, change) => writeProjectAuthSettings(deps.control, ref, change),
    providers: (ref) => readOAuthProviders(deps.control, ref),
    writeProviders: (ref, changes) => writeOAuthProviders(deps.control, ref, changes),
    templates: (ref, kinds) => readTemplates(deps.control, ref, kinds),
    writeTemplate: (ref, kind, subject, body) => writeTemplate(deps.control, ref, kind, subject, body),
    outbox: (ref) => listOutbox(deps.control, ref),
    smsOutbox: async (ref, limit) => (sms.provider === 'outbox' ? { transport: 'outbox', messages: await listSmsOutbox(deps.control, ref, limit) } : { transport: 'http', messages: [] }),
  };
}
