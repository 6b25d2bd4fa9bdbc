import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';

// Server mode: each project database has a login role of its own, which every statement a user
// sends runs as. Its password is derived from a server secret (never stored, never shown) and
// reaches the Postgres server only as a SCRAM-SHA-256 verifier.

/** The login role of a project's database. */
export const projectRoleName = (ref: string) => `plinth_${ref}_owner`;

/** The project role's password: an HMAC of the project ref under the server's secret. */
export function projectRolePassword(secret: Buffer, ref: string): string {
  return createHmac('sha256', secret).update(`project-database-role|${ref}`).digest('base64url');
}

/** A SCRAM-SHA-256 verifier of a password (what `ALTER ROLE … PASSWORD` stores, RFC 5802/7677). */
export function scramVerifier(password: string, salt: Buffer = randomBytes(16), iterations = 4096): string {
  const salted = pbkdf2Sync(password, salt, iterations, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

/** The server's address with the project's database and role in place of the API's own. */
export function projectRoleUrl(databaseUrl: string, database: string, role: string, password: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  url.username = encodeURIComponent(role);
  url.password = encodeURIComponent(password);
  return url.toString();
}
