import { OAUTH_PROVIDERS, type OAuthProviderId } from '@plinth/contracts-auth';
import { generateState } from 'arctic';
import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { ControlDatabase } from '@plinth/platform-core/deps';
import { JwtError, signJwt, verifyJwt } from '@plinth/platform-core/jwt';
import { redirectTarget, signIn, type AuthContext } from './context';
import { AuthError, invalid } from './errors';
import { CallbackFailure, exchangeProviderCode, providerAuthorizationUrl, providerJson } from './oauth-client';
import { oauthEndpoints } from './oauth-endpoints';
import { oauthClientOf } from './providers';
import { sha256 } from './tokens';
import { insertUser, isBanned, updateUser, userByEmail, userById, type AuthUser } from './users';

// Sign-in with an OAuth provider, as supabase-js's signInWithOAuth drives it:
//   GET /authorize?provider=github&redirect_to=…[&code_challenge=…&code_challenge_method=s256]
//     → 302 to the provider with the project's client id and a signed state (10 minutes);
//   GET /callback?code=…&state=… (the provider sends the browser back)
//     → the code exchanged at the provider, the user's email read, the user created or signed in,
//       → 302 to redirect_to with the session in the fragment (implicit) or ?code= (PKCE);
//   POST /token?grant_type=pkce { auth_code, code_verifier } → the session (exchangeCodeForSession).
// This file is the GoTrue-facing half; talking to the provider (authorize URL, code exchange with
// arctic, user info) is oauth-client.ts. Two PKCEs meet here: supabase-js's (its challenge kept in
// our state, its verifier checked at /token) and ours with the provider, whose verifier is derived
// from the state (providerVerifier), so the callback needs nothing stored to send it.

type Control = Pick<ControlDatabase, 'query'>;
type Query = Record<string, unknown>;

const STATE_SECONDS = 600;
const AUTH_CODE_MINUTES = 5;
const PKCE_TOKEN_TYPE = 'pkce_auth_code';
const CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;

interface OAuthState {
  provider: OAuthProviderId;
  redirectTo: string;
  challenge: string | null;
  method: 's256' | 'plain' | null;
}

/** States are signed with a key of their own, derived from the project's JWT secret: a state is never a valid API token. */
const stateKey = (ctx: AuthContext) => sha256(`oauth-state:${ctx.secrets.jwtSecret}`);
const callbackUrl = (ctx: AuthContext) => `${ctx.baseUrl}/callback`;
/**
 * The PKCE verifier we send the provider for this state: 32 bytes (43 characters) derived by HKDF
 * from the project's JWT secret with the state as salt. Whoever sees the state (the browser, the
 * provider, a log of URLs) learns only its S256 challenge; the callback derives it again.
 */
const providerVerifier = (ctx: AuthContext, state: string) =>
  Buffer.from(hkdfSync('sha256', ctx.secrets.jwtSecret, state, 'plinth oauth provider pkce verifier', 32)).toString('base64url');

function providerOf(value: unknown): OAuthProviderId {
  const found = OAUTH_PROVIDERS.find((p) => p.id === value);
  if (!found) throw new AuthError(400, 'validation_failed', 'Unsupported provider: Provider could not be found');
  return found.id;
}

async function enabledClient(control: Control, ctx: AuthContext, provider: OAuthProviderId) {
  const client = await oauthClientOf(control, ctx.ref, provider);
  if (!client.enabled || !client.clientId || !client.clientSecret) throw new AuthError(400, 'validation_failed', 'Unsupported provider: provider is not enabled');
  return { clientId: client.clientId, clientSecret: client.clientSecret };
}

/** The PKCE challenge of an app's request (code_challenge, code_challenge_method), or null when it asks for none. */
export interface PkceChallenge {
  challenge: string;
  method: 's256' | 'plain';
}

/** Reads code_challenge and code_challenge_method (a query or a body): 400 validation_failed naming the field when malformed. */
export function pkceChallengeOf(source: Record<string, unknown>): PkceChallenge | null {
  if (source.code_challenge === undefined || source.code_challenge === '' || source.code_challenge === null) return null;
  if (typeof source.code_challenge !== 'string' || !CHALLENGE.test(source.code_challenge)) throw invalid('code_challenge must be 43 to 128 characters of A-Z, a-z, 0-9 and -._~');
  const asked = typeof source.code_challenge_method === 'string' ? source.code_challenge_method.toLowerCase() : '';
  if (asked !== 's256' && asked !== 'plain') throw invalid('code_challenge_method must be s256 or plain');
  return { challenge: source.code_challenge, method: asked };
}

/**
 * The auth code of a PKCE flow that reached its end (the provider's callback, an email link): kept
 * hashed for AUTH_CODE_MINUTES, exchanged once for a session signed in by `amr` (POST /token?grant_type=pkce).
 */
