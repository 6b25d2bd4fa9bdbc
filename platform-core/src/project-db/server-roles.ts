import pg from 'pg';
import type { ControlDatabase } from '../deps';
import { quoteIdent } from '../database-error';
import { loadServerSecret } from '../csrf';
import { LEGACY_OWNED_OBJECTS_SQL, projectDatabaseGrantsSql, projectRolesSql, projectSchemasSql } from '../project-bootstrap.sql';
import { ADMIN_CONNECTIONS, OWNER_CONNECTION_LIMIT, PLATFORM_SEARCH_PATH, PLATFORM_SESSION_OPTIONS, projectAdminRoleName, projectRoleName, projectRolePassword, projectRoleUrl, scramVerifier } from './owner-role';
import type { ServerProjectDatabase } from './server-client';
import { ProjectDatabaseCredentials, type ProjectDatabaseSettings } from './credentials';

/** Server-mode name of a project's database. */
export const projectDatabaseName = (ref: string) => `plinth_project_${ref}`;

/**
 * Server mode: each project's two roles and its database's grants, made from the control database
 * by the API's user, and checked inside the database as the platform's role (owner-role.ts).
 */
export class ServerProjectRoles {
  /** The secret the project roles' passwords are derived from. */
  private roleSecret: Promise<Buffer> | null = null;
  /** CONNECT to the control database is taken from PUBLIC (once per process). */
  private controlClosed: Promise<void> | null = null;
  private readonly credentials: ProjectDatabaseCredentials;

  constructor(
    private readonly control: ControlDatabase,
    private readonly databaseUrl: string,
    /** A person's connections' statement time-out when the project set none (the platform's). */
    private readonly defaultStatementTimeoutMs = 15_000,
  ) {
    this.credentials = new ProjectDatabaseCredentials(control);
  }

  /** Connections the project role may hold: the platform's pools, and a person's clients when the project set a limit. */
  private static ownerConnections(settings: ProjectDatabaseSettings | null): number {
    return OWNER_CONNECTION_LIMIT + (settings?.connectionLimit ?? 0);
  }

  /** Server mode: the secret the project roles' passwords are derived from. */
  private async secret(): Promise<Buffer> {
    this.roleSecret ??= loadServerSecret(this.control, 'project-database-roles');
    return this.roleSecret.catch((err) => ((this.roleSecret = null), Promise.reject(err)));
  }

  /**
   * Server mode, on every open and whenever the server refuses a login of the project's roles
   * (a tenant changed its role's password): from the control database, as the API's user, the
   * project role and the platform's role of the project exist with their derived passwords and no
   * more than their privileges, may connect to this database alone, and the platform's role owns
   * the database. The API's user never connects to the project database itself, except once for a
   * database made before the platform's role (LEGACY_OWNED_OBJECTS_SQL), on a session whose search
   * path holds pg_catalog alone. Answers where each role connects.
   */
  /** Drops the project's two roles (its database is dropped first); nothing to do when they are gone. */
  async drop(ref: string): Promise<void> {
    for (const role of [projectRoleName(ref), projectAdminRoleName(ref)]) {
      await this.control.query(`drop role if exists ${quoteIdent(role)}`);
    }
  }

