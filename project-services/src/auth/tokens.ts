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

export interface AccessTokenInput {
  ref: string;
  jwtSecret: string;
  user: AuthUser;
  sessionId: string;
  expirySeconds: number;
  /** How the session was started (amr), e.g. "password", "otp". */
  method: string;
  issuer: string;
}

/** An access token: HS256 under the project's JWT secret (core/jwt.ts), with the claims policies and clients read. */
export async function issueAccessToken(t: AccessTokenInput): Promise<{ token: string; expiresAt: number }> {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + t.expirySeconds;
  const token = await signJwt(
    {
      iss: t.issuer,
      ref: t.ref,
      aud: 'authenticated',
      sub: t.user.id,
      exp,
      iat,
      email: t.user.email ?? '',
      phone: '',
      app_metadata: t.user.appMetadata,
      user_metadata: t.user.userMetadata,
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: t.method, timestamp: iat }],
      session_id: t.sessionId,
      is_anonymous: false,
    },
    t.jwtSecret,
  );
  return { token, expiresAt: exp };
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
