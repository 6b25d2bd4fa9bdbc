import { createHmac, randomBytes } from 'node:crypto';

const b64 = (v: string | Buffer) => Buffer.from(v).toString('base64url');

/** Signs claims as an HS256 JSON Web Token. */
export function signJwt(claims: Record<string, unknown>, secret: string): string {
  const head = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64(JSON.stringify(claims));
  const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}

/** Verifies an HS256 token; answers its claims or null. */
export function verifyJwt(token: string, secret: string): Record<string, unknown> | null {
  const [head, body, sig] = token.split('.');
  if (!head || !body || !sig) return null;
  const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  if (expected !== sig) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

const TEN_YEARS_S = 10 * 365 * 24 * 3600;

/** A project's JWT secret and its anon and service_role API keys. */
export function issueProjectKeys(ref: string): { jwtSecret: string; anonKey: string; serviceRoleKey: string } {
  const jwtSecret = randomBytes(32).toString('base64url');
  const iat = Math.floor(Date.now() / 1000);
  const claims = (role: string) => ({ iss: 'plinth', ref, role, iat, exp: iat + TEN_YEARS_S });
  return { jwtSecret, anonKey: signJwt(claims('anon'), jwtSecret), serviceRoleKey: signJwt(claims('service_role'), jwtSecret) };
}

/** 20 lowercase letters. */
export function newProjectRef(): string {
  const bytes = randomBytes(20);
  return Array.from(bytes, (b) => String.fromCharCode(97 + (b % 26))).join('');
}
