import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { DatabasePasswordSchema, DatabaseSettingsSchema, DatabaseSettingsUpdateSchema, DatabaseSslSchema, DatabaseSslUpdateSchema, type DatabaseConnection, type DatabaseSettings, type DatabaseSsl } from '@plinth/contracts-settings';
import { HttpError, type RouteModule } from '@plinth/platform-core/deps';
import { RefParamsSchema } from '@plinth/platform-core/common/http';
import { ProjectDatabaseManager } from '@plinth/platform-core/project-db/manager';
import { DEFAULT_CONNECTION_LIMIT, type ProjectDatabaseSettings } from '@plinth/platform-core/project-db/credentials';
import { OWNER_CONNECTION_LIMIT, projectRoleName } from '@plinth/platform-core/project-db/owner-role';
import { projectDatabaseName } from '@plinth/platform-core/project-db/server-roles';

/** The wire protocol's user name of an embedded project (wire-server.ts picks the project from it). */
export const embeddedDatabaseUser = (ref: string) => `postgres.${ref}`;

/**
 * Project Settings → Database: how a person connects to the project's database, its password
 * (revealed to a member who may run SQL in the project; reset by one who may change its settings)
 * and the connection limit and statement time-out of their connections, applied at once.
 * Embedded: the platform's wire protocol listener (platform-core project-db/wire-server.ts), user
 * `postgres.<ref>`; server mode: the Postgres server's address, the project's database and its own
 * role (owner-role.ts), never the API's.
 */
