import * as z from '@plinth/shared-contracts/zod';
import { encodePath, ProjectStatusAnswerSchema, type Http } from '@plinth/shared-contracts';

// Project Settings → Database (issue 24): how a person connects to the project's database (host,
// port, database, user; the password revealed to a member allowed to), resetting that password,
// and the connection limit and statement time-out of their connections. Served under
// /api/platform/projects/{ref}/settings/database. Also the project's restart (Settings → General).

/** Bounds of the two limits (the API refuses values outside them, naming the field). */
export const DATABASE_CONNECTION_LIMIT_MAX = 100;
export const DATABASE_STATEMENT_TIMEOUT_MIN_MS = 1_000;
export const DATABASE_STATEMENT_TIMEOUT_MAX_MS = 30 * 60_000;
/** What a connection string shows in place of the password until it is revealed. */
export const DATABASE_PASSWORD_PLACEHOLDER = '[YOUR-PASSWORD]';

export const DatabaseConnectionSchema = z.object({
  /** True: the platform's embedded database, served over the Postgres wire protocol by the platform; false: a Postgres server. */
  embedded: z.boolean(),
  /** Null when the embedded databases' listener is not running. */
  host: z.nullable(z.string()),
  port: z.nullable(z.number().check(z.int())),
  database: z.string(),
  user: z.string(),
  /** Query parameters a client needs too (e.g. sslmode on a server). */
  params: z.record(z.string(), z.string()),
});
export type DatabaseConnection = z.infer<typeof DatabaseConnectionSchema>;

export const DatabaseSettingsSchema = z.object({
  connection: DatabaseConnectionSchema,
  /** The limits in force (the project's own values, or the defaults). */
  connection_limit: z.number().check(z.int()),
  statement_timeout_ms: z.number().check(z.int()),
  /** The project's own values; null: the default applies. */
  custom_connection_limit: z.nullable(z.number().check(z.int())),
  custom_statement_timeout_ms: z.nullable(z.number().check(z.int())),
});
export type DatabaseSettings = z.infer<typeof DatabaseSettingsSchema>;

export const DatabaseSettingsUpdateSchema = z.object({
    connection_limit: z.nullable(
      z.number().check(z.int('connection_limit must be a whole number'), z.gte(1, 'connection_limit must be at least 1'), z.lte(DATABASE_CONNECTION_LIMIT_MAX, `connection_limit must be at most ${DATABASE_CONNECTION_LIMIT_MAX}`)),
    ),
    statement_timeout_ms: z.nullable(
      z
        .number()
        .check(
          z.int('statement_timeout_ms must be a whole number of milliseconds'),
          z.gte(DATABASE_STATEMENT_TIMEOUT_MIN_MS, `statement_timeout_ms must be at least ${DATABASE_STATEMENT_TIMEOUT_MIN_MS} (1 second)`),
          z.lte(DATABASE_STATEMENT_TIMEOUT_MAX_MS, `statement_timeout_ms must be at most ${DATABASE_STATEMENT_TIMEOUT_MAX_MS} (30 minutes)`),
        ),
    ),
});
export type DatabaseSettingsUpdate = z.infer<typeof DatabaseSettingsUpdateSchema>;

export const DatabasePasswordSchema = z.object({ password: z.string() });
export type DatabasePassword = z.infer<typeof DatabasePasswordSchema>;

/** The connection as a URI (postgresql://user:password@host:port/database?params); the placeholder stands for the password when it is not given. */
export function databaseConnectionUri(c: DatabaseConnection, password?: string | null): string {
  const auth = `${encodeURIComponent(c.user)}:${password ? encodeURIComponent(password) : DATABASE_PASSWORD_PLACEHOLDER}`;
  const query = new URLSearchParams(c.params).toString();
  return `postgresql://${auth}@${c.host ?? 'localhost'}${c.port ? `:${c.port}` : ''}/${encodeURIComponent(c.database)}${query ? `?${query}` : ''}`;
}

