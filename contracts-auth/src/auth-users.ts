import * as z from '@plinth/shared-contracts/zod';
import { encodePath, type Http } from '@plinth/shared-contracts';

// The console's view of a project's auth service (spec 000 §2.1, §2.8; issue 11): its users,
// providers, email templates and URL configuration. Served under /api/platform/auth/{ref}/… with
// the console session; the service_role key never reaches the browser.

export const AUTH_USERS_PAGE_SIZE = 50;
export const AUTH_USERS_MAX_PAGE_SIZE = 200;
export const AUTH_PASSWORD_MAX_LENGTH = 1024;

/** A user of the project's auth service, as the users page lists it. */
export const AuthUserSchema = z.object({
  id: z.string(),
  email: z.nullable(z.string()),
  /** How they signed up: 'email' or an OAuth provider's id. */
  provider: z.string(),
  created_at: z.string(),
  last_sign_in_at: z.nullable(z.string()),
  email_confirmed_at: z.nullable(z.string()),
  invited_at: z.nullable(z.string()),
  /** Banned users cannot sign in or refresh their session until then. */
  banned_until: z.nullable(z.string()),
  user_metadata: z.record(z.string(), z.unknown()),
  /** The phone number in E.164 form with its "+" (+15551234567), or null. */
  phone: z._default(z.nullable(z.string()), null),
  phone_confirmed_at: z._default(z.nullable(z.string()), null),
});
export type AuthUser = z.infer<typeof AuthUserSchema>;

export const AuthUserPageSchema = z.object({ users: z.array(AuthUserSchema), total: z.number().check(z.int()) });
export type AuthUserPage = z.infer<typeof AuthUserPageSchema>;

export const AuthUserListQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)), 1),
  per_page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(AUTH_USERS_MAX_PAGE_SIZE)), AUTH_USERS_PAGE_SIZE),
  /** Part of the email address, the phone number's digits or the user's name. */
  search: z.optional(z.string().check(z.maxLength(255))),
});
export interface AuthUserListQuery {
  page?: number;
  per_page?: number;
  search?: string;
}