  async prepare(ref: string): Promise<{ owner: string; admin: string }> {
    const secret = await this.secret();
    const database = projectDatabaseName(ref);
    // The password's generation and the project's limits (credentials.ts): a reset or a new limit takes effect here.
    const settings = await this.credentials.settings(ref);
    const owner = { name: projectRoleName(ref), password: projectRolePassword(secret, ref, 'owner', settings?.passwordGeneration ?? 0) };
    const admin = { name: projectAdminRoleName(ref), password: projectRolePassword(secret, ref, 'admin') };
    const control = this.control;
    for (const statement of projectRolesSql({
      owner: owner.name,
      admin: admin.name,
      database,
      ownerVerifier: scramVerifier(owner.password),
      adminVerifier: scramVerifier(admin.password),
      ownerConnections: ServerProjectRoles.ownerConnections(settings),
      adminConnections: ADMIN_CONNECTIONS,
    })) {
      await control.query(statement);
    }
    // The statement time-out of a person's own connections (the platform's pools set theirs at start).
    await control.query(`alter role ${quoteIdent(owner.name)} set statement_timeout = ${Math.trunc(settings?.statementTimeoutMs ?? this.defaultStatementTimeoutMs)}`);
    const owned = await control.query<{ mine: boolean }>(
      `select d.datdba operator(pg_catalog.=) r.oid as mine from pg_catalog.pg_database d, pg_catalog.pg_roles r
        where d.datname operator(pg_catalog.=) $1 and r.rolname operator(pg_catalog.=) current_user`,
      [database],
    );
    if (owned.rows[0]?.mine) {
      await control.query(projectDatabaseGrantsSql({ owner: owner.name, database, connections: ServerProjectRoles.ownerConnections(settings) + ADMIN_CONNECTIONS }));
      await this.handOverLegacyObjects(ref, admin.name);
      await control.query(`alter database ${quoteIdent(database)} owner to ${quoteIdent(admin.name)}`);
    }
    this.controlClosed ??= (async () => {
      const r = await control.query<{ name: string }>('select pg_catalog.current_database() as name');
      await control.query(`revoke connect, temporary on database ${quoteIdent(r.rows[0]!.name)} from public`);
    })().catch(() => undefined);
    await this.controlClosed;
    return {
      owner: projectRoleUrl(this.databaseUrl, database, owner.name, owner.password),
      admin: projectRoleUrl(this.databaseUrl, database, admin.name, admin.password),
    };
  }

  /** A database the API's user still owns: what it owns inside goes to the platform's role of the project. */
  private async handOverLegacyObjects(ref: string, admin: string): Promise<void> {
    const url = new URL(this.databaseUrl);
    url.pathname = `/${projectDatabaseName(ref)}`;
    const client = new pg.Client({ connectionString: url.toString(), options: PLATFORM_SESSION_OPTIONS });
    client.on('error', () => undefined);
    await client.connect();
    try {
      await client.query('begin');
      const path = await client.query<{ p: string }>(`select pg_catalog.current_setting('search_path') as p`);
      if (path.rows[0]?.p.replace(/\s+/g, '') !== PLATFORM_SEARCH_PATH) throw new Error('the platform session did not start with its search path');
      const r = await client.query<{ sql: string }>(LEGACY_OWNED_OBJECTS_SQL, [admin]);
      for (const { sql } of r.rows) await client.query(sql);
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /**
   * Server mode, on every open, inside the database as the platform's role of the project: the
   * project role owns `public` and the user's objects; both roles are what they must be.
   */
  async secureSchemas(db: ServerProjectDatabase, ref: string): Promise<void> {
    const settings = await this.credentials.settings(ref);
    const grants = { owner: projectRoleName(ref), database: projectDatabaseName(ref), connections: ServerProjectRoles.ownerConnections(settings) + ADMIN_CONNECTIONS };
    for (const statement of projectSchemasSql(grants)) await db.exec(statement);
    // The console's session is the platform's role with pg_catalog alone on its path; a statement
    // sent for a user runs as the project role; neither is a superuser.
    const platform = await db.query<{ ok: boolean }>(
      `select session_user operator(pg_catalog.=) $1 and pg_catalog.replace(pg_catalog.current_setting('search_path'), ' ', '') operator(pg_catalog.=) $2 and pg_catalog.current_setting('is_superuser') operator(pg_catalog.=) 'off' as ok`,
      [projectAdminRoleName(ref), PLATFORM_SEARCH_PATH],
    );
    const user = await db.query<{ ok: boolean }>(`select session_user = $1 and current_setting('is_superuser') = 'off' as ok`, [projectRoleName(ref)], { user: true });
    if (!platform.rows[0]?.ok || !user.rows[0]?.ok) throw new Error('the project database roles are not what they must be');
  }
}
