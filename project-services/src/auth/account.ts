import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  checkEmail,
  checkPassword,
  metadata,
  redirectTarget,
  sendEmailLink,
  sessionJson,
  signIn,
  withinLimits,
  type AuthContext,
} from './context';
import { AuthError, invalid } from './errors';
import { endSessions, rotateRefreshToken, sessionExists } from './sessions';
import { insertUser, isBanned, updateUser, userByEmail, userById, userJson, type AuthUser } from './users';

// What a user of the project does for themselves: sign up, sign in, refresh, read and change their
// account, sign out.

type Body = Record<string, unknown>;

const banned = () => new AuthError(400, 'user_banned', 'User is banned');

/** POST /signup: a session at once, or (email confirmation on) the user and a confirmation email. */
export async function signUp(ctx: AuthContext, body: Body, redirectTo: unknown) {
  if (!ctx.settings.signUpsAllowed) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
  if (body.email === undefined && body.phone !== undefined) throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
  const email = checkEmail(body.email);
  const password = checkPassword(ctx, body.password);
  const data = metadata(body.data, 'data');
  const target = redirectTarget(ctx, redirectTo);
  const key = `${ctx.ref}|${ctx.ip}`;
  withinLimits([[ctx.limits.signUpPerAddress, key]], 'sign-ups', 'over_request_rate_limit');
  ctx.limits.signUpPerAddress.record(key);

  const existing = await userByEmail(ctx.db, email);
  const confirm = ctx.settings.emailConfirmationRequired;
  if (existing) {
    if (!confirm) throw new AuthError(422, 'user_already_exists', 'User already registered');
    // Confirmation on: the answer does not tell whether the address is registered.
    if (existing.emailConfirmedAt) return obfuscated(email, data);
    return userJson(await sendEmailLink(ctx, existing, 'signup', target));
  }
  const user = await insertUser(ctx.db, { email, passwordHash: await hash(password), confirmed: !confirm, userMetadata: data });
  if (!user) throw new AuthError(422, 'user_already_exists', 'User already registered');
  ctx.event = 'user_signedup';
  if (confirm) return userJson(await sendEmailLink(ctx, user, 'signup', target));
  return signIn(ctx, user, 'password');
}

function obfuscated(email: string, data: Record<string, unknown> | undefined) {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data ?? {},
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

/** POST /token?grant_type=password */
export async function passwordGrant(ctx: AuthContext, body: Body) {
  if (body.email === undefined && body.phone !== undefined) throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
  if (typeof body.email !== 'string' || typeof body.password !== 'string' || !body.email || !body.password) {
    throw invalid('An email and a password are required');
  }
  if (body.password.length > 1024) throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
  const email = body.email.trim().toLowerCase();
  const perEmail = `${ctx.ref}|${ctx.ip}|${email}`;
  const perAddress = `${ctx.ref}|${ctx.ip}`;
  withinLimits(
    [
      [ctx.limits.signInPerEmail, perEmail],
      [ctx.limits.signInPerAddress, perAddress],
    ],
    'sign-in attempts',
    'over_request_rate_limit',
  );
  const user = email.length <= 255 ? await userByEmail(ctx.db, email) : null;
  const ok = user?.passwordHash ? await verify(user.passwordHash, body.password).catch(() => false) : (await hash(body.password), false);
  if (!user || !ok) {
    ctx.limits.signInPerEmail.record(perEmail);
    ctx.limits.signInPerAddress.record(perAddress);
    throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
  }
  ctx.limits.signInPerEmail.clear(perEmail);
  if (isBanned(user)) throw banned();
  if (!user.emailConfirmedAt && ctx.settings.emailConfirmationRequired) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
  ctx.event = 'login';
  return signIn(ctx, user, 'password');
}

/** POST /token?grant_type=refresh_token */
export async function refreshGrant(ctx: AuthContext, body: Body) {
  const token = body.refresh_token;
  if (typeof token !== 'string' || !token || token.length > 256) throw invalid('A refresh_token is required');
  const r = await rotateRefreshToken(ctx.db, token, ctx.settings.refreshTokenReuseSeconds);
  const user = await userById(ctx.db, r.userId);
  if (!user) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  if (isBanned(user)) throw banned();
  ctx.event = 'token_refreshed';
  ctx.userId = user.id;
  return sessionJson(ctx, user, r.sessionId, r.refreshToken, 'password');
}

/** The user whose access token called, with a session still open; 401/403 as the clients expect. */
export async function currentUser(ctx: AuthContext): Promise<{ user: AuthUser; sessionId: string | null }> {
  const caller = ctx.caller;
  if (!caller || caller.role !== 'authenticated' || !caller.userId) {
    throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim (this route needs a user\'s access token)');
  }
  const sessionId = typeof caller.claims.session_id === 'string' ? caller.claims.session_id : null;
  if (sessionId && !(await sessionExists(ctx.db, sessionId))) {
    throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  const user = await userById(ctx.db, caller.userId);
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  return { user, sessionId };
}

/** Merges keys into metadata; a key set to null is removed. */
export function mergeMetadata(base: Record<string, unknown>, change: Record<string, unknown>): Record<string, unknown> {
  const out = { ...base };
  for (const [k, v] of Object.entries(change)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

/** PUT /user: email (confirmed by a link when confirmation is on), password, data. */
export async function updateCurrentUser(ctx: AuthContext, body: Body, redirectTo: unknown) {
  const { user } = await currentUser(ctx);
  const set: Parameters<typeof updateUser>[2] = {};
  if (body.password !== undefined) {
    const password = checkPassword(ctx, body.password);
    if (user.passwordHash && (await verify(user.passwordHash, password).catch(() => false))) {
      throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
    }
    set.encrypted_password = await hash(password);
  }
  const data = metadata(body.data, 'data');
  if (data) set.raw_user_meta_data = mergeMetadata(user.userMetadata, data);
  let changeEmail: string | null = null;
  if (body.email !== undefined) {
    const email = checkEmail(body.email);
    if (email !== user.email?.toLowerCase()) {
      const taken = await userByEmail(ctx.db, email);
      if (taken) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
      if (ctx.settings.emailConfirmationRequired) changeEmail = email;
      else set.email = email;
    }
  }
  const target = changeEmail ? redirectTarget(ctx, redirectTo) : '';
  let updated = Object.keys(set).length ? await updateUser(ctx.db, user.id, set) : user;
  if (!updated) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
  if (changeEmail) {
    updated = (await updateUser(ctx.db, user.id, { email_change: changeEmail })) ?? updated;
    updated = await sendEmailLink(ctx, updated, 'email_change', target, changeEmail);
  }
  ctx.event = 'user_modified';
  return userJson(updated);
}

/** POST /logout?scope=global|local|others: 204. */
export async function logout(ctx: AuthContext, scope: unknown): Promise<void> {
  const s = scope === undefined ? 'global' : scope;
  if (s !== 'global' && s !== 'local' && s !== 'others') throw invalid('scope must be global, local or others');
  const { user, sessionId } = await currentUser(ctx);
  await endSessions(ctx.db, user.id, s, sessionId);
  ctx.event = 'logout';
}
