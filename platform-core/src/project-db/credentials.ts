import type { ControlDatabase } from '../deps';
import { loadServerSecret } from '../csrf';
import { projectRolePassword } from './owner-role';

/** A project database's connection settings as the control database keeps them (project_database_settings). */
export interface ProjectDatabaseSettings {
  /** Moves on at every password reset; the password is derived from it (owner-role.ts). */
  passwordGeneration: number;
  /** Connections a person's clients may hold at once; null: DEFAULT_CONNECTION_LIMIT. */
  connectionLimit: number | null;
  /** Statement time-out of those connections, in ms; null: the platform's statement time-out. */
  statementTimeoutMs: number | null;
  /** Embedded: a connection without SSL is refused (wire-server.ts). */
  sslEnforced: boolean;
}

/** Connections a project's clients may hold at once when the project set no limit. */
export const DEFAULT_CONNECTION_LIMIT = 10;
/** The bounds a project's connection limit and statement time-out are kept in. */
export const CONNECTION_LIMIT_MAX = 100;
export const STATEMENT_TIMEOUT_MIN_MS = 1_000;
export const STATEMENT_TIMEOUT_MAX_MS = 30 * 60_000;

/**
 * Who may connect to a project's database from outside, and with which limits. The password is
 * never stored: it is derived from a server secret, the project's ref and the password's
 * generation (the server mode's project role has the same password, so both modes share it). A
 * reset moves the generation on, and the old password stops working.
 */
export class ProjectDatabaseCredentials {
  private secretOnce: Promise<Buffer> | null = null;

  constructor(private readonly control: ControlDatabase) {}

  private secret(): Promise<Buffer> {
    this.secretOnce ??= loadServerSecret(this.control, 'project-database-roles');
    return this.secretOnce.catch((err) => ((this.secretOnce = null), Promise.reject(err)));
  }

  /** The project's settings; null when no such project exists. */
  async settings(ref: string): Promise<ProjectDatabaseSettings | null> {
    const r = await this.control.query<{ generation: number | null; connection_limit: number | null; statement_timeout_ms: number | null; ssl_enforced: boolean | null }>(
      `select s.password_generation as generation, s.connection_limit, s.statement_timeout_ms, s.ssl_enforced
         from projects p left join project_database_settings s on s.project_id = p.id where p.ref = $1`,
      [ref],
    );
    const row = r.rows[0];
    if (!row) return null;
    return { passwordGeneration: row.generation ?? 0, connectionLimit: row.connection_limit, statementTimeoutMs: row.statement_timeout_ms, sslEnforced: row.ssl_enforced === true };
  }

  /** The project's current database password. */
  async password(ref: string, settings?: ProjectDatabaseSettings | null): Promise<string | null> {
    const s = settings ?? (await this.settings(ref));
    if (!s) return null;
    return projectRolePassword(await this.secret(), ref, 'owner', s.passwordGeneration);
  }

  /** A new password: the generation moves on; answers the new settings. */
  async resetPassword(ref: string): Promise<ProjectDatabaseSettings> {
    await this.control.query(
      `insert into project_database_settings (project_id, password_generation)
         select id, 1 from projects where ref = $1
       on conflict (project_id) do update set password_generation = project_database_settings.password_generation + 1, updated_at = now()`,
      [ref],
    );
    return (await this.settings(ref))!;
  }

  /** Saves the connection limit and statement time-out (null: the default). */
  async update(ref: string, values: { connectionLimit: number | null; statementTimeoutMs: number | null }): Promise<ProjectDatabaseSettings> {
    await this.control.query(
      `insert into project_database_settings (project_id, connection_limit, statement_timeout_ms)
         select id, $2, $3 from projects where ref = $1
       on conflict (project_id) do update set connection_limit = $2, statement_timeout_ms = $3, updated_at = now()`,
      [ref, values.connectionLimit, values.statementTimeoutMs],
    );
    return (await this.settings(ref))!;
  }

  /** Saves whether the project's connections must use SSL. */
  async setSslEnforced(ref: string, enforced: boolean): Promise<ProjectDatabaseSettings> {
    await this.control.query(
      `insert into project_database_settings (project_id, ssl_enforced)
         select id, $2 from projects where ref = $1
       on conflict (project_id) do update set ssl_enforced = $2, updated_at = now()`,
      [ref, enforced],
    );
    return (await this.settings(ref))!;
  }
}
