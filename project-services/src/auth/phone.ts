import { hash } from '@node-rs/argon2';
import { recordProjectLogEvent } from '@plinth/platform-core/request-log';
import { checkPassword, countRateLimit, metadata, rateLimitFor, signIn, withinLimits, type AuthContext } from './context';
import { AuthError, invalid } from './errors';
import type { AuthSmsKind } from './sms';
import { emailTokenHash, newEmailOtp } from './tokens';
import { insertUser, isBanned, updateUser, userById, userByPhone, userJson, type AuthUser } from './users';

// Phone sign-in, as GoTrue serves it to supabase-js: sign-up with a number and a password, one-time
// codes by SMS (signInWithOtp, verifyOtp type sms), a phone change confirmed by a code to the new
// number (verifyOtp type phone_change), resend. Codes are six digits, stored as hashes in
// auth.one_time_tokens (as email codes are), single use, valid PHONE_OTP_EXPIRY_S.

type Body = Record<string, unknown>;

/** How long an SMS code is valid (GoTrue's default sms otp_exp). */
export const PHONE_OTP_EXPIRY_S = 60;
/** One code per number and purpose per this many seconds (GoTrue's default sms max_frequency). */
export const SMS_INTERVAL_S = 60;

type PhoneTokenKind = Exclude<AuthSmsKind, 'mfa_phone'>;
const TOKEN_TYPES: Record<PhoneTokenKind, string> = { sms: 'phone_confirmation_token', phone_change: 'phone_change_token' };

export const phoneDisabled = () => new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');

/** Refuses every phone call while the project's phone provider is off. */
export function requirePhoneProvider(ctx: AuthContext): void {
  if (!ctx.settings.phoneEnabled) throw phoneDisabled();
}

/**
 * A phone number as GoTrue keeps it: E.164 digits without the "+" (spaces, dashes, dots and
 * brackets around the digits are dropped); 400 validation_failed otherwise.
 */
export function checkPhone(phone: unknown): string {
  if (typeof phone !== 'string' || !phone.trim()) throw invalid('A phone number is required');
  if (phone.length > 32) throw invalid('Invalid phone number format (E.164 required)');
  const digits = phone.trim().replace(/^\+/, '').replace(/[\s\-.()]/g, '');
  if (!/^[1-9]\d{1,14}$/.test(digits)) throw invalid('Invalid phone number format (E.164 required)');
  return digits;
}

export const overSmsLimit = (seconds: number) =>
  Object.assign(new AuthError(429, 'over_sms_send_rate_limit', `For security purposes, you can only request this after ${seconds} seconds.`), {
    retryAfterSeconds: seconds,
  });

/** An SMS step of the project's auth logs (auth_logs), with the message's kind as its detail. */
export function smsEvent(ctx: AuthContext, userId: string, kind: AuthSmsKind, level: string, action: string, message: string): void {
  recordProjectLogEvent({ ref: ctx.ref, source: 'auth', level, action, message, userId, role: ctx.caller?.role ?? null, detail: kind }, ctx.logServer);
}

/**
 * Counts one text message of `kind` to `to` against the per-number guard and the project's sms_sent
 * limit (per hour, the whole project); refused (429 over_sms_send_rate_limit, logged) past either,
 * or when `waitSeconds` (the sender's own interval) is still to run.
 */
export async function countSms(ctx: AuthContext, userId: string, kind: AuthSmsKind, to: string, waitSeconds = 0): Promise<void> {
  // The project's own limit counts every message it sends (sms_sent, per hour); the fixed guards per number stay.
  const key = `${ctx.ref}|${to}`;
  const projectWide = ctx.limits.setting('sms_sent', ctx.settings.rateLimits.sms_sent);
  try {
    if (waitSeconds > 0) throw overSmsLimit(Math.max(1, Math.ceil(waitSeconds)));
    await withinLimits(
      [
        [ctx.limits.smsPerPhone, key],
        [projectWide, ctx.ref],
      ],
      'text messages sent',
      'over_sms_send_rate_limit',
    );
  } catch (err) {
    smsEvent(ctx, userId, kind, 'WARNING', 'sms_send_refused', `${kind} text message refused: over the SMS rate limit`);
    throw err;
  }
  await ctx.limits.smsPerPhone.record(key);
  await projectWide.record(ctx.ref);
}

