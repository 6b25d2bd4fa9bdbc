import { checkEmail, metadata, redirectTarget, sendEmailLink, signIn, tokenTypeOf, withinLimits, rateLimitFor, type AuthContext } from './context';
import { AuthError, invalid } from './errors';
import type { AuthEmailKind } from './mail';
import { emailTokenHash } from './tokens';
import { rememberEmailPkce, takeEmailPkce } from './email-pkce';
import { issuePkceCode, pkceChallengeOf } from './oauth';
import { phoneOtp, verifyPhone } from './phone';
import { insertUser, isBanned, updateUser, userByEmail, userById, type AuthUser } from './users';

// Flows carried by email: password recovery, magic links, and verifying the links and codes of
// every email (confirmation, invite, magic link, recovery, email change).

type Body = Record<string, unknown>;

/** POST /recover: always 200 {} (whether the address is registered is not told); a recovery email when it is. */
export async function recover(ctx: AuthContext, body: Body, redirectTo: unknown): Promise<Record<string, never>> {
  const email = checkEmail(body.email);
  const pkce = pkceChallengeOf(body);
  const target = redirectTarget(ctx, redirectTo);
  const user = await userByEmail(ctx.db, email);
  if (user && !isBanned(user)) {
    await sendEmailLink(ctx, user, 'recovery', target);
    await rememberEmailPkce(ctx, user.id, tokenTypeOf('recovery'), pkce);
  }
  ctx.event = 'user_recovery_requested';
  return {};
}

/** POST /otp: a magic link to sign in (a new user is created and sent a confirmation when allowed). */
export async function magicLink(ctx: AuthContext, body: Body, redirectTo: unknown): Promise<Record<string, unknown>> {
  if (body.email === undefined && body.phone !== undefined) return phoneOtp(ctx, body);
  const email = checkEmail(body.email);
  const pkce = pkceChallengeOf(body);
  const target = redirectTarget(ctx, redirectTo);
  const existing = await userByEmail(ctx.db, email);
  if (existing) {
    if (isBanned(existing)) throw new AuthError(400, 'user_banned', 'User is banned');
    await sendEmailLink(ctx, existing, existing.emailConfirmedAt ? 'magiclink' : 'signup', target);
    await rememberEmailPkce(ctx, existing.id, tokenTypeOf('magiclink'), pkce);
    return {};
  }
  if (body.create_user === false) throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp');
  if (!ctx.settings.signUpsAllowed) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
  const user = await insertUser(ctx.db, { email, passwordHash: null, confirmed: false, userMetadata: metadata(body.data, 'data') });
  if (user) {
    await sendEmailLink(ctx, user, 'signup', target);
    await rememberEmailPkce(ctx, user.id, tokenTypeOf('signup'), pkce);
  }
  return {};
}

const VERIFY_TYPES: Record<string, AuthEmailKind> = {
  signup: 'signup',
  invite: 'invite',
  magiclink: 'magiclink',
  email: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
};

const EXPIRY_MS: Record<string, number> = {
  confirmation_token: 24 * 3600_000,
  recovery_token: 3600_000,
  email_change_token_new: 24 * 3600_000,
  email_change_token_current: 24 * 3600_000,
};

/** The two links of an email change: to the new address, and (secure email change) to the current one. */
const EMAIL_CHANGE_TOKENS = ['email_change_token_new', 'email_change_token_current'] as const;

/** What the first of the two confirmations of a secure email change answers. */
export const SINGLE_CONFIRMATION = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

const expired = () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid');

/** How a verified email signs its user in (the session's amr). */
const amrOf = (kind: AuthEmailKind) => (kind === 'recovery' ? 'recovery' : kind === 'invite' ? 'invite' : kind === 'email_change' ? 'email_change' : 'otp');

/**
 * Checks a link's token hash, or an email and its six-digit code, for the given type; uses it up
 * and signs the user in (confirming their email, or changing it). Failed tries are limited per address.
 */
export async function verifyToken(ctx: AuthContext, params: { type: unknown; tokenHash?: unknown; email?: unknown; otp?: unknown }) {
  const verified = await verifyUser(ctx, params);
  if (verified.partial) return verified;
  return { kind: verified.kind, partial: false as const, session: await signIn(ctx, verified.user, amrOf(verified.kind)) };
}

