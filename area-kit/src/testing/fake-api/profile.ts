import { ProfileSchema, UpdateProfileBodySchema, type AuthClient, type Profile } from '@plinth/shared-contracts';
import { ME } from '../fixtures';
import {
  AccessTokenSchema,
  ChangeEmailBodySchema,
  ChangePasswordBodySchema,
  CreateAccessTokenBodySchema,
  CreatedAccessTokenSchema,
  type AccessToken,
  type AccountClient,
} from '@plinth/contracts-billing';
import { answer, answerEach, refuse, type Handlers } from './fake-client';

export interface ProfileState {
  /** The signed-in account's profile (Account → Preferences). */
  profile: Profile;
}

export const DEFAULT_PROFILE = (): Profile => ({ id: ME.id, username: ME.username, primary_email: ME.email, first_name: null, last_name: null, created_at: '2026-01-05T09:00:00.000Z' });

/** The account's profile: read, and updated after the contracts' schema (a bad username refused as the API words it). */
export function profileHandlers(state: ProfileState): Handlers<AuthClient> {
  return {
    getProfile: () => answer(ProfileSchema, state.profile),
    updateProfile: (body) => {
      const parsed = UpdateProfileBodySchema.safeParse(body);
      if (!parsed.success) refuse(400, parsed.error.issues[0]?.message ?? 'Invalid profile', 'VALIDATION');
      state.profile = answer(ProfileSchema, { ...state.profile, ...parsed.data });
      return state.profile;
    },
  };
}

export interface AccountState {
  /** The account's personal access tokens (Account → Access Tokens), newest first. */
  accessTokens: AccessToken[];
  /** The address an e-mail change waits to confirm, and the account's password (the current one a change needs). */
  pendingEmail: string | null;
  password: string;
}

export const DEFAULT_ACCOUNT_STATE = (): AccountState => ({ accessTokens: [], pendingEmail: null, password: 'correct horse battery staple' });

/** Confirmation links of the fake: the token is the new address itself. */
export const FAKE_EMAIL_CHANGE_TOKEN = (email: string) => `confirm-${email}`;

/** Access tokens (shown once at creation), the e-mail change (a link to confirm) and the password change, after the contracts' schemas. */
export function accountHandlers(state: AccountState & ProfileState): Handlers<AccountClient> {
  let n = 0;
  return {
    listAccessTokens: () => answerEach(AccessTokenSchema, state.accessTokens),
    createAccessToken: (body) => {
      const parsed = CreateAccessTokenBodySchema.safeParse(body);
      if (!parsed.success) refuse(400, parsed.error.issues[0]?.message ?? 'Invalid token', 'VALIDATION');
      n += 1;
      const token = `plinth_pat_fake${String(n).padStart(39, '0')}`;
      const created = new Date('2026-03-10T12:00:00.000Z');
      const made = answer(CreatedAccessTokenSchema, {
        id: `token-${n}`,
        name: parsed.data.name,
        token_alias: `${token.slice(0, 15)}…${token.slice(-4)}`,
        created_at: created.toISOString(),
        expires_at: parsed.data.expires_in_days === null ? null : new Date(created.getTime() + parsed.data.expires_in_days * 86_400_000).toISOString(),
        last_used_at: null,
        token,
      });
      const { token: _shown, ...kept } = made;
      state.accessTokens = [kept, ...state.accessTokens];
      return made;
    },
    revokeAccessToken: (id) => {
      if (!state.accessTokens.some((t) => t.id === id)) refuse(404, `Access token not found: ${id}`, 'ACCESS_TOKEN_NOT_FOUND');
      state.accessTokens = state.accessTokens.filter((t) => t.id !== id);
    },
    requestEmailChange: (body) => {
      const parsed = ChangeEmailBodySchema.safeParse(body);
      if (!parsed.success) refuse(400, parsed.error.issues[0]?.message ?? 'Invalid e-mail', 'VALIDATION');
      if (parsed.data.email === state.profile.primary_email) refuse(400, 'This is already your e-mail address', 'SAME_EMAIL');
      state.pendingEmail = parsed.data.email;
      return { new_email: parsed.data.email };
    },
    confirmEmailChange: (token) => {
      if (!state.pendingEmail || token !== FAKE_EMAIL_CHANGE_TOKEN(state.pendingEmail)) refuse(400, 'This confirmation link is not valid: ask for a new one from Preferences', 'EMAIL_CHANGE_INVALID');
      state.profile = { ...state.profile, primary_email: state.pendingEmail };
      state.pendingEmail = null;
      return { primary_email: state.profile.primary_email };
    },
    changePassword: (body) => {
      const parsed = ChangePasswordBodySchema.safeParse(body);
      if (!parsed.success) refuse(400, parsed.error.issues[0]?.message ?? 'Invalid password', 'VALIDATION');
      if (parsed.data.current_password !== state.password) refuse(400, 'Current password is incorrect', 'INVALID_CURRENT_PASSWORD');
      state.password = parsed.data.new_password;
    },
  };
}
