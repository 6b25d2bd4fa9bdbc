import { HIDDEN_SCHEMAS, type DatabaseMigration, type DatabaseRoleDetail, type DatabaseTableSummary } from '@plinth/contracts-database';
import { HttpError, type ProjectDatabase } from '@plinth/platform-core/deps';
import { AS_USER, asUserSql, ident } from '@plinth/platform-core/common/sql';

// What the database pages share: the protected schemas rule, and the plain catalog reads
// (table summaries, schemas, roles, migrations). Every name is bound or quoted.

export type Db = Pick<ProjectDatabase, 'query'>;

const hidden = new Set<string>(HIDDEN_SCHEMAS);

/** Postgres' own schemas: never listed by the pages. */
export const NOT_INTERNAL = (col: string) =>
  `${col} not in ('pg_catalog', 'pg_toast', 'information_schema') and ${col} not like 'pg\\_temp\\_%' and ${col} not like 'pg\\_toast\\_temp\\_%'`;

export function isProtectedSchema(schema: string): boolean {
  return hidden.has(schema) || schema === 'pg_catalog' || schema === 'information_schema' || schema.startsWith('pg_');
}

/** The hidden system schemas (001 §9) are shown but never changed from the console. */
export function assertChangeable(schema: string, field = 'schema'): void {
  if (isProtectedSchema(schema)) throw new HttpError(400, `The schema ${schema} is protected: its objects cannot be changed here`, 'PROTECTED_SCHEMA', field);
}

/** A missing object named by id: 404. */
export function notFound(what: string): never {
  throw new HttpError(404, `${what} not found`, 'NOT_FOUND');
}

export async function listTableSummaries(db: Db, schema?: string): Promise<DatabaseTableSummary[]> {
  const r = await db.query<Omit<DatabaseTableSummary, 'protected'>>(
    `select c.oid::int as id, n.nspname::text as schema, c.relname::text as name, obj_description(c.oid, 'pg_class') as comment,
       greatest(c.reltuples, 0)::float8 as "rowsEstimate", pg_total_relation_size(c.oid)::float8 as "sizeBytes",
       (select count(*)::int from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
       c.relrowsecurity as "rlsEnabled"
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relispartition and ${NOT_INTERNAL('n.nspname')} and ($1::text is null or n.nspname = $1)
     order by n.nspname, c.relname`,
    [schema ?? null],
  );
  return r.rows.map((t) => ({ ...t, protected: isProtectedSchema(t.schema) }));
}

export async function createSchema(db: Db, name: string): Promise<{ name: string }> {
  assertChangeable(name, 'name');
  await asUserSql(() => db.query(`create schema ${ident(name)}`, [], AS_USER));
  return { name };
}

/** Drops an empty schema; Postgres refuses one that still holds objects (400 with its message). */
export async function dropSchema(db: Db, name: string): Promise<{ name: string }> {
  assertChangeable(name, 'name');
  const found = await db.query(`select 1 from pg_namespace where nspname = $1`, [name]);
  if (!found.rows.length) notFound(`Schema ${name}`);
  await asUserSql(() => db.query(`drop schema ${ident(name)}`, [], AS_USER));
  return { name };
}

export async function listRoleDetails(db: Db): Promise<DatabaseRoleDetail[]> {
  const r = await db.query<DatabaseRoleDetail>(
    `select r.oid::int as id, r.rolname::text as name, r.rolcanlogin as "canLogin", r.rolsuper as superuser, r.rolcreaterole as "createRole",
       r.rolcreatedb as "createDb", r.rolbypassrls as "bypassRls", r.rolconnlimit as "connectionLimit",
       array(select g.rolname::text from pg_auth_members m join pg_roles g on g.oid = m.roleid where m.member = r.oid order by g.rolname) as "memberOf"
     from pg_roles r where r.rolname not like 'pg\\_%' order by r.rolname`,
  );
  return r.rows;
}

/** Rows of supabase_migrations.schema_migrations when a tool made that table; none otherwise. */
export async function listMigrations(db: Db): Promise<DatabaseMigration[]> {
  const exists = await db.query<{ t: string | null }>(`select to_regclass('supabase_migrations.schema_migrations')::text as t`);
  if (!exists.rows[0]?.t) return [];
  const r = await db.query<DatabaseMigration>(
    `select m.version::text as version, to_jsonb(m) ->> 'name' as name from supabase_migrations.schema_migrations m order by m.version desc`,
  );
  return r.rows;
}
