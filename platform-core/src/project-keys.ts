import { randomBytes } from 'node:crypto';
import { newJwtSecret, signApiKey } from './jwt';

/** A project's JWT secret and its anon and service_role API keys (tokens of core/jwt.ts). */
export async function issueProjectKeys(ref: string): Promise<{ jwtSecret: string; anonKey: string; serviceRoleKey: string }> {
  const jwtSecret = newJwtSecret();
  const [anonKey, serviceRoleKey] = await Promise.all([signApiKey(ref, 'anon', jwtSecret), signApiKey(ref, 'service_role', jwtSecret)]);
  return { jwtSecret, anonKey, serviceRoleKey };
}

/** 20 lowercase letters. */
export function newProjectRef(): string {
  const bytes = randomBytes(20);
  return Array.from(bytes, (b) => String.fromCharCode(97 + (b % 26))).join('');
}
