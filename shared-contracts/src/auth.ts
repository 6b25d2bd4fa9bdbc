import * as z from './zod';
import type { Http } from './http';

/** Schemas, types and calls of accounts, sessions and multi-factor authentication (000 §4.8, §7.6). */

export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const AssuranceLevelSchema = z.enum(['aal1', 'aal2']);
export type AssuranceLevel = z.infer<typeof AssuranceLevelSchema>;

/** currentLevel differs from nextLevel while a second factor is still owed: the console sends the user to /sign-in-mfa. */
export const MfaAssuranceSchema = z.object({ currentLevel: AssuranceLevelSchema, nextLevel: AssuranceLevelSchema });
export type MfaAssurance = z.infer<typeof MfaAssuranceSchema>;

export const SessionUserSchema = z.object({ id: z.string(), email: z.string(), username: z.string() });
/** The signed-in account as the session answer carries it (mount.ts has the console's own SessionUser). */
export type SignedInUser = z.infer<typeof SessionUserSchema>;

/** GET /auth/session: user is null when nobody is signed in. */
export const SessionSchema = z.object({ user: z.nullable(SessionUserSchema), aal: z.nullable(MfaAssuranceSchema) });
export type Session = z.infer<typeof SessionSchema>;

export const EmailSchema = z.pipe(
  z.string().check(z.trim(), z.toLowerCase(), z.maxLength(EMAIL_MAX, 'Email is too long')),
  z.email('Enter a valid email address'),
);

export const SignInBodySchema = z.object({
  email: EmailSchema,
  password: z.string().check(z.minLength(1, 'Password is required'), z.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)),
});
export type SignInBody = z.infer<typeof SignInBodySchema>;

export const USERNAME_PATTERN = /^[a-zA-Z0-9_.-]+$/;
const usernameSchema = () =>
  z.string().check(z.trim(), z.minLength(1), z.maxLength(64), z.regex(USERNAME_PATTERN, 'Username may contain letters, digits, dots, dashes and underscores'));
export const SignUpBodySchema = z.object({
  email: EmailSchema,
  password: z
    .string()
    .check(
      z.minLength(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
      z.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
    ),
  username: z.optional(usernameSchema()),
});
export type SignUpBody = z.infer<typeof SignUpBodySchema>;

export const FactorSchema = z.object({
  id: z.string(),
  friendly_name: z.nullable(z.string()),
  factor_type: z.literal('totp'),
  status: z.enum(['verified', 'unverified']),
  created_at: z.string(),
});
export type Factor = z.infer<typeof FactorSchema>;
export const FactorListSchema = z.object({ factors: z.array(FactorSchema) });

/** Adding an authenticator while the mfa_setup flag is off for the console's environment (000 §6). */
export const MFA_SETUP_OFF = 'Setting up multi-factor authentication is turned off';
export const EnrolFactorBodySchema = z.object({ friendly_name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))) });
export type EnrolFactorBody = z.infer<typeof EnrolFactorBodySchema>;
/** Answer to enrolment: the secret and the otpauth:// URI an authenticator app reads (as a QR code). */
export const EnrolledFactorSchema = z.object({
  id: z.string(),
  factor_type: z.literal('totp'),
  totp: z.object({ secret: z.string(), uri: z.string() }),
});
export type EnrolledFactor = z.infer<typeof EnrolledFactorSchema>;

export const VerifyFactorBodySchema = z.object({ code: z.string().check(z.trim(), z.regex(/^\d{6}$/, 'The code is 6 digits')) });
export type VerifyFactorBody = z.infer<typeof VerifyFactorBodySchema>;

export const ProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  primary_email: z.string(),
  first_name: z.nullable(z.string()),
  last_name: z.nullable(z.string()),
  created_at: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;
export const UpdateProfileBodySchema = z.object({
  first_name: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(100)))),
  last_name: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(100)))),
  username: z.optional(usernameSchema()),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

export function createAuthClient(http: Http) {
  return {
    getSession: (opts?: { signal?: AbortSignal }) => http('GET', '/auth/session', { schema: SessionSchema, signal: opts?.signal }),
    signIn: (body: SignInBody) => http('POST', '/auth/sign-in', { body, schema: SessionSchema }),
    signUp: (body: SignUpBody) => http('POST', '/auth/sign-up', { body, schema: SessionSchema }),
    signOut: () => http('POST', '/auth/sign-out', { body: {} }),
    listFactors: () => http('GET', '/auth/mfa/factors', { schema: FactorListSchema }),
    enrolFactor: (body: EnrolFactorBody = {}) => http('POST', '/auth/mfa/factors', { body, schema: EnrolledFactorSchema }),
    verifyFactor: (id: string, body: VerifyFactorBody) =>
      http('POST', `/auth/mfa/factors/${encodeURIComponent(id)}/verify`, { body, schema: SessionSchema }),
    deleteFactor: (id: string) => http('DELETE', `/auth/mfa/factors/${encodeURIComponent(id)}`),
    getProfile: () => http('GET', '/platform/profile', { schema: ProfileSchema }),
    updateProfile: (body: UpdateProfileBody) => http('PATCH', '/platform/profile', { body, schema: ProfileSchema }),
  };
}
export type AuthClient = ReturnType<typeof createAuthClient>;
