import { AUTH_TEMPLATES, AuthProvidersSchema, AuthTemplateSchema, AuthUrlConfigSchema, AuthUserSchema, OAUTH_PROVIDERS, type AuthProviders, type AuthTemplate, type AuthUrlConfig, type AuthUser, type AuthUsersClient } from '@plinth/contracts-auth';
import { answer, answerEach, refuse, type Handlers } from './fake-client';

export interface AuthUsersState {
  /** The project's auth users, newest first. */
  authUsers: AuthUser[];
  authProviders: AuthProviders;
  /** Saved client secrets by provider (never answered). */
  authProviderSecrets: Record<string, string>;
  authTemplates: AuthTemplate[];
  authUrlConfig: AuthUrlConfig;
  /** Emails the auth service was asked to send: `{ to, kind }`. */
  authEmails: { to: string; kind: 'invite' | 'recovery' | 'confirmation' }[];
}

let counter = 0;

/** A user of the project's auth service; by default confirmed, never signed in. */
export function authUser(over: Partial<AuthUser> & { email: string }): AuthUser {
  counter += 1;
  return answer(AuthUserSchema, {
    id: `aaaaaaaa-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    provider: 'email',
    created_at: '2026-01-01T00:00:00.000Z',
    last_sign_in_at: null,
    email_confirmed_at: '2026-01-01T00:00:00.000Z',
    invited_at: null,
    banned_until: null,
    user_metadata: {},
    ...over,
  });
}

export const DEFAULT_AUTH_STATE = (): Omit<AuthUsersState, 'authUsers'> => ({
  authProviders: {
    email: { sign_ups_allowed: true, confirmation_required: false, min_password_length: 6, secure_email_change: true, secure_password_change: false },
    oauth: OAUTH_PROVIDERS.map((p) => ({ id: p.id, enabled: false, client_id: '', secret_set: false })),
    anonymous_sign_ins: false,
    phone_enabled: false,
    access_token_hook: null,
  },
  authProviderSecrets: {},
  authTemplates: AUTH_TEMPLATES.map((t) => ({ kind: t.kind, subject: `${t.label} subject`, body: `${t.label}: {{ .ConfirmationURL }}`, customized: false })),
  authUrlConfig: { site_url: 'http://localhost:3000', redirect_urls: [] },
  authEmails: [],
});

/** The project's auth service as the console's /platform/auth routes answer it. */
export function authUserHandlers(state: AuthUsersState): Handlers<AuthUsersClient> {
  const find = (id: string) => state.authUsers.find((u) => u.id === id) ?? refuse(404, 'User not found');
  const replace = (id: string, change: Partial<AuthUser>) => {
    const next = answer(AuthUserSchema, { ...find(id), ...change });
    state.authUsers = state.authUsers.map((u) => (u.id === id ? next : u));
    return next;
  };
  const add = (email: string, over: Partial<AuthUser>) => {
    if (state.authUsers.some((u) => u.email === email)) refuse(409, 'A user with this email address has already been registered', 'EMAIL_EXISTS');
    const made = authUser({ created_at: new Date(Date.UTC(2026, 1, 1, 0, state.authUsers.length)).toISOString(), ...over, email });
    state.authUsers = [made, ...state.authUsers];
    return made;
  };
  return {
    listAuthUsers: (_ref, query = {}) => {
      const perPage = query.per_page ?? 50;
      const page = query.page ?? 1;
      const term = query.search?.toLowerCase();
      const matching = term ? state.authUsers.filter((u) => u.email?.toLowerCase().includes(term)) : state.authUsers;
      return { users: answerEach(AuthUserSchema, matching.slice((page - 1) * perPage, page * perPage)), total: matching.length };
    },
    getAuthUser: (_ref, id) => find(id),
    createAuthUser: (_ref, body) => {
      // Made with a phone number instead of an email (the real API confirms the number at once when asked).
      if (body.phone) {
        const confirmedAt = body.auto_confirm === false ? null : '2026-02-01T00:00:00.000Z';
        const made = answer(AuthUserSchema, { ...authUser({ email: '' }), email: null, provider: 'phone', phone: body.phone, phone_confirmed_at: confirmedAt, email_confirmed_at: null });
        state.authUsers = [made, ...state.authUsers];
        return made;
      }
      const email = body.email ?? '';
      const made = add(email, { email_confirmed_at: body.auto_confirm === false ? null : '2026-02-01T00:00:00.000Z' });
      if (body.auto_confirm === false) state.authEmails.push({ to: email, kind: 'confirmation' });
      return made;
    },
    inviteAuthUser: (_ref, body) => {
      const made = add(body.email, { email_confirmed_at: null, invited_at: '2026-02-01T00:00:00.000Z' });
      state.authEmails.push({ to: body.email, kind: 'invite' });
      return made;
    },
    sendPasswordRecovery: (_ref, id) => {
      const user = find(id);
      state.authEmails.push({ to: user.email ?? '', kind: 'recovery' });
      return user;
    },
    setAuthUserBanned: (_ref, id, banned) => replace(id, { banned_until: banned ? '2126-01-01T00:00:00.000Z' : null }),
    deleteAuthUser: (_ref, id) => {
      find(id);
      state.authUsers = state.authUsers.filter((u) => u.id !== id);
      return undefined;
    },
    getAuthProviders: () => answer(AuthProvidersSchema, state.authProviders),
    updateAuthProviders: (_ref, body) => {
      const oauth = state.authProviders.oauth.map((p) => {
        const change = body.oauth?.[p.id];
        if (!change) return p;
        if (change.secret) state.authProviderSecrets[p.id] = change.secret;
        return { ...p, enabled: change.enabled ?? p.enabled, client_id: change.client_id ?? p.client_id, secret_set: p.secret_set || !!change.secret };
      });
      state.authProviders = answer(AuthProvidersSchema, {
        email: { ...state.authProviders.email, ...body.email },
        oauth,
        anonymous_sign_ins: body.anonymous_sign_ins ?? state.authProviders.anonymous_sign_ins,
        phone_enabled: body.phone_enabled ?? state.authProviders.phone_enabled,
        access_token_hook: body.access_token_hook === undefined ? state.authProviders.access_token_hook : body.access_token_hook,
      });
      return state.authProviders;
    },
    listAuthTemplates: () => ({ templates: answerEach(AuthTemplateSchema, state.authTemplates) }),
    updateAuthTemplate: (_ref, kind, body) => {
      const saved = answer(AuthTemplateSchema, { kind, subject: body.subject, body: body.body, customized: true });
      state.authTemplates = state.authTemplates.map((t) => (t.kind === kind ? saved : t));
      return saved;
    },
    getAuthUrlConfig: () => answer(AuthUrlConfigSchema, state.authUrlConfig),
    updateAuthUrlConfig: (_ref, body) => {
      state.authUrlConfig = answer(AuthUrlConfigSchema, body);
      return state.authUrlConfig;
    },
  };
}
