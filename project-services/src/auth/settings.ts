import type { ControlDatabase } from '@plinth/platform-core/deps';
import { AuthRateLimitsSchema, DEFAULT_AUTH_RATE_LIMITS, type AuthRateLimits } from '@plinth/contracts-auth';

// The settings of a project's auth service, kept in the control database (one row per project;
// a project without a row has the defaults; table: core/migrations.ts). The console's auth settings page edits them later.

export interface ProjectAuthSettings {
  /** Users must confirm their email before they can sign in. Off by default: a local developer signs in at once. */
  emailConfirmationRequired: boolean;
  signUpsAllowed: boolean;
  minPasswordLength: number;
  /** Where email links lead by default; addresses under it are always allowed as redirects. */
  siteUrl: string;
  /** Other redirect targets allowed: exact URLs, or patterns where * is any text but "/" and ** any text. */
  redirectAllowList: string[];
  /** Lifetime of access tokens. */
  jwtExpirySeconds: number;
  /** A refresh token used again within this many seconds of its rotation answers the current token instead of revoking the session. */
  refreshTokenReuseSeconds: number;
  /** Apps may sign users in without any identity (signInAnonymously). Off by default. */
  anonymousSignInsAllowed: boolean;
  /** A password change needs a nonce sent by mail (reauthenticate) unless the user signed in within 24 hours. */
  securePasswordChange: boolean;
  /** An email change is confirmed by both the current and the new address. */
  secureEmailChange: boolean;
  /** A Postgres function (schema.name) given each access token's claims before it is signed, or null. */
  accessTokenHook: string | null;
  /** The service's rate limits (contracts-auth AUTH_RATE_LIMITS). */
  rateLimits: AuthRateLimits;
  /** Apps may sign users up and in with a phone number and SMS codes (external.phone). Off by default, as GoTrue. */
  phoneEnabled: boolean;
  /** Users may enroll phone factors (MFA codes by SMS), as GoTrue's MFA_PHONE_ENROLL_ENABLED. Off by default. */
  mfaPhoneEnrollEnabled: boolean;
  /** Phone factors may be challenged and verified, as GoTrue's MFA_PHONE_VERIFY_ENABLED. Off by default. */
  mfaPhoneVerifyEnabled: boolean;
}

export const DEFAULT_PROJECT_AUTH_SETTINGS: ProjectAuthSettings = {
  emailConfirmationRequired: false,
  signUpsAllowed: true,
  minPasswordLength: 6,
  siteUrl: 'http://localhost:3000',
  redirectAllowList: [],
  jwtExpirySeconds: 3600,
  refreshTokenReuseSeconds: 10,
  anonymousSignInsAllowed: false,
  securePasswordChange: false,
  secureEmailChange: true,
  accessTokenHook: null,
  rateLimits: DEFAULT_AUTH_RATE_LIMITS,
  phoneEnabled: false,
  mfaPhoneEnrollEnabled: false,
  mfaPhoneVerifyEnabled: false,
};

interface SettingsRow {
  email_confirmation_required: boolean;
  sign_ups_allowed: boolean;
  min_password_length: number;
  site_url: string;
  redirect_allow_list: unknown;
  jwt_expiry_seconds: number;
  refresh_token_reuse_seconds: number;
  anonymous_sign_ins?: boolean;
  secure_password_change?: boolean;
  secure_email_change?: boolean;
  access_token_hook?: string | null;
  rate_limits?: unknown;
  phone_enabled?: boolean;
  mfa_phone_enroll_enabled?: boolean;
  mfa_phone_verify_enabled?: boolean;
}

