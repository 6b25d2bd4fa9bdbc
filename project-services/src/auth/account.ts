import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  checkEmail,
  checkPassword,
  metadata,
  redirectTarget,
  sendEmailLink,
  sessionJson,
  tokenTypeOf,
  signIn,
  withinLimits,
  countRateLimit,
  rateLimitFor,
  type AuthContext,
} from './context';
import { emailTokenHash } from './tokens';
import { rememberEmailPkce } from './email-pkce';
import { pkceChallengeOf } from './oauth';
import { checkPhone, phoneSignUp, requirePhoneProvider, resendSms, startPhoneChange } from './phone';
import { AuthError, invalid } from './errors';
import { endSessions, rotateRefreshToken, sessionExists, sessionLevel } from './sessions';
import { insertUser, isBanned, updateUser, userByEmail, userById, userByPhone, userJson, type AuthUser } from './users';

// What a user of the project does for themselves: sign up, sign in, refresh, read and change their
// account, sign out.

type Body = Record<string, unknown>;

const banned = () => new AuthError(400, 'user_banned', 'User is banned');

/** POST /signup: a session at once, or (email confirmation on) the user and a confirmation email. */
export async function signUp(ctx: AuthContext, body: Body, redirectTo: unknown) {
  if (body.email === undefined && body.phone === undefined && body.password === undefined) return anonymousSignIn(ctx, body);
  if (!ctx.settings.signUpsAllowed) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
  if (body.email === undefined && body.phone !== undefined) return phoneSignUp(ctx, body);
  const email = checkEmail(body.email);
  const password = checkPassword(ctx, body.password);
  const data = metadata(body.data, 'data');
  const pkce = pkceChallengeOf(body);
  const target = redirectTarget(ctx, redirectTo);
  await countRateLimit(ctx, 'sign_ups_sign_ins');
  // The confirmation email of a PKCE sign-up leads back with ?code=… (email-pkce.ts).
  const confirmation = async (user: AuthUser) => {
    const sent = await sendEmailLink(ctx, user, 'signup', target);
    await rememberEmailPkce(ctx, user.id, tokenTypeOf('signup'), pkce);
    return userJson(sent);
  };

  const existing = await userByEmail(ctx.db, email);
  const confirm = ctx.settings.emailConfirmationRequired;
  if (existing) {
    if (!confirm) throw new AuthError(422, 'user_already_exists', 'User already registered');
    // Confirmation on: the answer does not tell whether the address is registered.
    if (existing.emailConfirmedAt) return obfuscated(email, data);
    return confirmation(existing);
  }
  const user = await insertUser(ctx.db, { email, passwordHash: await hash(password), confirmed: !confirm, userMetadata: data });
  if (!user) throw new AuthError(422, 'user_already_exists', 'User already registered');
  ctx.event = 'user_signedup';
  if (confirm) return confirmation(user);
  return signIn(ctx, user, 'password');
}

/** POST /signup without an email, phone or password (signInAnonymously): a user with no identity, while the project allows it. */
async function anonymousSignIn(ctx: AuthContext, body: Body) {
  if (!ctx.settings.anonymousSignInsAllowed) throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  const data = metadata(body.data, 'data');
  await countRateLimit(ctx, 'anonymous_users');
  const user = await insertUser(ctx.db, { email: '', passwordHash: null, confirmed: false, userMetadata: data, anonymous: true });
  if (!user) throw new AuthError(500, 'unexpected_failure', 'Could not create the anonymous user');
  ctx.event = 'user_signedup';
  return signIn(ctx, user, 'anonymous');
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
  if (body.email === undefined && body.phone !== undefined) return phonePasswordGrant(ctx, body);
  if (typeof body.email !== 'string' || typeof body.password !== 'string' || !body.email || !body.password) {
    throw invalid('An email and a password are required');
  }
  if (body.password.length > 1024) throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
  const email = body.email.trim().toLowerCase();
  const perEmail = `${ctx.ref}|${ctx.ip}|${email}`;
  // Failed sign-ins count towards the project's sign-ups and sign-ins limit, and per email towards a fixed guard.
  const [perAddressLimit, perAddress] = rateLimitFor(ctx, 'sign_ups_sign_ins');
  await withinLimits(
    [
      [ctx.limits.signInPerEmail, perEmail],
      [perAddressLimit, perAddress],
    ],
    'sign-in attempts',
    'over_request_rate_limit',
  );
  const user = email.length <= 255 ? await userByEmail(ctx.db, email) : null;
  const ok = user?.passwordHash ? await verify(user.passwordHash, body.password).catch(() => false) : (await hash(body.password), false);
  if (!user || !ok) {
    await ctx.limits.signInPerEmail.record(perEmail);
    await perAddressLimit.record(perAddress);
    throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
  }
  await ctx.limits.signInPerEmail.clear(perEmail);
  if (isBanned(user)) throw banned();
  if (!user.emailConfirmedAt && ctx.settings.emailConfirmationRequired) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
  ctx.event = 'login';
  return signIn(ctx, user, 'password');
}