export const databaseSettingsRoutes: RouteModule = (app, deps) => {
  const { access, config } = deps.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['projects'];
  const manager = () => {
    if (!(deps.databases instanceof ProjectDatabaseManager)) throw new HttpError(501, 'This platform cannot give connection details of its project databases', 'NOT_AVAILABLE');
    return deps.databases;
  };

  const connection = (m: ProjectDatabaseManager, ref: string): DatabaseConnection => {
    const url = m.connectionUrl(ref);
    if (!url) {
      const wire = m.wire;
      const listening = !!wire?.listening;
      return { embedded: true, host: listening ? wire!.shownHost : null, port: listening ? wire!.port : null, database: 'postgres', user: embeddedDatabaseUser(ref), params: {} };
    }
    const u = new URL(url);
    const sslmode = u.searchParams.get('sslmode');
    return {
      embedded: false,
      host: u.hostname,
      port: Number(u.port) || 5432,
      database: projectDatabaseName(ref),
      user: projectRoleName(ref),
      params: sslmode ? { sslmode } : {},
    };
  };

  const answer = (m: ProjectDatabaseManager, ref: string, s: ProjectDatabaseSettings): DatabaseSettings => ({
    connection: connection(m, ref),
    connection_limit: s.connectionLimit ?? (m.embedded ? DEFAULT_CONNECTION_LIMIT : OWNER_CONNECTION_LIMIT),
    statement_timeout_ms: s.statementTimeoutMs ?? config.statementTimeoutMs,
    custom_connection_limit: s.connectionLimit,
    custom_statement_timeout_ms: s.statementTimeoutMs,
  });

  const settingsOf = async (m: ProjectDatabaseManager, ref: string) => {
    const s = await m.credentials.settings(ref);
    if (!s) throw new HttpError(404, `Project ${ref} not found`, 'NOT_FOUND');
    return s;
  };

  r.get('/platform/projects/:ref/settings/database', { schema: { tags, params: RefParamsSchema, response: { 200: DatabaseSettingsSchema } } }, async (req) => {
    await access.requireProjectAccess(req, req.params.ref);
    const m = manager();
    return answer(m, req.params.ref, await settingsOf(m, req.params.ref));
  });

  r.patch(
    '/platform/projects/:ref/settings/database',
    { schema: { tags, params: RefParamsSchema, body: DatabaseSettingsUpdateSchema, response: { 200: DatabaseSettingsSchema } } },
    async (req) => {
      await access.requireProjectAccess(req, req.params.ref, PERMISSIONS.PROJECTS_WRITE, 'change the database settings');
      const m = manager();
      await settingsOf(m, req.params.ref);
      const s = await m.credentials.update(req.params.ref, { connectionLimit: req.body.connection_limit, statementTimeoutMs: req.body.statement_timeout_ms });
      await m.applyCredentials(req.params.ref);
      return answer(m, req.params.ref, s);
    },
  );

  // SSL (embedded): offered when the wire listener has a certificate; a project may enforce it
  // (wire-server.ts refuses its plain connections). Server mode: the server's `show ssl`, no switch.
  const NO_CERTIFICATE = 'This platform has no certificate for database connections (PLINTH_DB_TLS_CERT and PLINTH_DB_TLS_KEY), so it cannot offer SSL';
  const SERVER_DECIDES = "The project database is on a Postgres server: the server's own SSL configuration decides";
  const ssl = async (m: ProjectDatabaseManager, ref: string, s: ProjectDatabaseSettings): Promise<DatabaseSsl> => {
    if (m.connectionUrl(ref)) {
      const on = await m
        .get(ref)
        .then(async (db) => (await db.query<{ ssl: string }>('show ssl')).rows[0]?.ssl === 'on')
        .catch(() => {
          throw new HttpError(409, `The database of project ${ref} is not running, so its server's SSL state cannot be read; restore the project first`, 'NOT_RUNNING');
        });
      return { embedded: false, offered: on, enforced: false, unavailable_reason: SERVER_DECIDES };
    }
    const offered = !!m.wireServer()?.tls;
    return { embedded: true, offered, enforced: s.sslEnforced, unavailable_reason: offered ? null : NO_CERTIFICATE };
  };

  r.get('/platform/projects/:ref/settings/database/ssl', { schema: { tags, params: RefParamsSchema, response: { 200: DatabaseSslSchema } } }, async (req) => {
    await access.requireProjectAccess(req, req.params.ref);
    const m = manager();
    return ssl(m, req.params.ref, await settingsOf(m, req.params.ref));
  });

  r.patch(
    '/platform/projects/:ref/settings/database/ssl',
    { schema: { tags, params: RefParamsSchema, body: DatabaseSslUpdateSchema, response: { 200: DatabaseSslSchema } } },
    async (req) => {
      await access.requireProjectAccess(req, req.params.ref, PERMISSIONS.PROJECTS_WRITE, 'change the database settings');
      const m = manager();
      const ref = req.params.ref;
      const current = await ssl(m, ref, await settingsOf(m, ref));
      if (req.body.enforced && !current.embedded) throw new HttpError(400, SERVER_DECIDES, 'SSL_NOT_CONFIGURABLE', 'enforced');
      if (req.body.enforced && !current.offered) throw new HttpError(400, NO_CERTIFICATE, 'SSL_NOT_OFFERED', 'enforced');
      if (!current.embedded) return current;
      const s = await m.credentials.setSslEnforced(ref, req.body.enforced);
      // Connections already open without SSL end, as they would after any change of the limits.
      if (req.body.enforced && !current.enforced) await m.applyCredentials(ref);
      return ssl(m, ref, s);
    },
  );

  r.post('/platform/projects/:ref/settings/database/password/reveal', { schema: { tags, params: RefParamsSchema, response: { 200: DatabasePasswordSchema } } }, async (req, reply) => {
    await access.requireProjectAccess(req, req.params.ref, PERMISSIONS.SQL_QUERY_RUN, 'see the database password');
    const m = manager();
    const password = await m.credentials.password(req.params.ref, await settingsOf(m, req.params.ref));
    void reply.header('cache-control', 'no-store');
    return { password: password! };
  });

  r.post('/platform/projects/:ref/settings/database/password/reset', { schema: { tags, params: RefParamsSchema, response: { 200: DatabasePasswordSchema } } }, async (req, reply) => {
    await access.requireProjectAccess(req, req.params.ref, PERMISSIONS.PROJECTS_WRITE, 'reset the database password');
    const m = manager();
    await settingsOf(m, req.params.ref);
    const s = await m.credentials.resetPassword(req.params.ref);
    await m.applyCredentials(req.params.ref);
    void reply.header('cache-control', 'no-store');
    return { password: (await m.credentials.password(req.params.ref, s))! };
  });
};