const email = z.string().check(z.trim(), z.minLength(1, 'Enter an email address'), z.maxLength(255), z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter a valid email address'));

/** A phone number as people write it (+1 555 123 4567): up to 15 digits, the first not 0, in E.164 once spaces and dashes are dropped. */
export const AUTH_PHONE_PATTERN = /^\+?[1-9][\d\s\-.()]{1,24}$/;
const digitCount = (v: string) => v.replace(/\D/g, '').length;
const phone = z
  .string()
  .check(z.trim(), z.regex(AUTH_PHONE_PATTERN, 'Enter the number in international form, e.g. +15551234567'), z.refine((v) => digitCount(v) <= 15, 'A phone number has at most 15 digits'));
const absent = (v: string | undefined) => v === undefined || v === '';

/** A user made in the console: with an email address or, instead, a phone number (one of them), and a password. */
export const AuthUserCreateSchema = z
  .object({
    email: z.optional(z.union([z.literal(''), email])),
    phone: z.optional(z.union([z.literal(''), phone])),
    password: z.string().check(z.minLength(1, 'Enter a password'), z.maxLength(AUTH_PASSWORD_MAX_LENGTH)),
    /** Confirm the email (or the phone number) at once; otherwise an email user is sent the confirmation email. */
    auto_confirm: z._default(z.boolean(), true),
  })
  .check(
    z.refine((v) => !absent(v.email) || !absent(v.phone), { error: 'Enter an email address or a phone number', path: ['email'] }),
    z.refine((v) => absent(v.email) || absent(v.phone), { error: 'Enter an email address or a phone number, not both', path: ['phone'] }),
  );
export type AuthUserCreate = z.input<typeof AuthUserCreateSchema>;

export const AuthInviteSchema = z.object({ email });
export type AuthInvite = z.infer<typeof AuthInviteSchema>;

/** Ban (until unbanned) or unban. */
export const AuthUserBanSchema = z.object({ banned: z.boolean() });

export const AuthUserIdParamsSchema = z.object({
  ref: z.string().check(z.minLength(1), z.maxLength(64)),
  id: z.string().check(z.uuid('id must be a user id (uuid)')),
});

// ---- Providers -------------------------------------------------------------------------------

export const AUTH_MIN_PASSWORD_LENGTH_RANGE = { min: 6, max: 72 } as const;

export const EmailProviderSchema = z.object({
  sign_ups_allowed: z.boolean(),
  confirmation_required: z.boolean(),
  min_password_length: z.number().check(z.int(), z.gte(AUTH_MIN_PASSWORD_LENGTH_RANGE.min), z.lte(AUTH_MIN_PASSWORD_LENGTH_RANGE.max)),
  /** An email change is confirmed by links to both the old and the new address (on by default). */
  secure_email_change: z.boolean(),
  /** A password change needs a recent sign-in or a reauthentication nonce (off by default). */
  secure_password_change: z.boolean(),
});
export type EmailProvider = z.infer<typeof EmailProviderSchema>;

/** The OAuth providers the auth service knows. */
export const OAUTH_PROVIDERS = [
  { id: 'github', label: 'GitHub' },
  { id: 'google', label: 'Google' },
  { id: 'gitlab', label: 'GitLab' },
  { id: 'azure', label: 'Azure' },
  { id: 'apple', label: 'Apple' },
] as const;
export type OAuthProviderId = (typeof OAUTH_PROVIDERS)[number]['id'];
export const OAuthProviderIdSchema = z.enum(OAUTH_PROVIDERS.map((p) => p.id) as [OAuthProviderId, ...OAuthProviderId[]]);

/** An OAuth provider as read: the secret is never answered, only whether one is set. */
export const OAuthProviderSchema = z.object({
  id: OAuthProviderIdSchema,
  enabled: z.boolean(),
  client_id: z.string(),
  secret_set: z.boolean(),
});
export type OAuthProvider = z.infer<typeof OAuthProviderSchema>;

/** A custom access token hook: a Postgres function named schema.function. */
export const AUTH_HOOK_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_$]{0,62}\.[A-Za-z_][A-Za-z0-9_$]{0,62}$/;
export const AUTH_HOOK_NAME_MESSAGE = 'Enter the function as schema.name, e.g. public.custom_access_token_hook';

/**
 * How users sign in: the email provider, the OAuth providers, anonymous sign-ins (off by default),
 * the phone provider (sign-up and sign-in with a number and SMS codes, off by default) and the
 * custom access token hook (a Postgres function, or null for none).
 */
export const AuthProvidersSchema = z.object({
  email: EmailProviderSchema,
  oauth: z.array(OAuthProviderSchema),
  anonymous_sign_ins: z.boolean(),
  phone_enabled: z.boolean(),
  access_token_hook: z.nullable(z.string()),
});
export type AuthProviders = z.infer<typeof AuthProvidersSchema>;

export const OAuthProviderUpdateSchema = z.object({
  enabled: z.optional(z.boolean()),
  client_id: z.optional(z.string().check(z.trim(), z.maxLength(512))),
  /** Write-only: a new secret replaces the old one; left out, the secret is kept. */
  secret: z.optional(z.string().check(z.minLength(1, 'Enter the client secret'), z.maxLength(2048))),
});
export type OAuthProviderUpdate = z.infer<typeof OAuthProviderUpdateSchema>;

export const AuthProvidersUpdateSchema = z.object({
  email: z.optional(z.partial(EmailProviderSchema)),
  oauth: z.optional(z.partialRecord(OAuthProviderIdSchema, OAuthProviderUpdateSchema)),
  anonymous_sign_ins: z.optional(z.boolean()),
  phone_enabled: z.optional(z.boolean()),
  access_token_hook: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(127), z.regex(AUTH_HOOK_NAME_PATTERN, AUTH_HOOK_NAME_MESSAGE)))),
});
export type AuthProvidersUpdate = z.infer<typeof AuthProvidersUpdateSchema>;

