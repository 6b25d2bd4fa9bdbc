import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';

// Server mode: each project database has a login role of its own, which every statement a user
// sends runs as. Its password is derived from a server secret (never stored, never shown) and
// reaches the Postgres server only as a SCRAM-SHA-256 verifier.

/** The login role of a project's database. */
export const projectRoleName = (ref: string) => `plinth_${ref}_owner`;

/**
 * The platform's own login role in a project's database: it owns the database, the `auth` and
 * `storage` schemas and their tables, and runs the bootstrap and the console's catalog, storage and
 * auth calls. It holds nothing on the server beyond that database (no superuser, no CREATEDB,
 * CREATEROLE, REPLICATION or BYPASSRLS, member of the project role alone), so even a function the
 * tenant planted could do no more as it than in that project's own database. Its sessions start
 * with PLATFORM_SESSION_OPTIONS.
 */
export const projectAdminRoleName = (ref: string) => `plinth_${ref}_admin`;

/**
 * Every session the platform opens to a project database as its own role starts with only
 * pg_catalog on the search path (a startup option: no statement undoes it before the platform's
 * own), so an unqualified name in the platform's SQL can never resolve to a function, operator or
 * table the tenant created in `public` or any other schema (the CVE-2018-1058 pattern).
 */
export const PLATFORM_SEARCH_PATH = 'pg_catalog,pg_temp';
export const PLATFORM_SESSION_OPTIONS = `-c search_path=${PLATFORM_SEARCH_PATH}`;

/** Connections the platform's role may hold on one project database (the console's pool). */
export const ADMIN_CONNECTIONS = 3;
/** Connections the project role may hold (the user and app pools and held results). */
export const OWNER_CONNECTION_LIMIT = 12;

/**
 * A project role's password: an HMAC of the project ref (and the password's generation once it was
 * reset) under the server's secret (the platform's role of the project under a label of its own).
 * The embedded database's wire protocol server checks the same password (wire-server.ts).
 */
export function projectRolePassword(secret: Buffer, ref: string, role: 'owner' | 'admin' = 'owner', generation = 0): string {
  // A reset of the project's database password moves its generation on (credentials.ts); the first
  // generation keeps the label projects were made with.
  const label = `${role === 'owner' ? 'project-database-role' : 'project-database-admin'}|${ref}${generation > 0 ? `|${generation}` : ''}`;
  return createHmac('sha256', secret).update(label).digest('base64url');
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