/** The connection as key-value pairs (libpq's form: host=… port=… dbname=… user=… password=…). */
export function databaseConnectionKeyValue(c: DatabaseConnection, password?: string | null): string {
  const quote = (v: string) => (/^[^\s'\\]+$/.test(v) ? v : `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`);
  const pairs: [string, string][] = [
    ['host', c.host ?? 'localhost'],
    ...(c.port ? ([['port', String(c.port)]] as [string, string][]) : []),
    ['dbname', c.database],
    ['user', c.user],
    ['password', password || DATABASE_PASSWORD_PLACEHOLDER],
    ...Object.entries(c.params),
  ];
  return pairs.map(([k, v]) => `${k}=${quote(v)}`).join(' ');
}

/**
 * Project Settings → Database → SSL configuration. Embedded: the platform offers SSL on its wire
 * listener when it is given a certificate (PLINTH_DB_TLS_CERT and PLINTH_DB_TLS_KEY), and a project
 * may then refuse connections without it. Server mode: the Postgres server's own configuration
 * decides (`show ssl`), and there is no switch here.
 */
export const DatabaseSslSchema = z.object({
  /** True: the embedded database behind the platform's wire listener; false: a Postgres server. */
  embedded: z.boolean(),
  /** Whether connections can use SSL (embedded: the platform has a certificate; server: `show ssl` is on). */
  offered: z.boolean(),
  /** Embedded: connections without SSL are refused. Always false on a server (its configuration decides). */
  enforced: z.boolean(),
  /** Why the switch cannot be turned on (null: it can). */
  unavailable_reason: z.nullable(z.string()),
});
export type DatabaseSsl = z.infer<typeof DatabaseSslSchema>;

export const DatabaseSslUpdateSchema = z.object({
  enforced: z.boolean('enforced must be true or false'),
});
export type DatabaseSslUpdate = z.infer<typeof DatabaseSslUpdateSchema>;

/** The connection's parameters once SSL is required (a client then asks for it: sslmode=require). */
export function connectionWithSsl(c: DatabaseConnection, ssl: DatabaseSsl | undefined): DatabaseConnection {
  return ssl?.embedded && ssl.enforced ? { ...c, params: { ...c.params, sslmode: 'require' } } : c;
}

const base = (ref: string) => encodePath`/platform/projects/${ref}/settings/database`;

/** SSL of the project's database connections (GET: any member; PATCH: projects_write, embedded only). */
export function createDatabaseSslClient(http: Http) {
  return {
    getDatabaseSsl: (ref: string) => http('GET', `${base(ref)}/ssl`, { schema: DatabaseSslSchema }),
    updateDatabaseSsl: (ref: string, body: DatabaseSslUpdate) => http('PATCH', `${base(ref)}/ssl`, { body, schema: DatabaseSslSchema }),
  };
}

export function createDatabaseSettingsClient(http: Http) {
  return {
    getDatabaseSettings: (ref: string) => http('GET', base(ref), { schema: DatabaseSettingsSchema }),
    updateDatabaseSettings: (ref: string, body: DatabaseSettingsUpdate) => http('PATCH', base(ref), { body, schema: DatabaseSettingsSchema }),
    /** The current password (sql_query_run: whoever may run SQL in the project may connect). */
    revealDatabasePassword: (ref: string) => http('POST', `${base(ref)}/password/reveal`, { schema: DatabasePasswordSchema }),
    /** A new password (projects_write); the old one is refused from then on and its connections end. */
    resetDatabasePassword: (ref: string) => http('POST', `${base(ref)}/password/reset`, { schema: DatabasePasswordSchema }),
  };
}

/** Restarts an active project (Settings → General): it goes down and comes back on the same data (projects_write). */
export function createProjectRestartClient(http: Http) {
  return {
    restartProject: (ref: string) => http('POST', encodePath`/platform/projects/${ref}/restart`, { body: {}, schema: ProjectStatusAnswerSchema }),
  };
}

/** React Query keys of the database settings (an area takes them through areaQueryKeys). */
export const databaseSettingsQueryKeys = {
  databaseSettings: (ref: string) => ['projects', ref, 'database-settings'] as const,
};

/** React Query keys of the database SSL configuration. */
export const databaseSslQueryKeys = {
  databaseSsl: (ref: string) => ['projects', ref, 'database-ssl'] as const,
};