/** The saved rate limits over the defaults; a value that no longer passes the contract is left at its default. */
function parseRateLimits(v: unknown): AuthRateLimits {
  const saved = (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown> | null;
  const out: AuthRateLimits = { ...DEFAULT_AUTH_RATE_LIMITS };
  for (const key of Object.keys(out) as (keyof AuthRateLimits)[]) {
    const value = AuthRateLimitsSchema.shape[key].safeParse(saved?.[key]);
    if (value.success) out[key] = value.data;
  }
  return out;
}

function parseList(v: unknown): string[] {
  const list = typeof v === 'string' ? JSON.parse(v) : v;
  return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
}

/** The project's auth settings (the defaults when none were saved). */
export async function readProjectAuthSettings(control: Pick<ControlDatabase, 'query'>, ref: string): Promise<ProjectAuthSettings> {
  const r = await control.query<SettingsRow>('select * from project_auth_settings where project_ref = $1', [ref]);
  const row = r.rows[0];
  if (!row) return { ...DEFAULT_PROJECT_AUTH_SETTINGS };
  return {
    emailConfirmationRequired: row.email_confirmation_required,
    signUpsAllowed: row.sign_ups_allowed,
    minPasswordLength: Number(row.min_password_length),
    siteUrl: row.site_url,
    redirectAllowList: parseList(row.redirect_allow_list),
    jwtExpirySeconds: Number(row.jwt_expiry_seconds),
    refreshTokenReuseSeconds: Number(row.refresh_token_reuse_seconds),
    anonymousSignInsAllowed: row.anonymous_sign_ins ?? false,
    securePasswordChange: row.secure_password_change ?? false,
    secureEmailChange: row.secure_email_change ?? true,
    accessTokenHook: row.access_token_hook ?? null,
    rateLimits: parseRateLimits(row.rate_limits),
    phoneEnabled: row.phone_enabled ?? false,
    mfaPhoneEnrollEnabled: row.mfa_phone_enroll_enabled ?? false,
    mfaPhoneVerifyEnabled: row.mfa_phone_verify_enabled ?? false,
  };
}

/** Saves a change to the project's auth settings; answers them all. */
export async function writeProjectAuthSettings(
  control: Pick<ControlDatabase, 'query'>,
  ref: string,
  change: Partial<ProjectAuthSettings>,
): Promise<ProjectAuthSettings> {
  const s = { ...(await readProjectAuthSettings(control, ref)), ...change };
  await control.query(
    `insert into project_auth_settings (project_ref, email_confirmation_required, sign_ups_allowed, min_password_length, site_url,
       redirect_allow_list, jwt_expiry_seconds, refresh_token_reuse_seconds, anonymous_sign_ins, secure_password_change,
       secure_email_change, access_token_hook, rate_limits, phone_enabled, mfa_phone_enroll_enabled, mfa_phone_verify_enabled, updated_at)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $12, $13::jsonb, $14, $15, $16, now())
     on conflict (project_ref) do update set email_confirmation_required = excluded.email_confirmation_required,
       sign_ups_allowed = excluded.sign_ups_allowed, min_password_length = excluded.min_password_length, site_url = excluded.site_url,
       redirect_allow_list = excluded.redirect_allow_list, jwt_expiry_seconds = excluded.jwt_expiry_seconds,
       refresh_token_reuse_seconds = excluded.refresh_token_reuse_seconds, anonymous_sign_ins = excluded.anonymous_sign_ins,
       secure_password_change = excluded.secure_password_change, secure_email_change = excluded.secure_email_change,
       access_token_hook = excluded.access_token_hook, rate_limits = excluded.rate_limits,
       phone_enabled = excluded.phone_enabled, mfa_phone_enroll_enabled = excluded.mfa_phone_enroll_enabled,
       mfa_phone_verify_enabled = excluded.mfa_phone_verify_enabled, updated_at = now()`,
    [
      ref,
      s.emailConfirmationRequired,
      s.signUpsAllowed,
      s.minPasswordLength,
      s.siteUrl,
      JSON.stringify(s.redirectAllowList),
      s.jwtExpirySeconds,
      s.refreshTokenReuseSeconds,
      s.anonymousSignInsAllowed,
      s.securePasswordChange,
      s.secureEmailChange,
      s.accessTokenHook,
      JSON.stringify(s.rateLimits),
      s.phoneEnabled,
      s.mfaPhoneEnrollEnabled,
      s.mfaPhoneVerifyEnabled,
    ],
  );
  return s;
}

/** A glob as a regular expression: `**` is any text, `*` any text without `stop` characters. */
function globToRegExp(pattern: string, stop: string): RegExp {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*' && pattern[i + 1] === '*') {
      out += '.*';
      i++;
    } else if (c === '*') out += `[^${stop}]*`;
    else out += c.replace(/[.+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${out}$`, 'i');
}

/**
 * Whether a parsed address matches an allow-list entry `scheme://host/path`: the scheme exactly,
 * the host by a glob whose `*` stays within one label, the path (with query and fragment) by a glob
 * whose `*` stays within one segment; an entry without a path allows any path on its host. Matching
 * the parsed parts, never the raw text, keeps `https://evil.net?.example.com` from matching `https://*.example.com`.
 */
function entryMatches(pattern: string, url: URL): boolean {
  const m = /^([a-z][a-z0-9+.-]*):\/\/([^/]*)(\/.*)?$/i.exec(pattern);
  if (!m) return false;
  const [, scheme, host, path] = m;
  if (`${scheme!.toLowerCase()}:` !== url.protocol) return false;
  if (!globToRegExp(host!, '.').test(url.host)) return false;
  return path === undefined || globToRegExp(path, '/').test(`${url.pathname || '/'}${url.search}${url.hash}`);
}

/**
 * Whether `target` may be redirected to: an address under the site URL (same origin, path below
 * the site's), or one matching an entry of the allow-list.
 */
export function redirectAllowed(settings: ProjectAuthSettings, target: string): boolean {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  try {
    const site = new URL(settings.siteUrl);
    const base = site.pathname.endsWith('/') ? site.pathname : `${site.pathname}/`;
    if (url.origin !== 'null' && url.origin === site.origin && (`${url.pathname}/` === base || url.pathname.startsWith(base))) return true;
  } catch {
    // a site URL that is not a URL allows nothing
  }
  return settings.redirectAllowList.some((pattern) => entryMatches(pattern, url));
}