/** verifyToken's checks and their effect on the user (confirmed, email changed), without the session. */
async function verifyUser(ctx: AuthContext, params: { type: unknown; tokenHash?: unknown; email?: unknown; otp?: unknown }) {
  const kind = typeof params.type === 'string' ? VERIFY_TYPES[params.type] : undefined;
  if (!kind) throw invalid('type must be one of signup, invite, magiclink, email, recovery, email_change');
  const [verifyLimit, limitKey] = rateLimitFor(ctx, 'token_verifications');
  await withinLimits([[verifyLimit, limitKey]], 'verification attempts', 'over_request_rate_limit');
  let hashValue: string;
  let email: string | null = null;
  if (typeof params.tokenHash === 'string' && params.tokenHash) hashValue = params.tokenHash;
  else if (typeof params.otp === 'string' && params.otp) {
    email = checkEmail(params.email);
    hashValue = emailTokenHash(email, params.otp);
  } else throw invalid('Verify requires a token_hash, or an email and its token');
  if (hashValue.length > 128) throw expired();

  const types = kind === 'email_change' ? [...EMAIL_CHANGE_TOKENS] : kind === 'recovery' ? [tokenTypeOf(kind)] : ['confirmation_token'];
  const found = await ctx.db.query<{ id: string; user_id: string; relates_to: string; age_ms: string | number; token_type: string }>(
    `select id, user_id, relates_to, token_type, extract(epoch from (now() - created_at)) * 1000 as age_ms
     from auth.one_time_tokens where token_hash = $1 and token_type = any($2::text[])`,
    [hashValue, types],
  );
  const row = found.rows[0];
  if (!row || (email !== null && row.relates_to.toLowerCase() !== email) || Number(row.age_ms) > EXPIRY_MS[row.token_type]!) {
    await verifyLimit.record(limitKey);
    throw expired();
  }
  await ctx.db.query('delete from auth.one_time_tokens where id = $1', [row.id]);
  let user: AuthUser | null = await userById(ctx.db, row.user_id);
  if (!user) throw expired();
  if (isBanned(user)) throw new AuthError(400, 'user_banned', 'User is banned');
  if (kind === 'email_change') {
    const address = row.token_type === 'email_change_token_new' ? user.emailChange : user.email;
    if (!user.emailChange || !address || address.toLowerCase() !== row.relates_to.toLowerCase()) throw expired();
    const other = await ctx.db.query('select 1 from auth.one_time_tokens where user_id = $1 and token_type = any($2::text[])', [user.id, [...EMAIL_CHANGE_TOKENS]]);
    if (other.rows.length) {
      await updateUser(ctx.db, user.id, { email_change_confirm_status: 1 });
      ctx.event = 'user_modified';
      return { kind, partial: true as const };
    }
    user = await updateUser(ctx.db, user.id, {
      email: user.emailChange,
      email_change: null,
      email_change_confirm_status: 0,
      email_confirmed_at: 'now()',
      // An anonymous user who confirmed an email is a permanent user from now on.
      ...(user.isAnonymous ? { is_anonymous: false, raw_app_meta_data: { ...user.appMetadata, provider: 'email', providers: ['email'] } } : {}),
    });
    if (!user) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
  } else if (!user.emailConfirmedAt) {
    user = (await updateUser(ctx.db, user.id, { email_confirmed_at: 'now()' })) ?? user;
  }
  ctx.event = kind === 'recovery' ? 'user_recovery_verified' : kind === 'signup' || kind === 'invite' ? 'user_confirmed' : 'login';
  return { kind, partial: false as const, user, tokenType: row.token_type };
}

/** POST /verify: the session as JSON (the first confirmation of a secure email change: a message). */
export async function verifyPost(ctx: AuthContext, body: Body) {
  if (body.type === 'sms' || body.type === 'phone_change') return verifyPhone(ctx, body);
  const verified = await verifyToken(ctx, { type: body.type, tokenHash: body.token_hash, email: body.email, otp: body.token });
  if (verified.partial) return { msg: SINGLE_CONFIRMATION, code: 200 };
  return verified.session;
}

/**
 * GET /verify (the link of an email, opened in a browser): 303 to the redirect target with the
 * session in the fragment (`#access_token=…&type=signup`), or the error there. A target outside the
 * allow-list leads to the site URL instead.
 */
export async function verifyLink(ctx: AuthContext, query: Record<string, unknown>): Promise<string> {
  const target = redirectTarget(ctx, query.redirect_to);
  try {
    const verified = await verifyUser(ctx, { type: query.type, tokenHash: query.token });
    if (verified.partial) return `${target.split('#')[0]}#${new URLSearchParams({ message: SINGLE_CONFIRMATION })}`;
    // A PKCE request (the app kept the verifier): the link ends with ?code=… for exchangeCodeForSession.
    const pkce = await takeEmailPkce(ctx, verified.user.id, verified.tokenType);
    if (pkce) {
      const url = new URL(target);
      url.hash = '';
      url.searchParams.set('code', await issuePkceCode(ctx, verified.user.id, { ...pkce, amr: amrOf(verified.kind) }));
      return url.toString();
    }
    const session = await signIn(ctx, verified.user, amrOf(verified.kind));
    const fragment = new URLSearchParams({
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: 'bearer',
      type: String(query.type),
    });
    return `${target.split('#')[0]}#${fragment}`;
  } catch (err) {
    if (!(err instanceof AuthError) || err.status >= 500) throw err;
    const fragment = new URLSearchParams({ error: err.status === 403 ? 'access_denied' : 'invalid_request', error_code: err.errorCode, error_description: err.message });
    return `${target.split('#')[0]}#${fragment}`;
  }
}

/** POST /invite (service_role): creates the user (or re-invites one who never confirmed) and sends the invite. */
export async function invite(ctx: AuthContext, body: Body, redirectTo: unknown) {
  const email = checkEmail(body.email);
  const target = redirectTarget(ctx, redirectTo);
  const data = metadata(body.data, 'data');
  let user = await userByEmail(ctx.db, email);
  if (user?.emailConfirmedAt) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
  if (!user) user = await insertUser(ctx.db, { email, passwordHash: null, confirmed: false, invited: true, userMetadata: data });
  if (!user) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
  ctx.event = 'user_invited';
  return sendEmailLink(ctx, user, 'invite', target);
}