/** POST /token?grant_type=password with a phone: the number must be confirmed (its SMS code verified). */
async function phonePasswordGrant(ctx: AuthContext, body: Body) {
  requirePhoneProvider(ctx);
  const phone = checkPhone(body.phone);
  if (typeof body.password !== 'string' || !body.password) throw invalid('A phone number and a password are required');
  if (body.password.length > 1024) throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
  const perPhone = `${ctx.ref}|${ctx.ip}|phone:${phone}`;
  const [perAddressLimit, perAddress] = rateLimitFor(ctx, 'sign_ups_sign_ins');
  await withinLimits(
    [
      [ctx.limits.signInPerEmail, perPhone],
      [perAddressLimit, perAddress],
    ],
    'sign-in attempts',
    'over_request_rate_limit',
  );
  const user = await userByPhone(ctx.db, phone);
  const ok = user?.passwordHash ? await verify(user.passwordHash, body.password).catch(() => false) : (await hash(body.password), false);
  if (!user || !ok) {
    await ctx.limits.signInPerEmail.record(perPhone);
    await perAddressLimit.record(perAddress);
    throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
  }
  await ctx.limits.signInPerEmail.clear(perPhone);
  if (isBanned(user)) throw banned();
  if (!user.phoneConfirmedAt) throw new AuthError(400, 'phone_not_confirmed', 'Phone not confirmed');
  ctx.event = 'login';
  return signIn(ctx, user, 'password');
}

/** POST /token?grant_type=refresh_token */
export async function refreshGrant(ctx: AuthContext, body: Body) {
  const token = body.refresh_token;
  if (typeof token !== 'string' || !token || token.length > 256) throw invalid('A refresh_token is required');
  await countRateLimit(ctx, 'token_refresh');
  const r = await rotateRefreshToken(ctx.db, token, ctx.settings.refreshTokenReuseSeconds);
  const user = await userById(ctx.db, r.userId);
  if (!user) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  if (isBanned(user)) throw banned();
  ctx.event = 'token_refreshed';
  ctx.userId = user.id;
  return sessionJson(ctx, user, r.sessionId, r.refreshToken, await sessionLevel(ctx.db, r.sessionId), 'token_refresh');
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

/** A password change needs a reauthentication nonce when the project asks for it and the session is older than this. */
const RECENT_SESSION_S = 24 * 3600;
const NONCE_EXPIRY_S = 3600;

/** Under the secure password change, checks the nonce sent by GET /reauthenticate (and uses it up), unless the session is recent. */
async function checkReauthentication(ctx: AuthContext, user: AuthUser, sessionId: string | null, nonce: unknown): Promise<void> {
  if (!ctx.settings.securePasswordChange) return;
  if (sessionId) {
    const r = await ctx.db.query<{ age_s: string | number }>('select extract(epoch from (now() - created_at)) as age_s from auth.sessions where id = $1', [sessionId]);
    if (r.rows[0] && Number(r.rows[0].age_s) < RECENT_SESSION_S) return;
  }
  if (typeof nonce !== 'string' || !nonce) throw new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication');
  const used = await ctx.db.query(
    `delete from auth.one_time_tokens where user_id = $1 and token_type = 'reauthentication_token' and token_hash = $2
       and created_at > now() - make_interval(secs => $3) returning id`,
    [user.id, emailTokenHash(user.email ?? '', nonce), NONCE_EXPIRY_S],
  );
  if (!used.rows.length) throw new AuthError(400, 'reauthentication_not_valid', 'Requires reauthentication');
}

/**
 * PUT /user: email, phone, password, data. A phone change waits for the code sent to the new number (phone.ts). An email change is confirmed by a link to the new address when
 * confirmation is on, and also by one to the current address under the secure email change; an
 * anonymous user who gets an email becomes permanent. A password change may need the nonce of GET /reauthenticate.
 */
export async function updateCurrentUser(ctx: AuthContext, body: Body, redirectTo: unknown) {
  const { user, sessionId } = await currentUser(ctx);
  const set: Parameters<typeof updateUser>[2] = {};
  if (body.password !== undefined) {
    const password = checkPassword(ctx, body.password);
    if (user.passwordHash && (await verify(user.passwordHash, password).catch(() => false))) {
      throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
    }
    if (!user.isAnonymous) await checkReauthentication(ctx, user, sessionId, body.nonce);
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
      else {
        set.email = email;
        if (user.isAnonymous) {
          set.is_anonymous = false;
          set.raw_app_meta_data = { ...user.appMetadata, provider: 'email', providers: ['email'] };
        }
      }
    }
  }
  const target = changeEmail ? redirectTarget(ctx, redirectTo) : '';
  let updated = Object.keys(set).length ? await updateUser(ctx.db, user.id, set) : user;
  if (!updated) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
  if (changeEmail) {
    updated = (await updateUser(ctx.db, user.id, { email_change: changeEmail, email_change_confirm_status: 0 })) ?? updated;
    updated = await sendEmailChange(ctx, updated, target);
  }
  if (body.phone !== undefined) updated = await startPhoneChange(ctx, updated, body.phone);
  ctx.event = 'user_modified';
  return userJson(updated);
}

