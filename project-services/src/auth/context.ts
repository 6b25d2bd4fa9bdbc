import { HttpError, type ProjectDatabase } from '@plinth/platform-core/deps';
import { recordProjectLogEvent } from '@plinth/platform-core/request-log';
import { AttemptLimit, assertWithinLimits, type AttemptStore } from '@plinth/platform-core/rate-limit';
import { AUTH_RATE_LIMITS, type AuthRateLimitKey } from '@plinth/contracts-auth';
import type { ProjectCaller, ProjectSecrets } from '../caller';
import { AuthError, invalid } from './errors';
import type { AuthEmailKind, AuthMailer } from './mail';
import type { AuthSmsSender } from './sms';
import { runAccessTokenHook } from './hook';
import { startSession, type SessionLevel } from './sessions';
import { redirectAllowed, type ProjectAuthSettings } from './settings';
import { accessTokenClaims, emailTokenHash, newEmailOtp, signAccessToken } from './tokens';
import { toUser, updateUser, userJson, withFactors, type AuthUser } from './users';

/** Everything a request of the auth service works with. */
export interface AuthContext {
  ref: string;
  db: ProjectDatabase;
  settings: ProjectAuthSettings;
  secrets: ProjectSecrets;
  /** Null on the open routes (the email links). */
  caller: ProjectCaller | null;
  /** The service's own address, e.g. http://127.0.0.1:4000/api/projects/{ref}/auth/v1 (token issuer, email links). */
  baseUrl: string;
  mailer: AuthMailer;
  /** Where the codes of phone sign-in go (./sms). */
  sms: AuthSmsSender;
  limits: ProjectAuthLimits;
  /** The key that seals the project's TOTP factor secrets (./factor-secret). */
  factorKey: () => Promise<Buffer>;
  ip: string;
  userAgent: string | undefined;
  /** Set by a route for the request record: what happened ("login", "user_signedup"...). */
  event?: string;
  /** The user the request signed in or acted as, for the request record. */
  userId?: string;
  /** The server the request came to, for the events it records (recordProjectLogEvent). */
  logServer?: unknown;
}

/**
 * Attempts allowed, counted in the control database (AttemptLimit: every instance on it counts
 * together): the fixed guards (failed sign-ins per email, emails per address) and the project's own
 * rate limits (AUTH_RATE_LIMITS, read from its settings on each request: `setting` answers the
 * counter for a limit's current value, so a changed limit starts counting afresh). `scope` keeps
 * apart counts that must not meet: the apps' calls ('auth') and the console's sends ('console').
 */
export class ProjectAuthLimits {
  readonly signInPerEmail: AttemptLimit;
  readonly emailsPerEmail: AttemptLimit;
  readonly emailsPerAddress: AttemptLimit;
  /** Text messages per phone number, the fixed guard of emailsPerEmail for SMS. */
  readonly smsPerPhone: AttemptLimit;
  private readonly byValue = new Map<string, AttemptLimit>();

  constructor(
    private readonly store: AttemptStore,
    private readonly scope: 'auth' | 'console' = 'auth',
  ) {
    this.signInPerEmail = new AttemptLimit(store, `${scope}:sign_in_per_email`, 10, 15 * 60_000);
    this.emailsPerEmail = new AttemptLimit(store, `${scope}:emails_per_email`, 5, 60 * 60_000);
    this.emailsPerAddress = new AttemptLimit(store, `${scope}:emails_per_address`, 30, 60 * 60_000);
    this.smsPerPhone = new AttemptLimit(store, `${scope}:sms_per_phone`, 5, 60 * 60_000);
  }

  setting(key: AuthRateLimitKey, max: number): AttemptLimit {
    const id = `${key}:${max}`;
    let limit = this.byValue.get(id);
    if (!limit) {
      const windowSeconds = AUTH_RATE_LIMITS.find((l) => l.key === key)!.windowSeconds;
      limit = new AttemptLimit(this.store, `${this.scope}:${id}`, max, windowSeconds * 1000);
      this.byValue.set(id, limit);
    }
    return limit;
  }
}

