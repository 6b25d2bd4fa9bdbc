import { createHash, randomBytes, randomInt } from 'node:crypto';
import { signJwt } from '@plinth/platform-core/jwt';
import type { AuthUser } from './users';

/** SHA-256 hex: how refresh tokens and one-time email tokens are stored. */
export const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

export const newRefreshToken = () => randomBytes(24).toString('base64url');

/** A six-digit code sent by email; its hash (with the email) is both what is stored and the token of the email's link. */
export function newEmailOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function emailTokenHash(email: string, otp: string): string {
  return sha256(`${email.toLowerCase()}:${otp}`);
}

/** One entry of the amr claim: how (and when) the session was authenticated. */
export interface AmrEntry {
  method: string;
  timestamp: number;
}

export type Aal = 'aal1' | 'aal2';

export interface AccessTokenInput {
  ref: string;
  user: AuthUser;
  sessionId: string;
  expirySeconds: number;
  /** The session's assurance level and how it was reached (amr), e.g. [{ method: "password" }, { method: "totp" }]. */
  aal: Aal;
  amr: AmrEntry[];
  issuer: string;
}

/** The claims of an access token, as policies and clients read them (and a custom access token hook receives them). */
export function accessTokenClaims(t: AccessTokenInput): Record<string, unknown> {
  const iat = Math.floor(Date.now() / 1000);
  return {
    iss: t.issuer,
    ref: t.ref,
    aud: 'authenticated',
    sub: t.user.id,
    exp: iat + t.expirySeconds,
    iat,
    email: t.user.email ?? '',
    phone: t.user.phone ?? '',
    app_metadata: t.user.appMetadata,
    user_metadata: t.user.userMetadata,
    role: 'authenticated',
    aal: t.aal,
    amr: t.amr,
    session_id: t.sessionId,
    is_anonymous: t.user.isAnonymous,
  };
}

/** Signs access token claims: HS256 under the project's JWT secret (core/jwt.ts). */
export async function signAccessToken(claims: Record<string, unknown>, jwtSecret: string): Promise<{ token: string; expiresAt: number }> {
  return { token: await signJwt(claims, jwtSecret), expiresAt: Number(claims.exp) };
}

/**
 * A Go-style duration ("24h", "1h30m", "90s", "876000h") in milliseconds; "none" is 0 (no ban).
 * Answers null when the text is not a duration.
 */
export function parseBanDuration(text: string): number | null {
  if (text === 'none') return 0;
  const units: Record<string, number> = { ns: 1e-6, us: 1e-3, 'µs': 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/gy;
  let total = 0;
  let at = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    total += Number(m[1]) * units[m[2]!]!;
    at = re.lastIndex;
  }
  if (at === 0 || at !== text.length || !Number.isFinite(total)) return null;
  return total;
}
