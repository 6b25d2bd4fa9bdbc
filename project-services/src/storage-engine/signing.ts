import { decodeJwt } from 'jose';
import { JwtError, signJwt, verifyJwt } from '@plinth/platform-core/jwt';
import { REF_PATTERN } from '@plinth/shared-contracts';
import { STORAGE_API_MESSAGES } from '@plinth/contracts-storage';
import { HttpError, type ControlDatabase } from '@plinth/platform-core/deps';

// Signed object URLs: a JWT naming project, bucket, path and expiry, signed (jose) with HS256
// under the project's JWT secret (rotating the secret revokes every signed URL).

export interface SignedObject {
  ref: string;
  bucket: string;
  path: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

export async function projectSigningSecret(control: ControlDatabase, ref: string): Promise<string> {
  const r = await control.query<{ jwt_secret: string }>('select jwt_secret from projects where ref = $1', [ref]);
  const secret = r.rows[0]?.jwt_secret;
  if (!secret) throw new HttpError(404, `Project not found: ${ref}`, 'NOT_FOUND');
  return secret;
}

/** A signed URL's token: a JWT (jose, HS256 under the project's JWT secret) with the object's claims. */
export function signObjectToken(o: SignedObject, secret: string): Promise<string> {
  return signJwt({ ref: o.ref, bucket: o.bucket, path: o.path, exp: o.exp }, secret);
}

/** Reads the token's claims without trusting them (to find the project whose secret checks it). */
export function peekObjectToken(token: string): SignedObject {
  try {
    return objectClaims(decodeJwt(token));
  } catch {
    throw new HttpError(400, STORAGE_API_MESSAGES.badSignature, 'INVALID_SIGNATURE');
  }
}

function objectClaims(o: Record<string, unknown>): SignedObject {
  if (typeof o.ref !== 'string' || !REF_PATTERN.test(o.ref) || typeof o.bucket !== 'string' || typeof o.path !== 'string' || typeof o.exp !== 'number') throw new Error('shape');
  return { ref: o.ref, bucket: o.bucket, path: o.path, exp: o.exp };
}

/** Checks signature, expiry and that the token was made for this bucket and path (an API key or another token of the project is refused). */
export async function verifyObjectToken(token: string, secret: string, bucket: string, path: string, nowMs = Date.now()): Promise<SignedObject> {
  let o: SignedObject;
  try {
    o = objectClaims(await verifyJwt(token, secret, { nowS: Math.floor(nowMs / 1000) }));
  } catch (err) {
    if (err instanceof JwtError && err.reason === 'expired') throw new HttpError(400, STORAGE_API_MESSAGES.expiredSignature, 'EXPIRED_SIGNATURE');
    throw new HttpError(400, STORAGE_API_MESSAGES.badSignature, 'INVALID_SIGNATURE');
  }
  if (o.bucket !== bucket || o.path !== path) throw new HttpError(400, STORAGE_API_MESSAGES.badSignature, 'INVALID_SIGNATURE');
  return o;
}

export const encodeObjectPath = (path: string) => path.split('/').map(encodeURIComponent).join('/');