/** The project's own limit `key` for the caller's address (or the whole project for emails and SMS), checked and counted. */
export async function countRateLimit(ctx: AuthContext, key: AuthRateLimitKey, errorCode = 'over_request_rate_limit'): Promise<void> {
  const limit = ctx.limits.setting(key, ctx.settings.rateLimits[key]);
  const id = key === 'email_sent' || key === 'sms_sent' ? ctx.ref : `${ctx.ref}|${ctx.ip}`;
  const what = AUTH_RATE_LIMITS.find((l) => l.key === key)!.label.toLowerCase();
  await withinLimits([[limit, id]], what, errorCode);
  await limit.record(id);
}

/** The project's own limit `key` for the caller's address, checked only (counted later, e.g. on failure). */
export function rateLimitFor(ctx: AuthContext, key: AuthRateLimitKey): [AttemptLimit, string] {
  return [ctx.limits.setting(key, ctx.settings.rateLimits[key]), `${ctx.ref}|${ctx.ip}`];
}

/** Throws a 429 in the clients' shape when any limit is reached. */
export async function withinLimits(checks: [AttemptLimit, string][], what: string, errorCode: string): Promise<void> {
  try {
    await assertWithinLimits(checks, what);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    throw Object.assign(new AuthError(429, errorCode, err.message), { retryAfterSeconds: (err as { retryAfterSeconds?: number }).retryAfterSeconds });
  }
}

/** An address as browsers' email inputs accept it (local part, then labels of letters, digits and hyphens). */
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** An email address checked as GoTrue checks it: 400 validation_failed when missing, too long or malformed. */
export function checkEmail(email: unknown): string {
  if (typeof email !== 'string' || !email.trim()) throw invalid('An email address is required');
  const e = email.trim();
  if (e.length > 255) throw invalid('An email address is too long');
  if (!EMAIL.test(e)) throw invalid('Unable to validate email address: invalid format');
  return e.toLowerCase();
}

export function checkPassword(ctx: AuthContext, password: unknown): string {
  if (typeof password !== 'string' || password === '') throw invalid('A password is required');
  if (password.length > 1024) throw invalid('The password is longer than 1024 characters');
  const min = ctx.settings.minPasswordLength;
  if ([...password].length < min) {
    throw new AuthError(422, 'weak_password', `Password should be at least ${min} characters.`, { weak_password: { reasons: ['length'] } });
  }
  return password;
}

export function metadata(v: unknown, field: string): Record<string, unknown> | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw invalid(`${field} must be an object`);
  if (JSON.stringify(v).length > 64 * 1024) throw invalid(`${field} is larger than 64 kB`);
  return v as Record<string, unknown>;
}

/**
 * Where an email link or a sign-in leads: the address asked for when the site URL or the
 * allow-list allows it, else the site URL (never refused, never followed elsewhere).
 */
export function redirectTarget(ctx: AuthContext, asked: unknown): string {
  if (typeof asked !== 'string' || asked === '' || asked.length > 2048 || !redirectAllowed(ctx.settings, asked)) return ctx.settings.siteUrl;
  return asked;
}

export type SessionJson = {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: ReturnType<typeof userJson>;
};

/**
 * The session answer of a sign-in, for an existing session or a new one: the access token (its
 * claims passed through the project's custom access token hook when one is set) and the user with
 * their factors. `method` is how this token was asked for (the hook's authentication_method).
 */
export async function sessionJson(ctx: AuthContext, user: AuthUser, sessionId: string, refreshToken: string, level: SessionLevel, method: string): Promise<SessionJson> {
  const claims = accessTokenClaims({
    ref: ctx.ref,
    user,
    sessionId,
    expirySeconds: ctx.settings.jwtExpirySeconds,
    aal: level.aal,
    amr: level.amr,
    issuer: ctx.baseUrl,
  });
  const signed = ctx.settings.accessTokenHook ? await runAccessTokenHook(ctx.db, ctx.settings.accessTokenHook, { user_id: user.id, claims, authentication_method: method }) : claims;
  const { token, expiresAt } = await signAccessToken(signed, ctx.secrets.jwtSecret);
  const full = await withFactors(ctx.db, user);
  return { access_token: token, token_type: 'bearer', expires_in: ctx.settings.jwtExpirySeconds, expires_at: expiresAt, refresh_token: refreshToken, user: userJson(full) };
}