export async function issuePkceCode(ctx: AuthContext, userId: string, flow: PkceChallenge & { amr: string; provider?: string }): Promise<string> {
  const code = randomBytes(24).toString('base64url');
  await ctx.db.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to) values ($1, $2, $3, $4)
     on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to, created_at = now()`,
    [userId, PKCE_TOKEN_TYPE, sha256(code), JSON.stringify(flow)],
  );
  return code;
}

/** GET /authorize: the provider's sign-in page to send the browser to. */
export async function authorizeUrl(control: Control, ctx: AuthContext, query: Query): Promise<string> {
  const provider = providerOf(query.provider);
  const { clientId } = await enabledClient(control, ctx, provider);
  const redirectTo = redirectTarget(ctx, query.redirect_to);
  const pkce = pkceChallengeOf(query);
  const challenge = pkce?.challenge ?? null;
  const method: OAuthState['method'] = pkce?.method ?? null;
  const scopes = typeof query.scopes === 'string' && query.scopes.trim() ? query.scopes.trim().slice(0, 512) : null;
  // nonce: arctic's 32 random bytes, so that no two states (and their provider verifiers) are alike.
  const state = await signJwt(
    { provider, redirect_to: redirectTo, challenge, method, nonce: generateState(), exp: Math.floor(Date.now() / 1000) + STATE_SECONDS },
    stateKey(ctx),
  );
  return providerAuthorizationUrl({ provider, clientId, redirectUri: callbackUrl(ctx), state, scopes, verifier: providerVerifier(ctx, state) });
}

const refusedAsNull = (err: unknown) => {
  if (err instanceof JwtError) return null;
  throw err;
};

async function readState(ctx: AuthContext, value: unknown): Promise<OAuthState> {
  // core/jwt.ts checks the signature, HS256 and a numeric exp not yet past.
  const claims = typeof value === 'string' && value.length <= 4096 ? await verifyJwt(value, stateKey(ctx)).catch(refusedAsNull) : null;
  if (!claims || typeof claims.redirect_to !== 'string') {
    throw new AuthError(400, 'bad_oauth_state', 'OAuth state parameter is invalid or has expired: sign in again');
  }
  return {
    provider: providerOf(claims.provider),
    redirectTo: claims.redirect_to,
    challenge: typeof claims.challenge === 'string' ? claims.challenge : null,
    method: claims.method === 's256' || claims.method === 'plain' ? claims.method : null,
  };
}

/** Where the browser goes after the callback: redirect_to with the outcome in its query (PKCE) or its fragment (implicit). */
function backTo(state: OAuthState, params: Record<string, string>): string {
  if (state.challenge) {
    const url = new URL(state.redirectTo);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.toString();
  }
  return `${state.redirectTo.split('#')[0]}#${new URLSearchParams(params)}`;
}

/** The user's email and profile, as the provider answers them for its access token (or in the token answer's id_token). */
async function providerProfile(provider: OAuthProviderId, token: { accessToken: string; idToken: string | null }): Promise<{ email: string; profile: Record<string, unknown> }> {
  const endpoints = oauthEndpoints(provider);
  let profile: Record<string, unknown> = {};
  if (endpoints.userinfo) {
    const answer = await providerJson(endpoints.userinfo, token.accessToken);
    profile = Array.isArray(answer) ? {} : answer;
  } else if (token.idToken) {
    // Taken straight from the provider's token endpoint over TLS, the id_token needs no signature check (OIDC Core 3.1.3.7).
    try {
      const claims: unknown = JSON.parse(Buffer.from(token.idToken.split('.')[1] ?? '', 'base64url').toString('utf8'));
      profile = claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as Record<string, unknown>) : {};
    } catch {
      profile = {};
    }
  }
  let email = typeof profile.email === 'string' ? profile.email : null;
  if (!email && endpoints.emails) {
    const list = await providerJson(endpoints.emails, token.accessToken);
    const entries = Array.isArray(list) ? (list as { email?: unknown; primary?: unknown; verified?: unknown }[]) : [];
    const primary = entries.find((e) => e.primary === true && e.verified === true) ?? entries.find((e) => e.verified === true);
    email = typeof primary?.email === 'string' ? primary.email : null;
  }
  if (!email) throw new CallbackFailure('server_error', 'provider_email_needs_verification', 'Error getting user email from external provider');
  if (profile.email_verified === false || profile.email_verified === 'false') {
    throw new CallbackFailure('access_denied', 'provider_email_needs_verification', `Unverified email with ${provider}: verify it there first`);
  }
  return { email: email.trim().toLowerCase(), profile };
}

