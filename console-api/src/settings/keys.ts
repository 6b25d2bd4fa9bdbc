// API keys are HS256 JSON Web Tokens signed with the project's JWT secret (core/jwt.ts, the same form
// issued when a project is created), regenerated here when the secret is rotated.
export { newJwtSecret, signApiKey } from '@plinth/platform-core/jwt';

/** What a member without service_api_keys_read sees instead of a secret. */
export function maskSecret(secret: string): string {
  return `${secret.slice(0, 6)}${'•'.repeat(24)}`;
}
