import { createHash } from 'node:crypto';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { OAUTH_PROVIDERS, type OAuthProviderId } from '@plinth/contracts-auth';
import type { ControlDatabase } from '@plinth/platform-core/deps';
import { signIn, type AuthContext } from './context';
import { AuthError, invalid } from './errors';
import { CallbackFailure } from './oauth-client';
import { oauthEndpoints } from './oauth-endpoints';
import { oauthUserFor } from './oauth';
import { oauthClientOf } from './providers';

// POST /token?grant_type=id_token, supabase-js's signInWithIdToken: an app that signed its user in
// with Google, Apple, Azure or GitLab itself (a native SDK, Sign in with Apple, Google One Tap)
// hands over the provider's OpenID Connect ID token. The token is verified with jose against the
// provider's published keys (a JWKS fetched and cached by jose), its issuer, and the project's
// client id as audience; then the user with its email is signed in or created, as after an OAuth
// sign-in. A nonce in the token must be the SHA-256 (hex) of the raw nonce the app sends.

const MAX_TOKEN = 16_384;
const CLOCK_TOLERANCE_S = 30;
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySetOf(url: string) {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
    keySets.set(url, set);
  }
  return set;
}

/** The provider's issuer, checked: Azure's names the user's tenant (`{tenant}`), any other is the issuer itself. */
function issuerMatches(pattern: string, iss: unknown, payload: JWTPayload): boolean {
  if (typeof iss !== 'string') return false;
  if (!pattern.includes('{tenant}')) return iss === pattern;
  const tid = typeof payload.tid === 'string' ? payload.tid : '';
  return /^[0-9a-f-]{36}$/i.test(tid) && iss === pattern.replace('{tenant}', tid);
}

const refused = (message: string) => new AuthError(400, 'bad_oauth_callback', message);

export async function idTokenGrant(control: Pick<ControlDatabase, 'query'>, ctx: AuthContext, body: Record<string, unknown>) {
  const provider = OAUTH_PROVIDERS.find((p) => p.id === body.provider)?.id as OAuthProviderId | undefined;
  if (!provider) throw invalid('provider must be one of google, apple, azure, gitlab');
  const endpoints = oauthEndpoints(provider);
  if (!endpoints.issuer || !endpoints.jwks) throw invalid(`${provider} issues no ID tokens: sign in with signInWithOAuth`);
  const idToken = body.id_token;
  if (typeof idToken !== 'string' || !idToken || idToken.length > MAX_TOKEN) throw invalid('id_token is required');
  const nonce = body.nonce;
  if (nonce !== undefined && nonce !== null && (typeof nonce !== 'string' || nonce.length > 512)) throw invalid('nonce must be a string');

  const client = await oauthClientOf(control, ctx.ref, provider);
  if (!client.enabled || !client.clientId) throw new AuthError(400, 'validation_failed', 'Unsupported provider: provider is not enabled');

  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, keySetOf(endpoints.jwks), { audience: client.clientId, clockTolerance: CLOCK_TOLERANCE_S, algorithms: ['RS256', 'ES256', 'PS256'] }));
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw refused('The ID token has expired');
    if (err instanceof joseErrors.JWTClaimValidationFailed && err.claim === 'aud') throw refused(`The ID token was not issued for this project's ${provider} client id`);
    if (err instanceof joseErrors.JOSEError) throw refused(`The ID token could not be verified with ${provider}'s keys`);
    throw err;
  }
  if (!issuerMatches(endpoints.issuer, payload.iss, payload)) throw refused(`The ID token was not issued by ${provider}`);

  const claimed = typeof payload.nonce === 'string' ? payload.nonce : null;
  const given = typeof nonce === 'string' && nonce ? nonce : null;
  if (claimed !== null || given !== null) {
    const hashed = given === null ? null : createHash('sha256').update(given).digest('hex');
    if (claimed === null || given === null || hashed !== claimed) throw refused('Passed nonce and nonce in id_token should either both exist or not, and the nonce must hash to the one in the token');
  }

  const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
  if (!email) throw refused('The ID token carries no email address');
  if (payload.email_verified === false || payload.email_verified === 'false') throw refused(`Unverified email with ${provider}: verify it there first`);
  try {
    const user = await oauthUserFor(ctx, provider, email, payload as Record<string, unknown>);
    return await signIn(ctx, user, 'id_token');
  } catch (err) {
    if (err instanceof CallbackFailure) throw new AuthError(err.code === 'signup_disabled' ? 422 : 400, err.code, err.message);
    throw err;
  }
}