// ---- MFA -------------------------------------------------------------------------------------

/**
 * Phone MFA factors of the project's users (codes by SMS through the project's SMS sender): whether
 * users may enroll them, and whether they may be challenged and verified (GoTrue's
 * MFA_PHONE_ENROLL_ENABLED and MFA_PHONE_VERIFY_ENABLED), each off by default. While enrolling is off
 * the auth service answers 422 `mfa_phone_enroll_not_enabled`; while verifying is off, 422
 * `mfa_phone_verify_not_enabled`. TOTP factors are always on.
 */
export const AuthMfaSettingsSchema = z.object({
  phone_enroll_enabled: z.boolean(),
  phone_verify_enabled: z.boolean(),
});
export type AuthMfaSettings = z.infer<typeof AuthMfaSettingsSchema>;

export const AuthMfaSettingsUpdateSchema = z.partial(AuthMfaSettingsSchema);
export type AuthMfaSettingsUpdate = z.infer<typeof AuthMfaSettingsUpdateSchema>;

// ---- Rate limits -----------------------------------------------------------------------------

/**
 * The auth service's rate limits a project sets (GoTrue's defaults), each counted over its window:
 * emails and SMS sent by the whole project per hour; per client address, token refreshes per 5 minutes,
 * failed OTP, link and second-factor verifications per 5 minutes, sign-ups and failed sign-ins per
 * 5 minutes, anonymous sign-ins per hour. Past a limit the service answers 429 (over_email_send_rate_limit for emails,
 * over_sms_send_rate_limit for SMS, over_request_rate_limit for the others).
 */
export const AUTH_RATE_LIMITS = [
  { key: 'email_sent', label: 'Emails sent', unit: 'emails per hour', scope: 'the whole project', windowSeconds: 3600, default: 30 },
  { key: 'sms_sent', label: 'SMS sent', unit: 'messages per hour', scope: 'the whole project', windowSeconds: 3600, default: 30 },
  { key: 'token_refresh', label: 'Token refreshes', unit: 'requests per 5 minutes', scope: 'per client address', windowSeconds: 300, default: 150 },
  { key: 'token_verifications', label: 'Token verifications', unit: 'requests per 5 minutes', scope: 'per client address (failed OTP, link and second-factor codes)', windowSeconds: 300, default: 30 },
  { key: 'sign_ups_sign_ins', label: 'Sign-ups and sign-ins', unit: 'requests per 5 minutes', scope: 'per client address (sign-ups and failed sign-ins)', windowSeconds: 300, default: 30 },
  { key: 'anonymous_users', label: 'Anonymous sign-ins', unit: 'requests per hour', scope: 'per client address', windowSeconds: 3600, default: 30 },
] as const;
export type AuthRateLimitKey = (typeof AUTH_RATE_LIMITS)[number]['key'];
export const AUTH_RATE_LIMIT_RANGE = { min: 1, max: 1_000_000 } as const;

const rateLimit = (label: string) =>
  z.number(`${label}: enter a whole number`).check(
    z.int(`${label}: enter a whole number`),
    z.gte(AUTH_RATE_LIMIT_RANGE.min, `${label}: at least ${AUTH_RATE_LIMIT_RANGE.min}`),
    z.lte(AUTH_RATE_LIMIT_RANGE.max, `${label}: at most ${AUTH_RATE_LIMIT_RANGE.max.toLocaleString('en-US')}`),
  );