/** Starts a session for the user (they signed in by `method`: password, otp, oauth, anonymous…) and answers it. */
export async function signIn(ctx: AuthContext, user: AuthUser, method: string): Promise<SessionJson> {
  ctx.userId = user.id;
  const s = await startSession(ctx.db, user.id, { userAgent: ctx.userAgent, ip: ctx.ip }, method);
  return sessionJson(ctx, toUser(s.userRow), s.sessionId, s.refreshToken, { aal: 'aal1', amr: s.amr }, method);
}

const TOKEN_TYPES: Record<AuthEmailKind, string> = {
  signup: 'confirmation_token',
  invite: 'confirmation_token',
  magiclink: 'confirmation_token',
  recovery: 'recovery_token',
  email_change: 'email_change_token_new',
  reauthentication: 'reauthentication_token',
};

const SENT_AT: Record<AuthEmailKind, 'confirmation_sent_at' | 'recovery_sent_at' | 'email_change_sent_at' | 'reauthentication_sent_at'> = {
  signup: 'confirmation_sent_at',
  invite: 'confirmation_sent_at',
  magiclink: 'confirmation_sent_at',
  recovery: 'recovery_sent_at',
  email_change: 'email_change_sent_at',
  reauthentication: 'reauthentication_sent_at',
};

/** Stores a new one-time code for the user (replacing any earlier one of its type); answers the code and its hash (the link's token). */
export async function storeEmailToken(ctx: AuthContext, userId: string, tokenType: string, to: string): Promise<{ otp: string; tokenHash: string }> {
  const otp = newEmailOtp();
  const tokenHash = emailTokenHash(to, otp);
  await ctx.db.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to) values ($1, $2, $3, $4)
     on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to, created_at = now()`,
    [userId, tokenType, tokenHash, to],
  );
  return { otp, tokenHash };
}

export const tokenTypeOf = (kind: AuthEmailKind) => TOKEN_TYPES[kind];

/** The link of an email: GET /verify with the token, its type and where it leads. */
export const verifyLinkOf = (ctx: AuthContext, tokenHash: string, type: string, redirectTo: string) =>
  `${ctx.baseUrl}/verify?${new URLSearchParams({ token: tokenHash, type, redirect_to: redirectTo })}`;

/**
 * Sends the user an email with a one-time link and code (replacing any earlier one of its kind),
 * within the per-email and per-address limits.
 */
export async function sendEmailLink(
  ctx: AuthContext,
  user: AuthUser,
  kind: AuthEmailKind,
  redirectTo: string,
  to = user.email ?? '',
  tokenType = TOKEN_TYPES[kind],
): Promise<AuthUser> {
  // The project's own limit counts every email it sends, whoever asks; the fixed guards per address and per recipient stay.
  const projectWide = ctx.limits.setting('email_sent', ctx.settings.rateLimits.email_sent);
  await withinLimits(
    [
      [ctx.limits.emailsPerEmail, `${ctx.ref}|${to}`],
      [ctx.limits.emailsPerAddress, `${ctx.ref}|${ctx.ip}`],
      [projectWide, ctx.ref],
    ],
    'emails sent',
    'over_email_send_rate_limit',
  );
  await ctx.limits.emailsPerEmail.record(`${ctx.ref}|${to}`);
  await ctx.limits.emailsPerAddress.record(`${ctx.ref}|${ctx.ip}`);
  await projectWide.record(ctx.ref);
  const { otp, tokenHash } = await storeEmailToken(ctx, user.id, tokenType, to);
  const updated = (await updateUser(ctx.db, user.id, { [SENT_AT[kind]]: 'now()' })) ?? user;
  const link = kind === 'reauthentication' ? '' : verifyLinkOf(ctx, tokenHash, kind, redirectTo);
  // An auth event of the project's logs (auth_logs), without the address or the link.
  const sent = (level: string, message: string) =>
    recordProjectLogEvent({ ref: ctx.ref, source: 'auth', level, action: level === 'INFO' ? 'email_sent' : 'email_send_failed', message, userId: user.id, role: ctx.caller?.role ?? null, detail: kind }, ctx.logServer);
  try {
    await ctx.mailer.send({ ref: ctx.ref, to, kind, link, otp, siteUrl: ctx.settings.siteUrl, redirectTo });
    sent('INFO', `${kind} e-mail sent`);
  } catch {
    sent('ERROR', `${kind} e-mail not accepted by the mail server`);
    throw new AuthError(503, 'email_send_failed', 'Error sending the email: the mail server did not accept it. Try again later.');
  }
  return updated;
}
