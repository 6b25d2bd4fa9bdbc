import { randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';

// The one place JSON Web Tokens are made and checked, on `jose`: project API keys, users' access
// tokens, OAuth states. Every token is HS256 under a secret (a project's JWT secret, or a key derived
// from it); the algorithm is pinned, so `alg: none` and any other algorithm are refused, and the
// signature is compared by jose in constant time. `exp`, `nbf` and `iat` must be numbers when
// present; the server issues and checks its own tokens on one clock, so there is no clock tolerance:
// a token is expired from its `exp` second on and not valid before its `nbf` second.

export const JWT_ALGORITHM = 'HS256';

/** A verified token's claims, frozen (the same token's claims are shared by every request presenting it). */
export type JwtClaims = Readonly<Record<string, unknown>>;

export type JwtProblem = 'malformed' | 'algorithm' | 'signature' | 'claims' | 'expired' | 'not_yet_valid';

/** Why a token was refused; each caller answers it in its own clients' shape. */
export class JwtError extends Error {
  constructor(
    readonly reason: JwtProblem,
    message: string,
  ) {
    super(message);
    this.name = 'JwtError';
  }
}

export interface VerifyJwtOptions {
  /** Refuse a token without `exp` (every token the platform issues has one). Default true. */
  requireExp?: boolean;
  /** Now, in seconds since the epoch (tests). */
  nowS?: number;
}

const encoder = new TextEncoder();
const keyOf = (secret: string) => encoder.encode(secret);
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Signs claims as an HS256 token under `secret`. Claims are taken as given (tests sign malformed ones on purpose). */
export async function signJwt(claims: Record<string, unknown>, secret: string): Promise<string> {
  if (!secret) throw new TypeError('signJwt needs a secret');
  return new SignJWT(claims as JWTPayload).setProtectedHeader({ alg: JWT_ALGORITHM, typ: 'JWT' }).sign(keyOf(secret));
}

/** A new project JWT secret: 32 random bytes, base64url. */
export function newJwtSecret(): string {
  return randomBytes(32).toString('base64url');
}

const API_KEY_LIFETIME_S = 10 * 365 * 24 * 3600;

/** A project API key: a token with the project's ref and role (anon or service_role), valid ten years. */
export function signApiKey(ref: string, role: 'anon' | 'service_role', secret: string, nowS = nowSeconds()): Promise<string> {
  return signJwt({ iss: 'plinth', ref, role, iat: nowS, exp: nowS + API_KEY_LIFETIME_S }, secret);
}

/** Tokens verified lately, at most this many (the first verified is forgotten first). */
const VERIFIED_TOKENS_MAX = 5_000;
/**
 * Claims of tokens whose signature and claims were verified, by the token's exact text, with the
 * secret that verified it: the same token under the same secret needs no new HMAC. `exp` and `nbf`
 * are checked again on every use; under another secret (another project, a rotated secret) a token
 * is verified afresh.
 */
const verified = new Map<string, { secret: string; claims: JwtClaims }>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** The time checks again, for claims jose already verified (so `exp` and `nbf` are numbers when present). */
function checkTimes(claims: JwtClaims, nowS: number, requireExp: boolean): void {
  if (requireExp && claims.exp === undefined) throw new JwtError('claims', 'Invalid JWT: the "exp" claim is required');
  if (typeof claims.nbf === 'number' && claims.nbf > nowS) throw new JwtError('not_yet_valid', 'JWT not valid yet (nbf)');
  if (typeof claims.exp === 'number' && claims.exp <= nowS) throw new JwtError('expired', 'JWT expired');
}

function refusal(err: unknown): JwtError {
  if (err instanceof errors.JWTExpired) return new JwtError('expired', 'JWT expired');
  if (err instanceof errors.JWTClaimValidationFailed) {
    if (err.claim === 'nbf' && err.reason === 'check_failed') return new JwtError('not_yet_valid', 'JWT not valid yet (nbf)');
    if (err.reason === 'missing') return new JwtError('claims', `Invalid JWT: the "${err.claim}" claim is required`);
    return new JwtError('claims', `Invalid JWT: the "${err.claim}" claim must be a number`);
  }
  if (err instanceof errors.JOSEAlgNotAllowed || err instanceof errors.JOSENotSupported) return new JwtError('algorithm', `Invalid JWT: the algorithm must be ${JWT_ALGORITHM}`);
  if (err instanceof errors.JWSSignatureVerificationFailed) return new JwtError('signature', 'Invalid JWT: signature does not match');
  return new JwtError('malformed', 'Invalid JWT: malformed token');
}

/**
 * Verifies an HS256 token under `secret`: algorithm, signature, claim types, `nbf` and `exp` (by
 * default required). Answers its claims, frozen; throws a JwtError.
 */
export async function verifyJwt(token: string, secret: string, options: VerifyJwtOptions = {}): Promise<JwtClaims> {
  const requireExp = options.requireExp ?? true;
  const nowS = options.nowS ?? nowSeconds();
  const known = verified.get(token);
  if (known && known.secret === secret) {
    checkTimes(known.claims, nowS, requireExp);
    return known.claims;
  }
  if (!secret) throw new JwtError('signature', 'Invalid JWT: signature does not match');
  let claims: JwtClaims;
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [JWT_ALGORITHM],
      requiredClaims: requireExp ? ['exp'] : [],
      currentDate: new Date(nowS * 1000),
    });
    claims = deepFreeze(payload as Record<string, unknown>);
  } catch (err) {
    throw refusal(err);
  }
  if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value!);
  verified.set(token, { secret, claims });
  return claims;
}
