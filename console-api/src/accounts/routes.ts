import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EnrolFactorBodySchema,
  EnrolledFactorSchema,
  FactorListSchema,
  MFA_SETUP_OFF,
  ProfileSchema,
  SessionSchema,
  SignInBodySchema,
  SignUpBodySchema,
  UpdateProfileBodySchema,
  VerifyFactorBodySchema,
} from '@plinth/shared-contracts';
import { HttpError, type RouteModule } from '@plinth/platform-core/deps';
import type { AccessRegistry } from '@plinth/platform-core/access';
import { clearSessionCookie, ensureCsrfCookie, rotateCsrfCookie, setSessionCookie } from '@plinth/platform-core/cookies';
import { environmentFlags } from '../feature-flags';
import { assertWithinLimits } from '@plinth/platform-core/rate-limit';

const FactorParams = z.object({ id: z.string().min(1).max(64) });

/** Accounts: sign-up, sign-in, sessions, MFA factors and the profile. */
export const accountRoutes: RouteModule = (app, deps) => {
  const { accounts: auth, access, cookies } = deps.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  // An account belongs to no organization: the environment's value of mfa_setup decides.
  const mfaSetup = environmentFlags(process.env.PLINTH_FEATURE_FLAGS).mfa_setup;

  r.get('/auth/session', { schema: { tags, response: { 200: SessionSchema } } }, async (req, reply) => {
    ensureCsrfCookie(req, reply, cookies);
    const s = await access.session(req);
    return s ? { user: s.user, aal: { currentLevel: s.currentLevel, nextLevel: s.nextLevel } } : { user: null, aal: null };
  });

  /** A new session: its cookie, and a CSRF token bound to it (the one used to sign in no longer works). */
  const startSession = (reply: Parameters<typeof setSessionCookie>[0], token: string) => {
    setSessionCookie(reply, token, cookies);
    rotateCsrfCookie(reply, token, cookies);
  };

  r.post('/auth/sign-up', { schema: { tags, body: SignUpBodySchema, response: { 200: SessionSchema } } }, async (req, reply) => {
    const { signUpPerAddress } = auth.limits;
    await assertWithinLimits([[signUpPerAddress, req.ip]], 'sign-ups from this address');
    await signUpPerAddress.record(req.ip);
    const user = await auth.signUp(req.body);
    const { token, aal } = await auth.createSession(user);
    startSession(reply, token);
    return { user, aal };
  });

  r.post('/auth/sign-in', { schema: { tags, body: SignInBodySchema, response: { 200: SessionSchema } } }, async (req, reply) => {
    const { signInPerEmail, signInPerAddress } = auth.limits;
    const key = `${req.body.email}|${req.ip}`;
    await assertWithinLimits([[signInPerEmail, key], [signInPerAddress, req.ip]], 'failed sign-in attempts');
    const user = await auth.checkPassword(req.body.email, req.body.password);
    if (!user) {
      await Promise.all([signInPerEmail.record(key), signInPerAddress.record(req.ip)]);
      throw new HttpError(400, 'Invalid email or password', 'INVALID_CREDENTIALS');
    }
    await signInPerEmail.clear(key);
    const { token, aal } = await auth.createSession(user);
    startSession(reply, token);
    return { user, aal };
  });

  r.post('/auth/sign-out', { schema: { tags } }, async (req, reply) => {
    const s = await access.session(req);
    if (s) await auth.endSession(s.tokenHash);
    clearSessionCookie(reply, cookies);
    rotateCsrfCookie(reply, undefined, cookies);
    return reply.code(204).send();
  });

  /** MFA routes accept an aal1 session: they are how it becomes aal2. */
  const sessionOrThrow = async (req: Parameters<AccessRegistry['session']>[0]) => {
    const s = await access.session(req);
    if (!s) throw new HttpError(401, 'You must be signed in', 'UNAUTHENTICATED');
    return s;
  };

  r.get('/auth/mfa/factors', { schema: { tags, response: { 200: FactorListSchema } } }, async (req) => {
    const s = await sessionOrThrow(req);
    return { factors: await auth.listFactors(s.user.id) };
  });

  r.post('/auth/mfa/factors', { schema: { tags, body: z.optional(EnrolFactorBodySchema), response: { 200: EnrolledFactorSchema } } }, async (req) => {
    const s = await sessionOrThrow(req);
    if (!mfaSetup) throw new HttpError(403, MFA_SETUP_OFF, 'FEATURE_DISABLED');
    if (s.currentLevel !== s.nextLevel) throw new HttpError(401, 'MFA required', 'MFA_REQUIRED');
    return auth.enrolFactor(s.user, req.body?.friendly_name);
  });

  r.post('/auth/mfa/factors/:id/verify', { schema: { tags, params: FactorParams, body: VerifyFactorBodySchema, response: { 200: SessionSchema } } }, async (req) => {
    const s = await sessionOrThrow(req);
    const aal = await auth.verifyFactor(s.user.id, s.tokenHash, req.params.id, req.body.code);
    return { user: s.user, aal };
  });

  r.delete('/auth/mfa/factors/:id', { schema: { tags, params: FactorParams } }, async (req, reply) => {
    const user = await access.requireUser(req);
    await auth.deleteFactor(user.id, req.params.id);
    return reply.code(204).send();
  });

  r.get('/platform/profile', { schema: { tags: ['account'], response: { 200: ProfileSchema } } }, async (req) => {
    const user = await access.requireUser(req);
    return auth.profile(user.id);
  });

  r.patch('/platform/profile', { schema: { tags: ['account'], body: UpdateProfileBodySchema, response: { 200: ProfileSchema } } }, async (req) => {
    const user = await access.requireUser(req);
    return auth.updateProfile(user.id, req.body);
  });
};
