import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RouteModule } from '@plinth/platform-core/deps';
import { projectRef, RefParamsSchema } from '@plinth/platform-core/common/http';
import { answeredBytes, projectSecrets, recordProjectApiRequest, resolveCaller, searchOf } from '../caller';
import { currentUser, logout, passwordGrant, reauthenticate, refreshGrant, resend, signUp, updateCurrentUser } from './account';
import { adminCreateUser, adminDeleteUser, adminGenerateLink, adminGetUser, adminListUsers, adminUpdateUser, requireServiceRole } from './admin';
import { ProjectAuthLimits, type AuthContext } from './context';
import { invite, magicLink, recover, verifyLink, verifyPost } from './email-flows';
import { factorSecretKey } from './factor-secret';
import { adminDeleteFactor, adminListFactors, challengeFactor, enrollFactor, unenrollFactor, verifyFactor } from './mfa';
import { AuthError, invalid, sendAuthError } from './errors';
import { createAuthMailer } from './mail';
import { createAuthSmsSender, smsConfigFromEnv } from './sms';
import { authorizeUrl, oauthCallback, pkceGrant } from './oauth';
import { idTokenGrant } from './id-token';
import { readOAuthProviders } from './providers';
import { readProjectAuthSettings } from './settings';
import { userById, userJson, withFactors } from './users';

// The project's auth service, spoken as the GoTrue protocol that supabase-js's auth client calls,
// under {project URL}/auth/v1. Every route but /health, the email links (GET /verify) and the
// OAuth redirects (GET /authorize, GET /callback) needs one of the project's API keys; the admin
// routes need the service_role key.

const PREFIX = '/:ref/auth/v1';
const SERVICE_PATH = /^\/[^/]+\/auth\/v1/;
const UserParams = z.object({ ref: projectRef, id: z.string().max(64) });
const FactorParams = z.object({ ref: projectRef, id: z.string().max(64) });
const UserFactorParams = z.object({ ref: projectRef, id: z.string().max(64), factorId: z.string().max(64) });

