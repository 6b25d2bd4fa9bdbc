import type { ControlDatabase } from '../deps';
import { ADMIN_CONNECTIONS, OWNER_CONNECTION_LIMIT } from './owner-role';

// Server mode: what the API's own database user may hold. It creates databases and roles, and
// runs no tenant code at all (it never connects to a project database; see owner-role.ts), but a
// right it does not need is a right a mistake could hand on: the server's file and program roles,
// and roles it could grant to others (admin option), are refused at start; a superuser is warned
// about loudly.

/** Server roles the API's user must never hold: they reach the host's files and programs, or every table of every database. */
export const FORBIDDEN_SERVER_ROLES = ['pg_execute_server_program', 'pg_read_server_files', 'pg_write_server_files', 'pg_read_all_data', 'pg_write_all_data'];

export interface ApiUserCheck {
  name: string;
  superuser: boolean;
  /** What the API's user holds and must not, each named (empty when all is well). */
  refused: string[];
  /** Connections the server allows in all (max_connections, less those kept for superusers). */
  serverConnections: number;
}

/** Reads what the API's user is on the server. */
export async function checkApiUser(control: ControlDatabase): Promise<ApiUserCheck> {
  const me = await control.query<{ name: string; superuser: boolean; createdb: boolean; createrole: boolean; max: number }>(
    `select r.rolname::text as name, r.rolsuper as superuser, r.rolcreatedb as createdb, r.rolcreaterole as createrole,
        pg_catalog.current_setting('max_connections')::int operator(pg_catalog.-) pg_catalog.current_setting('superuser_reserved_connections')::int as max
       from pg_catalog.pg_roles r where r.rolname operator(pg_catalog.=) current_user`,
  );
  const row = me.rows[0]!;
  const refused: string[] = [];
  if (!row.superuser) {
    if (!row.createdb) refused.push('it lacks CREATEDB (needed to create project databases)');
    if (!row.createrole) refused.push('it lacks CREATEROLE (needed to create project roles)');
    const held = await control.query<{ name: string }>(
      `select r.rolname::text as name from pg_catalog.pg_roles r
        where r.rolname operator(pg_catalog.=) any ($1::text[]) and pg_catalog.pg_has_role(current_user, r.oid, 'member')`,
      [FORBIDDEN_SERVER_ROLES],
    );
    for (const h of held.rows) refused.push(`it is a member of ${h.name}`);
    // Roles it may grant on: the project roles it made (PostgreSQL 16 gives their creator that) and the API roles.
    const granting = await control.query<{ name: string }>(
      `select g.rolname::text as name from pg_catalog.pg_auth_members m
         join pg_catalog.pg_roles g on g.oid operator(pg_catalog.=) m.roleid
         join pg_catalog.pg_roles u on u.oid operator(pg_catalog.=) m.member
        where u.rolname operator(pg_catalog.=) current_user and m.admin_option
          and g.rolname::text operator(pg_catalog.<>) all (array['anon', 'authenticated', 'service_role'])
          and g.rolname::text operator(pg_catalog.!~) '^plinth_[a-z]+_(owner|admin)$'`,
    );
    for (const g of granting.rows) refused.push(`it may grant ${g.name} to others (admin option)`);
  }
  return { name: row.name, superuser: row.superuser, refused, serverConnections: Number(row.max) };
}

/** Connections one open project database holds at most: the platform's role and the project role together. */
export const CONNECTIONS_PER_PROJECT = OWNER_CONNECTION_LIMIT + ADMIN_CONNECTIONS;

/** Connections kept aside from project databases: the control database's pool, the log store, a person's psql. */
export const CONNECTIONS_KEPT_ASIDE = 30;

/**
 * How many project databases one API instance keeps open at once on a server that allows
 * `serverConnections`: each open one may hold CONNECTIONS_PER_PROJECT, so that many fit beside
 * the connections kept aside (at least one). Idle projects hold none and open again on their next
 * call, so the server carries any number of projects; this many are served at the same moment.
 */
export function openDatabasesFor(serverConnections: number, instances = 1): number {
  return Math.max(1, Math.floor((serverConnections - CONNECTIONS_KEPT_ASIDE) / instances / CONNECTIONS_PER_PROJECT));
}

export const SUPERUSER_WARNING = (name: string) =>
  `The API connects to Postgres as ${name}, a superuser. No tenant code runs as it (each project has a role of its own for the platform's calls), but a mistake in the platform would reach the whole server. Connect as a user with CREATEDB and CREATEROLE only (platform-api/README.md, "Server mode").`;