export const AuthRateLimitsSchema = z.object({
  email_sent: rateLimit('email_sent'),
  sms_sent: rateLimit('sms_sent'),
  token_refresh: rateLimit('token_refresh'),
  token_verifications: rateLimit('token_verifications'),
  sign_ups_sign_ins: rateLimit('sign_ups_sign_ins'),
  anonymous_users: rateLimit('anonymous_users'),
});
export type AuthRateLimits = z.infer<typeof AuthRateLimitsSchema>;
export const AuthRateLimitsUpdateSchema = z.partial(AuthRateLimitsSchema);
export type AuthRateLimitsUpdate = z.infer<typeof AuthRateLimitsUpdateSchema>;
export const DEFAULT_AUTH_RATE_LIMITS = Object.fromEntries(AUTH_RATE_LIMITS.map((l) => [l.key, l.default])) as AuthRateLimits;

// ---- SMS outbox ------------------------------------------------------------------------------

/** How many of a project's text messages the console shows, newest first. */
export const AUTH_SMS_OUTBOX_LIMIT = 50;

export const AuthSmsSchema = z.object({
  id: z.number(),
  /** The number, E.164 with its "+". */
  to: z.string(),
  /** What the code is for: 'sms' (sign-up, sign-in) or 'phone_change'. */
  kind: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export type AuthSms = z.infer<typeof AuthSmsSchema>;

/**
 * The project's text messages: kept in the platform's outbox (`transport: 'outbox'`) while no SMS
 * gateway is configured, so a developer can read the codes; with a gateway (`'http'`) the messages
 * go to it and none are kept (`messages` is empty).
 */
export const AuthSmsOutboxSchema = z.object({
  transport: z.enum(['outbox', 'http']),
  messages: z.array(AuthSmsSchema),
});
export type AuthSmsOutbox = z.infer<typeof AuthSmsOutboxSchema>;

// ---- Email templates -------------------------------------------------------------------------

export const AUTH_TEMPLATES = [
  { kind: 'confirmation', label: 'Confirm sign-up', description: 'Asks new users to confirm their email address.' },
  { kind: 'invite', label: 'Invite user', description: 'Invites someone to create a user.' },
  { kind: 'magic_link', label: 'Magic link', description: 'Signs a user in with a one-time link.' },
  { kind: 'recovery', label: 'Reset password', description: 'Lets a user set a new password.' },
] as const;
export type AuthTemplateKind = (typeof AUTH_TEMPLATES)[number]['kind'];
export const AuthTemplateKindSchema = z.enum(AUTH_TEMPLATES.map((t) => t.kind) as [AuthTemplateKind, ...AuthTemplateKind[]]);

/** The variables a template may use, written `{{ .Name }}`, with what they become. */
export const AUTH_TEMPLATE_VARIABLES = [
  { name: 'ConfirmationURL', description: 'The link that confirms, signs in or resets the password' },
  { name: 'Token', description: 'The six-digit code that can be entered instead of following the link' },
  { name: 'Email', description: "The user's email address" },
  { name: 'SiteURL', description: "The project's site URL" },
  { name: 'RedirectTo', description: 'Where the link leads once followed' },
] as const;
export type AuthTemplateVariable = (typeof AUTH_TEMPLATE_VARIABLES)[number]['name'];
export type AuthTemplateValues = Record<AuthTemplateVariable, string>;

const PLACEHOLDER = /\{\{(.*?)\}\}/g;
const KNOWN = new Set<string>(AUTH_TEMPLATE_VARIABLES.map((v) => v.name));

/** The placeholders of a text that are not one of the variables, as written (`{{ .Foo }}`). */
export function unknownTemplateVariables(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(PLACEHOLDER)) {
    const name = /^\s*\.([A-Za-z]+)\s*$/.exec(m[1]!)?.[1];
    if (!name || !KNOWN.has(name)) out.push(m[0]);
  }
  return [...new Set(out)];
}

/** The text with each `{{ .Variable }}` replaced by its value. */
export function renderAuthTemplate(text: string, values: AuthTemplateValues): string {
  return text.replace(PLACEHOLDER, (whole, inner: string) => {
    const name = /^\s*\.([A-Za-z]+)\s*$/.exec(inner)?.[1];
    return name && KNOWN.has(name) ? values[name as AuthTemplateVariable] : whole;
  });
}

/** Values the preview renders a template with. */
export const AUTH_TEMPLATE_PREVIEW_VALUES: AuthTemplateValues = {
  ConfirmationURL: 'https://example.com/auth/v1/verify?token=8c1e…&type=signup',
  Token: '123456',
  Email: 'user@example.com',
  SiteURL: 'https://example.com',
  RedirectTo: 'https://example.com/welcome',
};

export const AUTH_TEMPLATE_SUBJECT_MAX = 200;
export const AUTH_TEMPLATE_BODY_MAX = 20_000;

export const AuthTemplateSchema = z.object({
  kind: AuthTemplateKindSchema,
  subject: z.string(),
  body: z.string(),
  /** False while the project uses the default wording. */
  customized: z.boolean(),
});
export type AuthTemplate = z.infer<typeof AuthTemplateSchema>;
export const AuthTemplateListSchema = z.object({ templates: z.array(AuthTemplateSchema) });

const noUnknownVariables = (text: string) => unknownTemplateVariables(text).length === 0;
const unknownMessage = (where: string) => (issue: { input?: unknown }) =>
  `${where} uses an unknown variable: ${unknownTemplateVariables(String(issue.input ?? '')).join(', ')}`;

export const AuthTemplateUpdateSchema = z.object({
  subject: z.string().check(z.trim(), z.minLength(1, 'Enter a subject'), z.maxLength(AUTH_TEMPLATE_SUBJECT_MAX), z.refine(noUnknownVariables, { error: unknownMessage('The subject') })),
  body: z.string().check(z.minLength(1, 'Enter the message body'), z.maxLength(AUTH_TEMPLATE_BODY_MAX), z.refine(noUnknownVariables, { error: unknownMessage('The body') })),
});
export type AuthTemplateUpdate = z.infer<typeof AuthTemplateUpdateSchema>;

export const AuthTemplateParamsSchema = z.object({ ref: z.string().check(z.minLength(1), z.maxLength(64)), kind: AuthTemplateKindSchema });

// ---- URL configuration -----------------------------------------------------------------------

export const AUTH_REDIRECT_URLS_MAX = 100;

/** Whether an address is an http(s) URL. */
export function isSiteUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname && !u.username && !u.password;
  } catch {
    return false;
  }
}

