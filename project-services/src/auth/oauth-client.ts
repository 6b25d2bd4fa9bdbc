import type { OAuthProviderId } from '@plinth/contracts-auth';
import { ArcticFetchError, CodeChallengeMethod, OAuth2Client, OAuth2RequestError, UnexpectedErrorResponseBodyError, UnexpectedResponseError } from 'arctic';
import { oauthEndpoints } from './oauth-endpoints';

// The provider-facing half of OAuth sign-in, on arctic's generic OAuth2Client: the authorize URL
// (state, scopes, and a PKCE challenge where the provider takes one) and the code exchange at the
// token endpoint (client id and secret with HTTP Basic, the PKCE verifier, the token answer parsed).
// arctic's provider classes (GitHub, Google…) fix the provider's URLs; OAuth2Client is handed ours
// (oauth-endpoints.ts), which tests point at a stand-in. What arctic leaves to us, kept here: a time
// limit, checking the token answer, and the user-info request (arctic exchanges tokens only).
// The GoTrue-facing half (our state, supabase-js's PKCE, users, redirects) is oauth.ts.

export const PROVIDER_TIMEOUT_MS = 10_000;

/** A failed sign-in, sent back to the app's redirect_to as GoTrue's `error`, `error_code`, `error_description`. */
export class CallbackFailure extends Error {
  constructor(readonly error: string, readonly code: string, message: string) {
    super(message);
  }
}

const unreachable = () => new CallbackFailure('server_error', 'provider_unreachable', 'The provider could not be reached');
const unexpected = (detail?: string) => new CallbackFailure('server_error', 'unexpected_provider_answer', `Unable to exchange external code${detail ? `: ${detail.slice(0, 200)}` : ''}`);

/**
 * arctic sends its requests with the global fetch and takes no AbortSignal, so its promise is raced
 * against a timer: past the limit the sign-in fails at once; the abandoned request is dropped when
 * it answers or when undici's own socket timeouts end it.
 */
async function bounded<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CallbackFailure('server_error', 'provider_unreachable', 'The provider did not answer in time')), ms);
  });
  work.catch(() => undefined); // a failure after the time limit is nobody's to handle
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

export interface ProviderRequest {
  provider: OAuthProviderId;
  clientId: string;
  /** Our /callback: the redirect_uri of both the authorize URL and the code exchange. */
  redirectUri: string;
  /** The provider-side PKCE verifier (43 to 128 characters); used only where the provider takes PKCE. */
  verifier: string;
}

/** The provider's sign-in page for this state: client id, redirect_uri, scopes and, where the provider takes it, the S256 challenge of `verifier`. */
export function providerAuthorizationUrl(req: ProviderRequest & { state: string; scopes: string | null }): string {
  const endpoints = oauthEndpoints(req.provider);
  const client = new OAuth2Client(req.clientId, null, req.redirectUri);
  const scopes = (req.scopes ?? endpoints.scope).split(/\s+/).filter(Boolean);
  const url = endpoints.pkce
    ? client.createAuthorizationURLWithPKCE(endpoints.authorize, req.state, CodeChallengeMethod.S256, req.verifier, scopes)
    : client.createAuthorizationURL(endpoints.authorize, req.state, scopes);
  return url.toString();
}

export interface ProviderTokens {
  accessToken: string;
  /** An OpenID Connect id_token in the token answer, unverified (read only for its profile claims). */
  idToken: string | null;
}

/** The code exchanged at the provider's token endpoint (arctic's validateAuthorizationCode), its answer checked; failures are CallbackFailures. */
export async function exchangeProviderCode(req: ProviderRequest & { clientSecret: string; code: string }, timeoutMs = PROVIDER_TIMEOUT_MS): Promise<ProviderTokens> {
  const endpoints = oauthEndpoints(req.provider);
  const client = new OAuth2Client(req.clientId, req.clientSecret, req.redirectUri);
  let data: Record<string, unknown>;
  try {
    const tokens = await bounded(client.validateAuthorizationCode(endpoints.token, req.code, endpoints.pkce ? req.verifier : null), timeoutMs);
    data = tokens.data as Record<string, unknown>;
  } catch (err) {
    if (err instanceof CallbackFailure) throw err;
    if (err instanceof ArcticFetchError) throw unreachable();
    if (err instanceof OAuth2RequestError) throw unexpected(err.description ? `${err.code} (${err.description})` : err.code);
    if (err instanceof UnexpectedResponseError || err instanceof UnexpectedErrorResponseBodyError) throw unexpected(`the provider answered ${err.status}`);
    throw err;
  }
  // GitHub answers a refused code with 200 and an error body, which OAuth2Client takes for tokens.
  if (typeof data.error === 'string') {
    throw unexpected(typeof data.error_description === 'string' ? `${data.error} (${data.error_description})` : data.error);
  }
  if (typeof data.access_token !== 'string' || !data.access_token || data.access_token.length > 8192) throw unexpected('no access token');
  if (typeof data.token_type !== 'string' || data.token_type.toLowerCase() !== 'bearer') throw unexpected('not a bearer token');
  if (data.id_token !== undefined && typeof data.id_token !== 'string') throw unexpected('malformed id_token');
  return { accessToken: data.access_token, idToken: typeof data.id_token === 'string' ? data.id_token : null };
}

/** A GET of the provider's API with its access token (user info, GitHub's emails): JSON, within the time limit, no redirects. */
export async function providerJson(url: string, accessToken: string, timeoutMs = PROVIDER_TIMEOUT_MS): Promise<Record<string, unknown> | unknown[]> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', 'user-agent': 'Plinth Auth' },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch {
    throw unreachable();
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || !body || typeof body !== 'object') throw new CallbackFailure('server_error', 'unexpected_provider_answer', 'Error getting user profile from external provider');
  return body as Record<string, unknown> | unknown[];
}
