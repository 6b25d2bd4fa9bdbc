import { createHmac, randomBytes } from 'node:crypto';

// API keys are HS256 JSON Web Tokens signed with the project's JWT secret (the same form the
// core issues when a project is created), regenerated here when the secret is rotated.

const b64 = (v: string | Buffer) => Buffer.from(v).toString('base64url');
const TEN_YEARS_S = 10 * 365 * 24 * 3600;

export function signApiKey(ref: string, role: 'anon' | 'service_role', secret: string, nowS = Math.floor(Date.now() / 1000)): string {
  const head = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64(JSON.stringify({ iss: 'plinth', ref, role, iat: nowS, exp: nowS + TEN_YEARS_S }));
  const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}

export function newJwtSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What a member without service_api_keys_read sees instead of a secret. */
export function maskSecret(secret: string): string {
  return `${secret.slice(0, 6)}${'•'.repeat(24)}`;
}
