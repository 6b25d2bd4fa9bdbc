import { randomUUID } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { recordProjectLogEvent } from '@plinth/platform-core/request-log';
import { currentUser } from './account';
import { sessionJson, withinLimits, rateLimitFor, type AuthContext } from './context';
import { openFactorSecret, sealFactorSecret } from './factor-secret';
import { AuthError, invalid } from './errors';
import { checkPhone, countSms, smsEvent, smsSendFailed } from './phone';
import { raiseSession, sessionLevel } from './sessions';
import { newEmailOtp, sha256 } from './tokens';
import { factorJson, isUuid, userById, type AuthUser } from './users';

// Multi-factor authentication of a project's users: enroll a factor, challenge it, verify a code
// (the session becomes aal2, `totp` or `mfa/phone` joins its amr), unenroll; and the admin's view of
// a user's factors. TOTP factors keep a sealed secret; phone factors (behind the project's
// mfaPhoneEnrollEnabled and mfaPhoneVerifyEnabled settings) a number, and each of their challenges
// the hash of the six-digit code sent by SMS through the project's sender. Factors live in
// auth.mfa_factors, challenges in auth.mfa_challenges.

type Body = Record<string, unknown>;

/**
 * An MFA step as an event of the project's auth logs (auth_logs), beside the request's own record:
 * the factor type, or why a challenge failed, in its detail.
 */
function mfaEvent(ctx: AuthContext, userId: string, level: 'INFO' | 'WARNING', action: string, message: string, detail: string): void {
  recordProjectLogEvent({ ref: ctx.ref, source: 'auth', level, action, message, userId, role: ctx.caller?.role ?? null, detail }, ctx.logServer);
}

/** A failed answer to a challenge: logged with its reason, then refused as the clients expect. */
function challengeFailed(ctx: AuthContext, userId: string, reason: string, refusal: AuthError): AuthError {
  mfaEvent(ctx, userId, 'WARNING', 'mfa_challenge_failed', `MFA challenge failed: ${reason.replace(/_/g, ' ')}`, reason);
  return refusal;
}

/** Verified factors a user may have at most. */
const MAX_VERIFIED_FACTORS = 10;
/** A challenge is answered within this many seconds. */
const CHALLENGE_EXPIRY_S = 300;
/** One SMS per phone factor per this many seconds (GoTrue's default MFA_PHONE_MAX_FREQUENCY). */
export const PHONE_CHALLENGE_INTERVAL_S = 5;
/** Unverified factors older than this are forgotten when the user enrolls another. */
const UNVERIFIED_FACTOR_TTL = '1 day';

const factorNotFound = () => new AuthError(404, 'mfa_factor_not_found', 'Factor not found');

interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  secret: string;
  last_used_step: string | number | null;
  created_at: unknown;
  updated_at: unknown;
  last_challenged_at: unknown;
  phone?: string | null;
}

const phoneEnrollDisabled = () => new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
const phoneVerifyDisabled = () => new AuthError(422, 'mfa_phone_verify_not_enabled', 'MFA verification is disabled for Phone');

/** The code hash a phone challenge keeps (the code itself is only in the text message). */
const phoneCodeHash = (challengeId: string, code: string) => sha256(`${challengeId}:${code}`);

/** The calling user, their session and its assurance level (from the session row, which a verify raises). */
async function caller(ctx: AuthContext) {
  const { user, sessionId } = await currentUser(ctx);
  if (!sessionId) throw new AuthError(401, 'session_not_found', 'This route needs a user\'s session (the access token has no session_id)');
  const level = await sessionLevel(ctx.db, sessionId);
  ctx.userId = user.id;
  return { user, sessionId, aal: level.aal };
}

async function factorOf(ctx: AuthContext, userId: string, factorId: string): Promise<FactorRow> {
  if (!isUuid(factorId)) throw factorNotFound();
  const r = await ctx.db.query<FactorRow>('select * from auth.mfa_factors where id = $1 and user_id = $2', [factorId, userId]);
  if (!r.rows[0]) throw factorNotFound();
  return r.rows[0];
}

