import * as z from '@plinth/shared-contracts/zod';
import { EmailSchema, PASSWORD_MAX, PASSWORD_MIN, type Http } from '@plinth/shared-contracts';

/**
 * The account pages' own calls (issue 26): personal access tokens of the platform API, the e-mail
 * change confirmed by a link, and the password change. Each is made by a signed-in console
 * session; an access token cannot manage tokens, the e-mail address or the password.
 */

/** The expiries offered when a token is created, in days (null: never expires). */
export const ACCESS_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365, null] as const;
export const ACCESS_TOKEN_NAME_MAX = 64;

const accessTokenShape = {
  id: z.string(),
  name: z.string(),
  /** The token's first and last characters, to tell tokens apart (the token itself is never kept). */
  token_alias: z.string(),
  created_at: z.string(),
  expires_at: z.nullable(z.string()),
  last_used_at: z.nullable(z.string()),
};
export const AccessTokenSchema = z.object(accessTokenShape);
export type AccessToken = z.infer<typeof AccessTokenSchema>;
export const AccessTokenListSchema = z.array(AccessTokenSchema);

export const CreateAccessTokenBodySchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(ACCESS_TOKEN_NAME_MAX, `Name must be at most ${ACCESS_TOKEN_NAME_MAX} characters`)),
  /** Days until it expires (1 to 365), or null for a token that does not expire. */
  expires_in_days: z.nullable(z.int('Expiry must be a whole number of days').check(z.gte(1, 'Expiry must be at least 1 day'), z.lte(365, 'Expiry must be at most 365 days'))),
});
export type CreateAccessTokenBody = z.infer<typeof CreateAccessTokenBodySchema>;

/** The created token: the only answer that holds the token itself. */
export const CreatedAccessTokenSchema = z.object({ ...accessTokenShape, token: z.string() });
export type CreatedAccessToken = z.infer<typeof CreatedAccessTokenSchema>;

export const ChangeEmailBodySchema = z.object({ email: EmailSchema });
export type ChangeEmailBody = z.infer<typeof ChangeEmailBodySchema>;
export const EmailChangeRequestedSchema = z.object({ new_email: z.string() });
export const ConfirmEmailChangeBodySchema = z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)) });

export const ChangePasswordBodySchema = z.object({
  current_password: z.string().check(z.minLength(1, 'Current password is required'), z.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)),
  new_password: z
    .string()
    .check(z.minLength(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`), z.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)),
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

export const accountQueryKeys = {
  accessTokens: () => ['profile', 'access-tokens'] as const,
};

export function createAccountClient(http: Http) {
  return {
    listAccessTokens: () => http('GET', '/platform/profile/access-tokens', { schema: AccessTokenListSchema }),
    createAccessToken: (body: CreateAccessTokenBody) => http('POST', '/platform/profile/access-tokens', { body, schema: CreatedAccessTokenSchema }),
    revokeAccessToken: (id: string) => http<void>('DELETE', `/platform/profile/access-tokens/${encodeURIComponent(id)}`),
    requestEmailChange: (body: ChangeEmailBody) => http('POST', '/platform/profile/email', { body, schema: EmailChangeRequestedSchema }),
    confirmEmailChange: (token: string) => http('POST', '/platform/profile/email/confirm', { body: { token }, schema: z.object({ primary_email: z.string() }) }),
    changePassword: (body: ChangePasswordBody) => http<void>('POST', '/platform/profile/password', { body }),
  };
}
export type AccountClient = ReturnType<typeof createAccountClient>;