type Handler = (ctx: AuthContext, req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

const contexts = new WeakMap<FastifyRequest, AuthContext>();

function body(req: FastifyRequest): Record<string, unknown> {
  const b = req.body ?? {};
  if (typeof b !== 'object' || Array.isArray(b)) throw invalid('The request body must be a JSON object');
  return b as Record<string, unknown>;
}

const query = (req: FastifyRequest) => (req.query ?? {}) as Record<string, unknown>;

/** A refused password sign-in is an auth event of its own (the routes name only what succeeded). */
const failedEvent = (req: FastifyRequest, status: number): string | undefined =>
  status >= 400 && req.method === 'POST' && /\/token$/.test(req.url.split('?')[0]!) && query(req).grant_type === 'password' ? 'login_failed' : undefined;

/** The auth service's routes, on the project services' origin. */
export const projectAuthRoutes: RouteModule = async (app, deps) => {
  const limits = new ProjectAuthLimits(deps.control, 'auth');
  const sms = createAuthSmsSender(deps.control, smsConfigFromEnv());
  const mailer = createAuthMailer(deps.control, process.env.PLINTH_SMTP_URL || null, process.env.PLINTH_SMTP_FROM || 'Plinth Auth <no-reply@localhost>');

  await app.register(
    async (r) => {
      r.removeContentTypeParser('application/json');
      r.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, text, done) => {
        const s = String(text);
        if (!s.trim()) return done(null, {});
        try {
          done(null, JSON.parse(s));
        } catch {
          done(Object.assign(new Error('The request body is not valid JSON'), { statusCode: 400 }), undefined);
        }
      });
      r.setErrorHandler((err, req, reply) => sendAuthError(err, reply, req.log));
      r.addHook('onResponse', async (req, reply) => {
        const ctx = contexts.get(req);
        const ref = (req.params as { ref?: unknown }).ref;
        if (typeof ref !== 'string') return;
        recordProjectApiRequest({
          ref,
          service: 'auth',
          method: req.method,
          path: req.url.split('?')[0]!.replace(SERVICE_PATH, '') || '/',
          status: reply.statusCode,
          latencyMs: reply.elapsedTime,
          role: ctx?.caller?.role ?? null,
          userId: ctx?.userId ?? ctx?.caller?.userId ?? null,
          event: ctx?.event ?? failedEvent(req, reply.statusCode),
          search: searchOf(req.url),
          bytesOut: answeredBytes(reply),
        }, req);
      });

      const contextOf = async (req: FastifyRequest, open: boolean): Promise<AuthContext> => {
        const { ref } = req.params as { ref: string };
        const secrets = await projectSecrets(deps.control, ref);
        if (!secrets) throw new AuthError(404, 'project_not_found', 'There is no project with this ref');
        const caller = open ? null : await resolveCaller(secrets, req.headers);
        const ctx: AuthContext = {
          ref,
          db: await deps.databases.get(ref),
          settings: await readProjectAuthSettings(deps.control, ref),
          secrets,
          caller,
          baseUrl: `${deps.projectUrls.base(ref, { protocol: req.protocol, host: req.host }, true)}/auth/v1`,
          mailer,
          sms,
          limits,
          factorKey: () => factorSecretKey(deps.control, ref),
          ip: req.ip,
          userAgent: req.headers['user-agent'],
          logServer: req.server,
        };
        contexts.set(req, ctx);
        return ctx;
      };
      const handle =
        (fn: Handler, open = false) =>
        async (req: FastifyRequest, reply: FastifyReply) =>
          fn(await contextOf(req, open), req, reply);
      const params = { params: RefParamsSchema };
      const userParams = { params: UserParams };

      r.get('/health', { schema: params }, async (req) => {
        const { ref } = req.params as { ref: string };
        if (!(await projectSecrets(deps.control, ref))) throw new AuthError(404, 'project_not_found', 'There is no project with this ref');
        return { version: 'plinth', name: 'Plinth Auth', description: 'The project auth service (GoTrue protocol)' };
      });
      r.get(
        '/settings',
        { schema: params },
        handle(async (ctx) => ({
          external: {
            ...{ email: true, phone: ctx.settings.phoneEnabled, anonymous_users: ctx.settings.anonymousSignInsAllowed, apple: false, azure: false, github: false, gitlab: false, google: false, saml: false },
            ...Object.fromEntries((await readOAuthProviders(deps.control, ctx.ref)).map((p) => [p.id, p.enabled])),
          },
          disable_signup: !ctx.settings.signUpsAllowed,
          mailer_autoconfirm: !ctx.settings.emailConfirmationRequired,
          phone_autoconfirm: false,
          sms_provider: ctx.settings.phoneEnabled ? sms.provider : '',
          saml_enabled: false,
        })),
      );
      r.post('/signup', { schema: params }, handle(async (ctx, req) => signUp(ctx, body(req), query(req).redirect_to)));
      r.post(
        '/token',
        { schema: params },
        handle(async (ctx, req) => {
          const grant = query(req).grant_type;
          if (grant === 'password') return passwordGrant(ctx, body(req));
          if (grant === 'refresh_token') return refreshGrant(ctx, body(req));
          if (grant === 'pkce') return pkceGrant(ctx, body(req));
          if (grant === 'id_token') return idTokenGrant(deps.control, ctx, body(req));
          throw new AuthError(400, 'validation_failed', 'grant_type must be password, refresh_token, pkce or id_token');
        }),
      );
      r.get('/user', { schema: params }, handle(async (ctx) => userJson(await withFactors(ctx.db, (await currentUser(ctx)).user))));
      r.put('/user', { schema: params }, handle(async (ctx, req) => updateCurrentUser(ctx, body(req), query(req).redirect_to)));
      r.post(
        '/logout',
        { schema: params },
        handle(async (ctx, req, reply) => {
          await logout(ctx, query(req).scope);
          return reply.code(204).send();
        }),
      );
      r.post('/resend', { schema: params }, handle(async (ctx, req) => resend(ctx, body(req), query(req).redirect_to)));
      r.get('/reauthenticate', { schema: params }, handle(async (ctx) => reauthenticate(ctx)));
      r.post('/recover', { schema: params }, handle(async (ctx, req) => recover(ctx, body(req), query(req).redirect_to)));
      r.post('/otp', { schema: params }, handle(async (ctx, req) => magicLink(ctx, body(req), query(req).redirect_to)));
      r.post('/verify', { schema: params }, handle(async (ctx, req) => verifyPost(ctx, body(req))));
      r.get(
        '/verify',
        { schema: params },
        handle(async (ctx, req, reply) => reply.redirect(await verifyLink(ctx, query(req)), 303), true),
      );
      // Sign-in with an OAuth provider: the browser is sent to these two, with no API key (oauth.ts).
      r.get(
        '/authorize',
        { schema: params },
        handle(async (ctx, req, reply) => {
          const url = await authorizeUrl(deps.control, ctx, query(req));
          return query(req).skip_http_redirect === 'true' ? { url } : reply.redirect(url, 302);
        }, true),
      );
      r.get('/callback', { schema: params }, handle(async (ctx, req, reply) => reply.redirect(await oauthCallback(deps.control, ctx, query(req)), 302), true));
      r.post(
        '/invite',
        { schema: params },
        handle(async (ctx, req) => {
          requireServiceRole(ctx);
          return userJson(await invite(ctx, body(req), query(req).redirect_to));
        }),
      );
      r.get(
        '/admin/users',
        { schema: params },
        handle(async (ctx, req, reply) => {
          const page = await adminListUsers(ctx, query(req));
          reply.header('x-total-count', String(page.total)).header('link', page.link);
          return page.body;
        }),
      );
      r.post('/admin/users', { schema: params }, handle(async (ctx, req) => adminCreateUser(ctx, body(req))));
      r.get('/admin/users/:id', { schema: userParams }, handle(async (ctx, req) => adminGetUser(ctx, (req.params as { id: string }).id)));
      r.put('/admin/users/:id', { schema: userParams }, handle(async (ctx, req) => adminUpdateUser(ctx, (req.params as { id: string }).id, body(req))));
      // MFA (mfa.ts).
      const factorParams = { params: FactorParams };
      const factorId = (req: FastifyRequest) => (req.params as { id: string }).id;
      r.post('/factors', { schema: params }, handle(async (ctx, req) => enrollFactor(ctx, body(req))));
      r.post('/factors/:id/challenge', { schema: factorParams }, handle(async (ctx, req) => challengeFactor(ctx, factorId(req), body(req))));
      r.post('/factors/:id/verify', { schema: factorParams }, handle(async (ctx, req) => verifyFactor(ctx, factorId(req), body(req))));
      r.delete('/factors/:id', { schema: factorParams }, handle(async (ctx, req) => unenrollFactor(ctx, factorId(req))));
      const adminUser = async (ctx: AuthContext, req: FastifyRequest) => {
        requireServiceRole(ctx);
        const user = await userById(ctx.db, (req.params as { id: string }).id);
        if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
        return user;
      };
      r.get('/admin/users/:id/factors', { schema: userParams }, handle(async (ctx, req) => adminListFactors(ctx, await adminUser(ctx, req))));
      r.delete(
        '/admin/users/:id/factors/:factorId',
        { schema: { params: UserFactorParams } },
        handle(async (ctx, req) => adminDeleteFactor(ctx, await adminUser(ctx, req), (req.params as { factorId: string }).factorId)),
      );
      r.delete('/admin/users/:id', { schema: userParams }, handle(async (ctx, req) => adminDeleteUser(ctx, (req.params as { id: string }).id, body(req))));
      r.post('/admin/generate_link', { schema: params }, handle(async (ctx, req) => adminGenerateLink(ctx, body(req), query(req).redirect_to)));
    },
    { prefix: PREFIX },
  );
};