/** The emails of a pending email change: to the new address, and (secure email change, a user with an address) to the current one. */
export async function sendEmailChange(ctx: AuthContext, user: AuthUser, target: string): Promise<AuthUser> {
  let updated = await sendEmailLink(ctx, user, 'email_change', target, user.emailChange ?? '');
  if (ctx.settings.secureEmailChange && user.email && !user.isAnonymous) {
    updated = await sendEmailLink(ctx, updated, 'email_change', target, user.email, 'email_change_token_current');
  } else {
    await ctx.db.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = 'email_change_token_current'`, [user.id]);
  }
  return updated;
}

/** GET /reauthenticate: a six-digit nonce to the user's email, for a password change under the secure password change. */
export async function reauthenticate(ctx: AuthContext) {
  const { user } = await currentUser(ctx);
  if (!user.email) throw new AuthError(422, 'no_email', 'Reauthentication requires the user to have an email address');
  await sendEmailLink(ctx, user, 'reauthentication', '', user.email);
  ctx.event = 'user_reauthenticate_requested';
  return {};
}

/** One email of a kind to one address per this many seconds (answered 429, as GoTrue does). */
const RESEND_INTERVAL_S = 60;

/**
 * POST /resend: the signup confirmation (to a user who has not confirmed) or the email change
 * emails again; always {} when there is nothing to send (whether an address is registered is not told).
 */
export async function resend(ctx: AuthContext, body: Body, redirectTo: unknown) {
  const type = body.type;
  if (type === 'sms' || type === 'phone_change') return resendSms(ctx, body);
  if (type !== 'signup' && type !== 'email_change') throw invalid('type must be one of signup, email_change, sms, phone_change');
  const email = checkEmail(body.email);
  const target = redirectTarget(ctx, redirectTo);
  const user = await userByEmail(ctx.db, email);
  if (!user || isBanned(user)) return {};
  const tooSoon = (sentAt: string | null) => {
    const ago = sentAt ? (Date.now() - new Date(sentAt).getTime()) / 1000 : Infinity;
    if (ago < RESEND_INTERVAL_S) {
      throw Object.assign(
        new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${Math.ceil(RESEND_INTERVAL_S - ago)} seconds.`),
        { retryAfterSeconds: Math.ceil(RESEND_INTERVAL_S - ago) },
      );
    }
  };
  if (type === 'signup') {
    if (user.emailConfirmedAt) return {};
    tooSoon(user.confirmationSentAt);
    await sendEmailLink(ctx, user, 'signup', target);
  } else {
    if (!user.emailChange) return {};
    tooSoon(user.emailChangeSentAt);
    await sendEmailChange(ctx, user, target);
  }
  return {};
}

/** POST /logout?scope=global|local|others: 204. */
export async function logout(ctx: AuthContext, scope: unknown): Promise<void> {
  const s = scope === undefined ? 'global' : scope;
  if (s !== 'global' && s !== 'local' && s !== 'others') throw invalid('scope must be global, local or others');
  const { user, sessionId } = await currentUser(ctx);
  await endSessions(ctx.db, user.id, s, sessionId);
  ctx.event = 'logout';
}