/** The user with this email, created (sign-ups allowed) or signed in; their providers list gains this one. */
export async function oauthUserFor(ctx: AuthContext, provider: OAuthProviderId, email: string, profile: Record<string, unknown>): Promise<AuthUser> {
  const existing = await userByEmail(ctx.db, email);
  if (existing) {
    if (isBanned(existing)) throw new CallbackFailure('access_denied', 'user_banned', 'User is banned');
    const providers = Array.isArray(existing.appMetadata.providers) ? (existing.appMetadata.providers as unknown[]) : [];
    const changes: Parameters<typeof updateUser>[2] = {};
    if (!providers.includes(provider)) changes.raw_app_meta_data = { ...existing.appMetadata, providers: [...providers, provider] };
    if (!existing.emailConfirmedAt) changes.email_confirmed_at = 'now()';
    ctx.event = 'login';
    return Object.keys(changes).length ? ((await updateUser(ctx.db, existing.id, changes)) ?? existing) : existing;
  }
  if (!ctx.settings.signUpsAllowed) throw new CallbackFailure('access_denied', 'signup_disabled', 'Signups not allowed for this instance');
  const name = [profile.name, profile.full_name, profile.login].find((v) => typeof v === 'string');
  const picture = [profile.avatar_url, profile.picture].find((v) => typeof v === 'string');
  const created = await insertUser(ctx.db, {
    email,
    passwordHash: null,
    confirmed: true,
    provider,
    userMetadata: {
      email,
      email_verified: true,
      ...(profile.id !== undefined || profile.sub !== undefined ? { provider_id: String(profile.id ?? profile.sub) } : {}),
      ...(name ? { full_name: name } : {}),
      ...(picture ? { avatar_url: picture } : {}),
    },
  });
  const user = created ?? (await userByEmail(ctx.db, email));
  if (!user) throw new CallbackFailure('server_error', 'unexpected_failure', 'The user could not be created');
  ctx.event = created ? 'user_signedup' : 'login';
  return user;
}

/** GET /callback: the provider sent the browser back; answers where to send it next. */
export async function oauthCallback(control: Control, ctx: AuthContext, query: Query): Promise<string> {
  const state = await readState(ctx, query.state);
  redirectTarget(ctx, state.redirectTo);
  try {
    if (typeof query.error === 'string') {
      throw new CallbackFailure('access_denied', 'provider_refused', typeof query.error_description === 'string' ? query.error_description.slice(0, 300) : 'The provider refused the sign-in');
    }
    if (typeof query.code !== 'string' || !query.code || query.code.length > 2048) throw new CallbackFailure('invalid_request', 'validation_failed', 'The provider sent no code');
    const { clientId, clientSecret } = await enabledClient(control, ctx, state.provider).catch(() => {
      throw new CallbackFailure('access_denied', 'provider_disabled', 'Unsupported provider: provider is not enabled');
    });
    const token = await exchangeProviderCode({
      provider: state.provider,
      clientId,
      clientSecret,
      redirectUri: callbackUrl(ctx),
      code: query.code,
      verifier: providerVerifier(ctx, query.state as string),
    });
    const { email, profile } = await providerProfile(state.provider, token);
    const user = await oauthUserFor(ctx, state.provider, email, profile);
    ctx.userId = user.id;
    if (state.challenge && state.method) {
      const code = await issuePkceCode(ctx, user.id, { challenge: state.challenge, method: state.method, provider: state.provider, amr: 'oauth' });
      return backTo(state, { code });
    }
    const session = await signIn(ctx, user, 'oauth');
    return backTo(state, {
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      provider_token: token.accessToken,
      refresh_token: session.refresh_token,
      token_type: 'bearer',
    });
  } catch (err) {
    if (!(err instanceof CallbackFailure)) throw err;
    return backTo(state, { error: err.error, error_code: err.code, error_description: err.message });
  }
}

/** POST /token?grant_type=pkce: the code of a PKCE sign-in and its verifier, for the session (once). */
export async function pkceGrant(ctx: AuthContext, body: Record<string, unknown>) {
  const { auth_code: code, code_verifier: verifier } = body;
  if (typeof code !== 'string' || !code || code.length > 256) throw invalid('auth_code is required');
  if (typeof verifier !== 'string' || !verifier || verifier.length > 128) throw invalid('code_verifier is required');
  const r = await ctx.db.query<{ user_id: string; relates_to: string; fresh: boolean }>(
    `delete from auth.one_time_tokens where token_hash = $1 and token_type = $2
     returning user_id::text, relates_to, created_at > now() - make_interval(mins => $3) as fresh`,
    [sha256(code), PKCE_TOKEN_TYPE, AUTH_CODE_MINUTES],
  );
  const row = r.rows[0];
  if (!row || !row.fresh) throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
  const flow = JSON.parse(row.relates_to) as { challenge: string; method: 's256' | 'plain'; amr?: string };
  const answer = flow.method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  if (answer !== flow.challenge) throw new AuthError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
  const user = await userById(ctx.db, row.user_id);
  if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
  if (isBanned(user)) throw new AuthError(400, 'user_banned', 'User is banned');
  ctx.event = 'login';
  return signIn(ctx, user, flow.amr ?? 'oauth');
}