async function verifiedCount(ctx: AuthContext, userId: string): Promise<number> {
  const r = await ctx.db.query<{ n: string | number }>(`select count(*) as n from auth.mfa_factors where user_id = $1 and status = 'verified'`, [userId]);
  return Number(r.rows[0]?.n ?? 0);
}

function issuerOf(ctx: AuthContext, asked: unknown): string {
  if (typeof asked === 'string' && asked.trim()) {
    if (asked.length > 255) throw invalid('issuer is longer than 255 characters');
    return asked.trim();
  }
  try {
    return new URL(ctx.settings.siteUrl).host || 'Plinth';
  } catch {
    return 'Plinth';
  }
}

const nameConflict = (friendlyName: string) =>
  new AuthError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`);
const phoneFactorExists = () =>
  new AuthError(422, 'mfa_verified_factor_exists', 'A verified phone factor already exists, unenroll the existing factor to continue');

/**
 * POST /factors: a new unverified factor. TOTP: its secret, otpauth:// URI and QR code (SVG).
 * Phone: the number (normalised as phone sign-in does; one the user has as a verified phone factor
 * is refused, an unverified one with it is replaced).
 */
export async function enrollFactor(ctx: AuthContext, body: Body) {
  const { user, aal } = await caller(ctx);
  const type = body.factor_type;
  if (type === 'phone' && !ctx.settings.mfaPhoneEnrollEnabled) throw phoneEnrollDisabled();
  if (type === 'webauthn') throw new AuthError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  if (type !== 'totp' && type !== 'phone') throw invalid('factor_type needs to be totp, phone or webauthn');
  const friendlyName = body.friendly_name === undefined || body.friendly_name === null ? '' : body.friendly_name;
  if (typeof friendlyName !== 'string') throw invalid('friendly_name must be a string');
  if (friendlyName.length > 255) throw invalid('friendly_name is longer than 255 characters');
  const phone = type === 'phone' ? checkPhone(body.phone) : null;
  const issuer = type === 'totp' ? issuerOf(ctx, body.issuer) : '';

  const verified = await verifiedCount(ctx, user.id);
  if (verified > 0 && aal !== 'aal2') throw new AuthError(422, 'insufficient_aal', 'AAL2 required to enroll a new factor');
  if (verified >= MAX_VERIFIED_FACTORS) throw new AuthError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
  await ctx.db.query(`delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and created_at < now() - interval '${UNVERIFIED_FACTOR_TTL}'`, [user.id]);
  if (phone !== null) return enrollPhoneFactor(ctx, user, phone, friendlyName, body.phone as string);

  const secret = new OTPAuth.Secret({ size: 20 });
  const totp = new OTPAuth.TOTP({ issuer, label: user.email || user.id, secret, algorithm: 'SHA1', digits: 6, period: 30 });
  const uri = totp.toString();
  let row: FactorRow | undefined;
  try {
    const r = await ctx.db.query<FactorRow>(
      `insert into auth.mfa_factors (user_id, friendly_name, factor_type, status, secret) values ($1, $2, 'totp', 'unverified', $3) returning *`,
      [user.id, friendlyName || null, sealFactorSecret(await ctx.factorKey(), user.id, secret.base32)],
    );
    row = r.rows[0];
  } catch (err) {
    if ((err as { code?: unknown }).code === '23505') throw nameConflict(friendlyName);
    throw err;
  }
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  ctx.event = 'factor_enrolled';
  mfaEvent(ctx, user.id, 'INFO', 'mfa_factor_enrolled', 'MFA factor enrolled', 'totp');
  return { id: row!.id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: svg, secret: secret.base32, uri } };
}

async function enrollPhoneFactor(ctx: AuthContext, user: AuthUser, phone: string, friendlyName: string, asked: string) {
  const same = await ctx.db.query<{ id: string; status: string }>(
    `select id, status from auth.mfa_factors where user_id = $1 and factor_type = 'phone' and phone = $2`,
    [user.id, phone],
  );
  if (same.rows.some((f) => f.status === 'verified')) throw phoneFactorExists();
  if (same.rows.length) await ctx.db.query(`delete from auth.mfa_factors where id = any($1::uuid[]) and status = 'unverified'`, [same.rows.map((f) => f.id)]);
  let row: FactorRow | undefined;
  try {
    const r = await ctx.db.query<FactorRow>(
      `insert into auth.mfa_factors (user_id, friendly_name, factor_type, status, secret, phone) values ($1, $2, 'phone', 'unverified', '', $3) returning *`,
      [user.id, friendlyName || null, phone],
    );
    row = r.rows[0];
  } catch (err) {
    if ((err as { code?: unknown }).code === '23505') {
      // Two enrolments of one number at once: the index on (user, phone) lets one through.
      if (String((err as { constraint?: unknown }).constraint ?? (err as Error).message).includes('mfa_factors_user_phone_idx')) throw phoneFactorExists();
      throw nameConflict(friendlyName);
    }
    throw err;
  }
  ctx.event = 'factor_enrolled';
  mfaEvent(ctx, user.id, 'INFO', 'mfa_factor_enrolled', 'MFA factor enrolled', 'phone');
  return { id: row!.id, type: 'phone', friendly_name: friendlyName, phone: asked };
}

/**
 * POST /factors/{id}/challenge: a challenge to answer with a code within five minutes. For a phone
 * factor the code goes by SMS (channel sms) through the project's sender, under the SMS limits.
 */
export async function challengeFactor(ctx: AuthContext, factorId: string, body: Body = {}) {
  const { user } = await caller(ctx);
  const factor = await factorOf(ctx, user.id, factorId);
  if (factor.factor_type === 'phone') return challengePhoneFactor(ctx, user, factor, body);
  const r = await ctx.db.query<{ id: string; expires_at: string | number }>(
    `with c as (insert into auth.mfa_challenges (factor_id, ip) values ($1, $2) returning id, created_at),
          f as (update auth.mfa_factors set last_challenged_at = now() where id = $1)
     select id, extract(epoch from created_at)::bigint + ${CHALLENGE_EXPIRY_S} as expires_at from c`,
    [factor.id, ctx.ip],
  );
  ctx.event = 'challenge_created';
  return { id: r.rows[0]!.id, type: factor.factor_type, expires_at: Number(r.rows[0]!.expires_at) };
}

async function challengePhoneFactor(ctx: AuthContext, user: AuthUser, factor: FactorRow, body: Body) {
  if (!ctx.settings.mfaPhoneVerifyEnabled) throw phoneVerifyDisabled();
  if (body.channel !== undefined && body.channel !== 'sms') throw invalid('channel must be sms (WhatsApp is not offered)');
  const to = String(factor.phone ?? '');
  const last = await ctx.db.query<{ age_s: string | number | null }>(
    'select extract(epoch from (now() - last_challenged_at)) as age_s from auth.mfa_factors where id = $1',
    [factor.id],
  );
  const age = last.rows[0]?.age_s == null ? Infinity : Number(last.rows[0].age_s);
  await countSms(ctx, user.id, 'mfa_phone', to, PHONE_CHALLENGE_INTERVAL_S - age);
  const id = randomUUID();
  const otp = newEmailOtp();
  const r = await ctx.db.query<{ expires_at: string | number }>(
    `with c as (insert into auth.mfa_challenges (id, factor_id, ip, otp_code) values ($1, $2, $3, $4) returning created_at),
          f as (update auth.mfa_factors set last_challenged_at = now() where id = $2)
     select extract(epoch from created_at)::bigint + ${CHALLENGE_EXPIRY_S} as expires_at from c`,
    [id, factor.id, ctx.ip, phoneCodeHash(id, otp)],
  );
  try {
    await ctx.sms.send({ ref: ctx.ref, to, kind: 'mfa_phone', otp });
    smsEvent(ctx, user.id, 'mfa_phone', 'INFO', 'sms_sent', 'mfa_phone text message sent');
  } catch {
    smsEvent(ctx, user.id, 'mfa_phone', 'ERROR', 'sms_send_failed', 'mfa_phone text message not accepted by the SMS provider');
    await ctx.db.query('delete from auth.mfa_challenges where id = $1', [id]);
    throw smsSendFailed();
  }
  ctx.event = 'challenge_created';
  return { id, type: 'phone', expires_at: Number(r.rows[0]!.expires_at) };
}


/** The time step a TOTP code was made in, or null when the code is wrong (one step of drift either way). */
function codeStep(secret: string, code: string, now = Date.now()): number | null {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  const delta = totp.validate({ token: code, window: 1, timestamp: now });
  return delta === null ? null : Math.floor(now / 1000 / 30) + delta;
}

/**
 * POST /factors/{id}/verify: checks the code against the challenge. The factor becomes verified
 * (on its first verify every other session of the user ends) and the session aal2; answers the
 * session with a new access and refresh token. A code is accepted once.
 */
export async function verifyFactor(ctx: AuthContext, factorId: string, body: Body) {
  const { user, sessionId } = await caller(ctx);
  const factor = await factorOf(ctx, user.id, factorId);
  const isPhone = factor.factor_type === 'phone';
  if (isPhone && !ctx.settings.mfaPhoneVerifyEnabled) throw phoneVerifyDisabled();
  const challengeId = body.challenge_id;
  if (typeof challengeId !== 'string' || !challengeId) throw invalid('challenge_id is required');
  if (typeof body.code !== 'string' || !body.code) throw invalid('code is required');
  const [verifyLimit, limitKey] = rateLimitFor(ctx, 'token_verifications');
  await withinLimits([[verifyLimit, limitKey]], 'verification attempts', 'over_request_rate_limit');

  const found = isUuid(challengeId)
    ? await ctx.db.query<{ id: string; ip: string | null; verified_at: unknown; age_s: string | number; otp_code: string | null }>(
        'select id, ip, verified_at, otp_code, extract(epoch from (now() - created_at)) as age_s from auth.mfa_challenges where id = $1 and factor_id = $2',
        [challengeId, factor.id],
      )
    : { rows: [] };
  const challenge = found.rows[0];
  if (!challenge || challenge.verified_at) throw new AuthError(404, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  if (Number(challenge.age_s) > CHALLENGE_EXPIRY_S) {
    await ctx.db.query('delete from auth.mfa_challenges where id = $1', [challenge.id]);
    throw challengeFailed(ctx, user.id, 'expired', new AuthError(422, 'mfa_challenge_expired', `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`));
  }
  if (challenge.ip && challenge.ip !== ctx.ip) throw challengeFailed(ctx, user.id, 'ip_address_mismatch', new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch'));
  if (isPhone) return verifyPhoneChallenge(ctx, user, sessionId, factor, challenge, body.code, [verifyLimit, limitKey]);

  // A secret that does not open (changed or moved to another user by hand) verifies no code.
  const secret = openFactorSecret(await ctx.factorKey(), user.id, factor.secret);
  const step = secret !== null && /^\d{6}$/.test(body.code) ? codeStep(secret, body.code) : null;
  const used = factor.last_used_step === null ? null : Number(factor.last_used_step);
  if (step === null || (used !== null && step <= used)) {
    await verifyLimit.record(limitKey);
    ctx.event = 'mfa_verification_failed';
    throw challengeFailed(ctx, user.id, 'invalid_code', new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered'));
  }
  // The challenge is used up and the step recorded in one statement that only one request can win.
  const won = await ctx.db.query(
    `with c as (update auth.mfa_challenges set verified_at = now() where id = $1 and verified_at is null returning factor_id)
     update auth.mfa_factors f set status = 'verified', last_used_step = $2, updated_at = now()
     from c where f.id = c.factor_id and (f.last_used_step is null or f.last_used_step < $2) returning f.id`,
    [challenge.id, step],
  );
  if (!won.rows.length) throw challengeFailed(ctx, user.id, 'code_used', new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered'));
  if (factor.status !== 'verified') {
    await ctx.db.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId]);
  }
  const raised = await raiseSession(ctx.db, user.id, sessionId, 'totp');
  const fresh = (await userById(ctx.db, user.id)) ?? user;
  ctx.event = 'mfa_verified';
  mfaEvent(ctx, user.id, 'INFO', 'mfa_challenge_verified', 'MFA challenge verified: the session is aal2', factor.factor_type);
  return sessionJson(ctx, fresh, sessionId, raised.refreshToken, raised.level, 'totp');
}

/** The end of a phone factor's verify: the code sent for the challenge, used once. */
async function verifyPhoneChallenge(
  ctx: AuthContext,
  user: AuthUser,
  sessionId: string,
  factor: FactorRow,
  challenge: { id: string; otp_code: string | null },
  code: string,
  [verifyLimit, limitKey]: ReturnType<typeof rateLimitFor>,
) {
  // The code is matched by its hash in the database, as phone sign-in's codes are, and used once.
  const won =
    challenge.otp_code && /^\d{6}$/.test(code)
      ? await ctx.db.query(
          `with c as (update auth.mfa_challenges set verified_at = now() where id = $1 and verified_at is null and otp_code = $2 returning factor_id)
           update auth.mfa_factors f set status = 'verified', updated_at = now() from c where f.id = c.factor_id returning f.id`,
          [challenge.id, phoneCodeHash(challenge.id, code)],
        )
      : { rows: [] };
  if (!won.rows.length) {
    await verifyLimit.record(limitKey);
    ctx.event = 'mfa_verification_failed';
    throw challengeFailed(ctx, user.id, 'invalid_code', new AuthError(422, 'mfa_verification_failed', 'Invalid MFA Phone code entered'));
  }
  if (factor.status !== 'verified') {
    await ctx.db.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId]);
  }
  const raised = await raiseSession(ctx.db, user.id, sessionId, 'mfa/phone');
  const fresh = (await userById(ctx.db, user.id)) ?? user;
  ctx.event = 'mfa_verified';
  mfaEvent(ctx, user.id, 'INFO', 'mfa_challenge_verified', 'MFA challenge verified: the session is aal2', 'phone');
  return sessionJson(ctx, fresh, sessionId, raised.refreshToken, raised.level, 'mfa/phone');
}

/** DELETE /factors/{id}: a verified factor needs an aal2 session. */
export async function unenrollFactor(ctx: AuthContext, factorId: string) {
  const { user, aal } = await caller(ctx);
  const factor = await factorOf(ctx, user.id, factorId);
  if (factor.status === 'verified' && aal !== 'aal2') throw new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
  await ctx.db.query('delete from auth.mfa_factors where id = $1', [factor.id]);
  ctx.event = 'factor_unenrolled';
  mfaEvent(ctx, user.id, 'INFO', 'mfa_factor_unenrolled', 'MFA factor unenrolled', factor.factor_type);
  return { id: factor.id };
}

/** GET /admin/users/{id}/factors */
export async function adminListFactors(ctx: AuthContext, user: AuthUser) {
  const r = await ctx.db.query('select * from auth.mfa_factors where user_id = $1 order by created_at, id', [user.id]);
  return r.rows.map(factorJson);
}

/** DELETE /admin/users/{id}/factors/{factorId}: answers the factor deleted. */
export async function adminDeleteFactor(ctx: AuthContext, user: AuthUser, factorId: string) {
  const factor = await factorOf(ctx, user.id, factorId);
  await ctx.db.query('delete from auth.mfa_factors where id = $1', [factor.id]);
  ctx.event = 'factor_deleted';
  mfaEvent(ctx, user.id, 'INFO', 'mfa_factor_deleted', 'MFA factor deleted by an admin', factor.factor_type);
  return factorJson(factor as unknown as Record<string, unknown>);
}
