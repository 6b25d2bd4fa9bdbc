import { projectRoleName } from '@plinth/platform-core/project-db/owner-role';

/** Query parameters of DATABASE_URL a person connecting needs too; the rest (passwords, key files) stay on the server. */
const KEPT_PARAMS = ['host', 'sslmode'];

/**
 * How a person connects to a project's database from outside (server mode): its address on the
 * DATABASE_URL server (host and port as the API's configuration names them), the project's own
 * login role as the user, and no password: the role's password is derived on the server and never
 * shown. Null for an embedded database, which runs inside the API's process and has no address.
 */
export function projectConnectionString(databaseAddress: string | null, ref: string): string | null {
  if (!databaseAddress) return null;
  const source = new URL(databaseAddress);
  const url = new URL(`postgresql://${source.host}${source.pathname}`);
  url.username = encodeURIComponent(projectRoleName(ref));
  for (const name of KEPT_PARAMS) {
    const value = source.searchParams.get(name);
    if (value !== null) url.searchParams.set(name, value);
  }
  return url.toString();
}