/**
 * Whether an allow-list entry is a URL or a wildcard pattern `scheme://host/path`, where `*` is
 * any text but "." in the host and "/" in the path, and `**` any text (https://*.example.com/**).
 */
export function isRedirectPattern(text: string): boolean {
  const m = /^([a-z][a-z0-9+.-]*):\/\/([^/\s?#]+)(\/\S*)?$/i.exec(text);
  if (!m) return false;
  try {
    const u = new URL(`${m[1]}://${m[2]!.replace(/\*+/g, 'x')}${(m[3] ?? '/').replace(/\*+/g, 'x')}`);
    return !!u.host && !u.username && !u.password;
  } catch {
    return false;
  }
}

export const AuthUrlConfigSchema = z.object({
  site_url: z.string().check(
    z.trim(),
    z.maxLength(2048),
    z.regex(/^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i, { error: 'Enter a valid URL starting with http:// or https://', abort: true }),
    z.refine(isSiteUrl, 'Enter a valid URL starting with http:// or https://'),
  ),
  redirect_urls: z.array(
    z.string().check(
      z.trim(),
      z.maxLength(2048),
      z.regex(/^[a-z][a-z0-9+.-]*:\/\/[^\s/?#]+(?:\/\S*)?$/i, { error: (issue) => `${String(issue.input)} is not a valid URL or wildcard pattern`, abort: true }),
      z.refine(isRedirectPattern, { error: (issue) => `${String(issue.input)} is not a valid URL or wildcard pattern` }),
    ),
  ).check(z.maxLength(AUTH_REDIRECT_URLS_MAX, `At most ${AUTH_REDIRECT_URLS_MAX} redirect URLs`)),
});
export type AuthUrlConfig = z.infer<typeof AuthUrlConfigSchema>;

// ---- Client ----------------------------------------------------------------------------------

const base = (ref: string) => encodePath`/platform/auth/${ref}`;

export function createAuthUsersClient(http: Http) {
  return {
    listAuthUsers: (ref: string, query: AuthUserListQuery = {}) =>
      http('GET', `${base(ref)}/users`, { query: { page: query.page, per_page: query.per_page, search: query.search || undefined }, schema: AuthUserPageSchema }),
    getAuthUser: (ref: string, id: string) => http('GET', `${base(ref)}${encodePath`/users/${id}`}`, { schema: AuthUserSchema }),
    createAuthUser: (ref: string, body: AuthUserCreate) => http('POST', `${base(ref)}/users`, { body, schema: AuthUserSchema }),
    inviteAuthUser: (ref: string, body: AuthInvite) => http('POST', `${base(ref)}/invite`, { body, schema: AuthUserSchema }),
    sendPasswordRecovery: (ref: string, id: string) => http('POST', `${base(ref)}${encodePath`/users/${id}/recovery`}`, { schema: AuthUserSchema }),
    setAuthUserBanned: (ref: string, id: string, banned: boolean) =>
      http('PATCH', `${base(ref)}${encodePath`/users/${id}`}`, { body: { banned }, schema: AuthUserSchema }),
    deleteAuthUser: (ref: string, id: string) => http('DELETE', `${base(ref)}${encodePath`/users/${id}`}`),
    getAuthProviders: (ref: string) => http('GET', `${base(ref)}/providers`, { schema: AuthProvidersSchema }),
    updateAuthProviders: (ref: string, body: AuthProvidersUpdate) => http('PATCH', `${base(ref)}/providers`, { body, schema: AuthProvidersSchema }),
    listAuthTemplates: (ref: string) => http('GET', `${base(ref)}/templates`, { schema: AuthTemplateListSchema }),
    updateAuthTemplate: (ref: string, kind: AuthTemplateKind, body: AuthTemplateUpdate) =>
      http('PUT', `${base(ref)}${encodePath`/templates/${kind}`}`, { body, schema: AuthTemplateSchema }),
    getAuthRateLimits: (ref: string) => http('GET', `${base(ref)}/rate-limits`, { schema: AuthRateLimitsSchema }),
    updateAuthRateLimits: (ref: string, body: AuthRateLimitsUpdate) => http('PATCH', `${base(ref)}/rate-limits`, { body, schema: AuthRateLimitsSchema }),
    getAuthSmsOutbox: (ref: string) => http('GET', `${base(ref)}/sms-outbox`, { schema: AuthSmsOutboxSchema }),
    getAuthUrlConfig: (ref: string) => http('GET', `${base(ref)}/url-config`, { schema: AuthUrlConfigSchema }),
    updateAuthUrlConfig: (ref: string, body: AuthUrlConfig) => http('PUT', `${base(ref)}/url-config`, { body, schema: AuthUrlConfigSchema }),
  };
}
export type AuthUsersClient = ReturnType<typeof createAuthUsersClient>;

/** The project auth service's MFA settings, under /platform/auth/{ref}/mfa (read: SQL admin read; change: projects write). */
export function createAuthMfaClient(http: Http) {
  return {
    getAuthMfaSettings: (ref: string) => http('GET', `${base(ref)}/mfa`, { schema: AuthMfaSettingsSchema }),
    updateAuthMfaSettings: (ref: string, body: AuthMfaSettingsUpdate) => http('PATCH', `${base(ref)}/mfa`, { body, schema: AuthMfaSettingsSchema }),
  };
}
export type AuthMfaClient = ReturnType<typeof createAuthMfaClient>;
