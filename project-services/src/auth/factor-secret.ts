import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { loadServerSecret } from '@plinth/platform-core/csrf';
import type { ControlDatabase } from '@plinth/platform-core/deps';

// TOTP factor secrets are kept sealed in the project's database (auth.mfa_factors.secret): AES-256-GCM
// under a key of the project derived by HKDF from a server secret of the platform (the control
// database's server_secrets, never in a project database), bound to the factor's user. A dump of the
// project's database, or a project role reading the table, gets no secret that makes codes.

const PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const serverSecrets = new WeakMap<object, Promise<Buffer>>();

/** The key that seals this project's factor secrets (the server secret is read once per control database). */
export async function factorSecretKey(control: ControlDatabase, ref: string): Promise<Buffer> {
  let secret = serverSecrets.get(control);
  if (!secret) {
    secret = loadServerSecret(control, 'mfa-factor-secrets');
    serverSecrets.set(control, secret);
    secret.catch(() => serverSecrets.delete(control));
  }
  return Buffer.from(hkdfSync('sha256', await secret, ref, 'plinth totp factor secret', 32));
}

/** A factor's base32 secret, sealed for its user: "v1:" and the IV, tag and ciphertext in base64url. */
export function sealFactorSecret(key: Buffer, userId: string, base32: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(userId));
  const sealed = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/**
 * The base32 secret of a stored factor; a factor stored before secrets were sealed is read as it is.
 * Null when the stored value does not open under this key and user (changed or moved by hand).
 */
export function openFactorSecret(key: Buffer, userId: string, stored: string): string | null {
  if (!stored.startsWith(PREFIX)) return stored;
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  if (raw.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(userId));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