/** The answer when the project's SMS sender did not take a message (as GoTrue's). */
export const smsSendFailed = () => new AuthError(500, 'sms_send_failed', 'Error sending the text message: the SMS provider did not accept it. Try again later.');

/**
 * Sends the user a new six-digit code of `kind` to `to` (replacing any earlier one), at most one per
 * SMS_INTERVAL_S, within the per-number guard and the project's sms_sent limit; answers the provider's message id.
 */
export async function sendSmsCode(ctx: AuthContext, user: AuthUser, kind: PhoneTokenKind, to: string): Promise<string> {
  const tokenType = TOKEN_TYPES[kind];
  const last = await ctx.db.query<{ age_s: string | number }>(
    'select extract(epoch from (now() - created_at)) as age_s from auth.one_time_tokens where user_id = $1 and token_type = $2',
    [user.id, tokenType],
  );
  const age = last.rows[0] ? Number(last.rows[0].age_s) : Infinity;
  await countSms(ctx, user.id, kind, to, SMS_INTERVAL_S - age);
  const otp = newEmailOtp();
  await ctx.db.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to) values ($1, $2, $3, $4)
     on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to, created_at = now()`,
    [user.id, tokenType, emailTokenHash(to, otp), to],
  );
  let messageId: string;
  try {
    messageId = await ctx.sms.send({ ref: ctx.ref, to, kind, otp });
    smsEvent(ctx, user.id, kind, 'INFO', 'sms_sent', `${kind} text message sent`);
  } catch {
    smsEvent(ctx, user.id, kind, 'ERROR', 'sms_send_failed', `${kind} text message not accepted by the SMS provider`);
    await ctx.db.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [user.id, tokenType]);
    throw smsSendFailed();
  }
  await updateUser(ctx.db, user.id, kind === 'sms' ? { confirmation_sent_at: 'now()' } : { phone_change_sent_at: 'now()' });
  return messageId;
}

/** POST /signup with a phone: the user and a code by SMS (phone confirmations are always on). */
export async function phoneSignUp(ctx: AuthContext, body: Body) {
  requirePhoneProvider(ctx);
  if (!ctx.settings.signUpsAllowed) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
  const phone = checkPhone(body.phone);
  const password = checkPassword(ctx, body.password);
  const data = metadata(body.data, 'data');
  await countRateLimit(ctx, 'sign_ups_sign_ins');
  const existing = await userByPhone(ctx.db, phone);
  if (existing) {
    // As GoTrue's sign-up: a confirmed number is a registered user (phone_exists is for changes).
    if (existing.phoneConfirmedAt) throw new AuthError(422, 'user_already_exists', 'User already registered');
    await sendSmsCode(ctx, existing, 'sms', phone);
    return userJson((await userById(ctx.db, existing.id)) ?? existing);
  }
  const user = await insertUser(ctx.db, { email: '', phone, passwordHash: await hash(password), confirmed: false, userMetadata: data });
  if (!user) throw new AuthError(422, 'user_already_exists', 'User already registered');
  ctx.event = 'user_signedup';
  await sendSmsCode(ctx, user, 'sms', phone);
  return userJson((await userById(ctx.db, user.id)) ?? user);
}

/** POST /otp with a phone: a code by SMS to sign in (a new user is created when allowed). */
export async function phoneOtp(ctx: AuthContext, body: Body) {
  requirePhoneProvider(ctx);
  if (body.channel !== undefined && body.channel !== 'sms') throw invalid('channel must be sms (WhatsApp is not offered)');
  const phone = checkPhone(body.phone);
  let user = await userByPhone(ctx.db, phone);
  if (user && isBanned(user)) throw new AuthError(400, 'user_banned', 'User is banned');
  if (!user) {
    if (body.create_user === false) throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp');
    if (!ctx.settings.signUpsAllowed) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
    await countRateLimit(ctx, 'sign_ups_sign_ins');
    user = await insertUser(ctx.db, { email: '', phone, passwordHash: null, confirmed: false, userMetadata: metadata(body.data, 'data') });
    if (!user) throw new AuthError(422, 'phone_exists', 'Phone number already registered by another user');
    ctx.event = 'user_signedup';
  }
  return { message_id: await sendSmsCode(ctx, user, 'sms', phone) };
}

const expired = () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid');

/** POST /verify with type sms or phone_change: uses the code up, confirms the number (or changes it) and signs the user in. */
export async function verifyPhone(ctx: AuthContext, body: Body) {
  requirePhoneProvider(ctx);
  const kind: PhoneTokenKind = body.type === 'phone_change' ? 'phone_change' : 'sms';
  const phone = checkPhone(body.phone);
  if (typeof body.token !== 'string' || !body.token) throw invalid('Verify requires a phone number and its token');
  const [verifyLimit, limitKey] = rateLimitFor(ctx, 'token_verifications');
  await withinLimits([[verifyLimit, limitKey]], 'verification attempts', 'over_request_rate_limit');
  const found =
    body.token.length > 16
      ? { rows: [] }
      : await ctx.db.query<{ id: string; user_id: string; age_s: string | number }>(
          `select id, user_id, extract(epoch from (now() - created_at)) as age_s from auth.one_time_tokens
           where token_hash = $1 and token_type = $2 and relates_to = $3`,
          [emailTokenHash(phone, body.token), TOKEN_TYPES[kind], phone],
        );
  const row = found.rows[0];
  if (!row || Number(row.age_s) > PHONE_OTP_EXPIRY_S) {
    await verifyLimit.record(limitKey);
    throw expired();
  }
  // Used up whatever happens next: a code signs in once.
  const used = await ctx.db.query('delete from auth.one_time_tokens where id = $1 returning id', [row.id]);
  if (!used.rows.length) throw expired();
  let user = await userById(ctx.db, row.user_id);
  if (!user) throw expired();
  if (isBanned(user)) throw new AuthError(400, 'user_banned', 'User is banned');
  if (kind === 'phone_change') {
    if (user.phoneChange !== phone) throw expired();
    const changed = await updateUser(ctx.db, user.id, {
      phone,
      phone_change: null,
      phone_confirmed_at: 'now()',
      ...(user.isAnonymous ? { is_anonymous: false, raw_app_meta_data: { ...user.appMetadata, provider: 'phone', providers: ['phone'] } } : {}),
    });
    if (!changed) throw new AuthError(422, 'phone_exists', 'Phone number already registered by another user');
    user = changed;
    ctx.event = 'user_modified';
  } else {
    if (user.phone !== phone) throw expired();
    if (!user.phoneConfirmedAt) user = (await updateUser(ctx.db, user.id, { phone_confirmed_at: 'now()' })) ?? user;
    ctx.event = user.lastSignInAt ? 'login' : 'user_confirmed';
  }
  return signIn(ctx, user, kind === 'phone_change' ? 'phone_change' : 'otp');
}

/** PUT /user with a phone: the new number waits for the code sent to it. */
export async function startPhoneChange(ctx: AuthContext, user: AuthUser, value: unknown): Promise<AuthUser> {
  requirePhoneProvider(ctx);
  const phone = checkPhone(value);
  if (phone === user.phone) return user;
  const taken = await userByPhone(ctx.db, phone);
  if (taken && taken.id !== user.id) throw new AuthError(422, 'phone_exists', 'Phone number already registered by another user');
  const pending = (await updateUser(ctx.db, user.id, { phone_change: phone })) ?? user;
  await sendSmsCode(ctx, pending, 'phone_change', phone);
  return (await userById(ctx.db, user.id)) ?? pending;
}

/** POST /resend with type sms (a number not confirmed yet) or phone_change (the pending new number). */
export async function resendSms(ctx: AuthContext, body: Body) {
  requirePhoneProvider(ctx);
  const phone = checkPhone(body.phone);
  if (body.type === 'sms') {
    const user = await userByPhone(ctx.db, phone);
    if (!user || isBanned(user) || user.phoneConfirmedAt) return {};
    return { message_id: await sendSmsCode(ctx, user, 'sms', phone) };
  }
  const r = await ctx.db.query('select id from auth.users where phone_change = $1', [phone]);
  const user = r.rows[0] ? await userById(ctx.db, String(r.rows[0].id)) : null;
  if (!user || isBanned(user)) return {};
  return { message_id: await sendSmsCode(ctx, user, 'phone_change', phone) };
}
