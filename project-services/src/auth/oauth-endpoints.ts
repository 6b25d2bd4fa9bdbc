import type { OAuthProviderId } from '@plinth/contracts-auth';

// Where each OAuth provider signs its users in: the page the browser is sent to, the endpoint that
// exchanges the code for a token, and the one that tells who the user is, and whether the provider
// takes PKCE (RFC 7636, S256). arctic's OAuth2Client (oauth-client.ts) is handed these endpoints, so
// they stay ours to set: PLINTH_OAUTH_ENDPOINTS (JSON, provider → any of these fields) replaces
// them, e.g. to point a provider at a local stand-in:
//   PLINTH_OAUTH_ENDPOINTS='{"github":{"authorize":"http://127.0.0.1:9000/authorize","token":"http://127.0.0.1:9000/token","userinfo":"http://127.0.0.1:9000/user"}}'

export interface OAuthEndpoints {
  authorize: string;
  token: string;
  /** Answers the signed-in user (at least `email`) for the provider's access token; none when the token answer's id_token carries it. */
  userinfo: string | null;
  /** GitHub: the user's addresses, read when the profile shows none (a private email). */
  emails?: string | null;
  /** Scopes asked for when the app names none. */
  scope: string;
  /** The provider takes PKCE with S256: the authorize URL carries a code challenge and the code exchange its verifier. */
  pkce: boolean;
  /**
   * OpenID Connect providers: who signs their ID tokens (`iss`; Azure's names the user's tenant,
   * `{tenant}` standing for it) and where their public keys are (a JWKS), for signInWithIdToken.
   * Null for a provider that issues no ID tokens.
   */
  issuer: string | null;
  jwks: string | null;
}

const DEFAULT_ENDPOINTS: Record<OAuthProviderId, OAuthEndpoints> = {
  github: {
    authorize: 'https://github.com/login/oauth/authorize',
    token: 'https://github.com/login/oauth/access_token',
    userinfo: 'https://api.github.com/user',
    emails: 'https://api.github.com/user/emails',
    scope: 'user:email',
    pkce: true, // since July 2025, S256 only
    issuer: null,
    jwks: null,
  },
  google: {
    authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
    token: 'https://oauth2.googleapis.com/token',
    userinfo: 'https://openidconnect.googleapis.com/v1/userinfo',
    scope: 'openid email profile',
    pkce: true,
    issuer: 'https://accounts.google.com',
    jwks: 'https://www.googleapis.com/oauth2/v3/certs',
  },
  gitlab: {
    authorize: 'https://gitlab.com/oauth/authorize',
    token: 'https://gitlab.com/oauth/token',
    userinfo: 'https://gitlab.com/api/v4/user',
    scope: 'read_user',
    pkce: true,
    issuer: 'https://gitlab.com',
    jwks: 'https://gitlab.com/oauth/discovery/keys',
  },
  azure: {
    authorize: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    token: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    userinfo: 'https://graph.microsoft.com/oidc/userinfo',
    scope: 'openid email profile',
    pkce: true,
    issuer: 'https://login.microsoftonline.com/{tenant}/v2.0',
    jwks: 'https://login.microsoftonline.com/common/discovery/v2.0/keys',
  },
  apple: {
    authorize: 'https://appleid.apple.com/auth/authorize',
    token: 'https://appleid.apple.com/auth/token',
    userinfo: null,
    scope: 'name email',
    pkce: false,
    issuer: 'https://appleid.apple.com',
    jwks: 'https://appleid.apple.com/auth/keys',
  },
};

const FIELDS = ['authorize', 'token', 'userinfo', 'emails', 'scope', 'issuer', 'jwks'] as const;

/** The endpoints of a provider, with the overrides of PLINTH_OAUTH_ENDPOINTS applied (read on each call). */
export function oauthEndpoints(provider: OAuthProviderId, env: NodeJS.ProcessEnv = process.env): OAuthEndpoints {
  const base = DEFAULT_ENDPOINTS[provider];
  const text = env.PLINTH_OAUTH_ENDPOINTS;
  if (!text) return base;
  let overrides: unknown;
  try {
    overrides = JSON.parse(text);
  } catch {
    throw new Error('PLINTH_OAUTH_ENDPOINTS is not valid JSON');
  }
  const own = (overrides as Record<string, unknown> | null)?.[provider];
  if (!own || typeof own !== 'object') return base;
  const picked: Partial<OAuthEndpoints> = {};
  for (const field of FIELDS) {
    const value = (own as Record<string, unknown>)[field];
    if (typeof value === 'string' || (value === null && field !== 'authorize' && field !== 'token' && field !== 'scope')) {
      (picked as Record<string, unknown>)[field] = value;
    }
  }
  if (typeof (own as Record<string, unknown>).pkce === 'boolean') picked.pkce = (own as { pkce: boolean }).pkce;
  return { ...base, ...picked };
}
