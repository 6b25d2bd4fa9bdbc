import { createHmac, timingSafeEqual } from 'node:crypto';
import { REF_PATTERN } from '@plinth/shared-contracts';
import { STORAGE_API_MESSAGES } from '@plinth/contracts-storage';
import { HttpError, type ControlDatabase } from '@plinth/platform-core/deps';

// Signed object URLs: a token naming project, bucket, path and expiry, signed with HMAC-SHA256
// under the project's JWT secret (rotating the secret revokes every signed URL).

export interface SignedObject {
  ref: string;
  bucket: string;
  path: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url');

export async function projectSigningSecret(control: ControlDatabase, ref: string): Promise<string> {
  const r = await control.query<{ jwt_secret: string }>('select jwt_secret from projects where ref = $1', [ref]);
  const secret = r.rows[0]?.jwt_secret;
  if (!secret) throw new HttpError(404, `Project not found: ${ref}`, 'NOT_FOUND');
  return secret;
}

export function signObjectToken(o: SignedObject, secret: string): string {
  const payload = b64(JSON.stringify(o));
  const mac = createHmac('sha256', secret).update(payload).digest('base64url');
  return `${payload}.${mac}`;
}

/** Reads the token's claims without trusting them (to find the project whose secret checks it). */
export function peekObjectToken(token: string): SignedObject {
  const [payload] = token.split('.');
  try {
    const o = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as SignedObject;
    if (typeof o.ref !== 'string' || !REF_PATTERN.test(o.ref) || typeof o.bucket !== 'string' || typeof o.path !== 'string' || typeof o.exp !== 'number') throw new Error('shape');
    return o;
  } catch {
    throw new HttpError(400, STORAGE_API_MESSAGES.badSignature, 'INVALID_SIGNATURE');
  }
}

/** Checks signature, expiry and that the token was made for this bucket and path. */
export function verifyObjectToken(token: string, secret: string, bucket: string, path: string, nowMs = Date.now()): SignedObject {
  const o = peekObjectToken(token);
  const [payload, mac] = token.split('.');
  const expected = createHmac('sha256', secret).update(payload ?? '').digest();
  const given = Buffer.from(mac ?? '', 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected) || o.bucket !== bucket || o.path !== path) {
    throw new HttpError(400, STORAGE_API_MESSAGES.badSignature, 'INVALID_SIGNATURE');
  }
  if (o.exp * 1000 <= nowMs) throw new HttpError(400, STORAGE_API_MESSAGES.expiredSignature, 'EXPIRED_SIGNATURE');
  return o;
}

export const encodeObjectPath = (path: string) => path.split('/').map(encodeURIComponent).join('/');
