import { HIDDEN_SCHEMAS, isSystemRole, type DatabaseRole, type DatabaseSchema, type Entity, type Policy, type Table, type TableSort } from '@plinth/contracts-database';
import type { ProjectDatabase } from '@plinth/platform-core/deps';
import { policyBucketIds } from '@plinth/platform-core/common/policy-buckets';
import { likeEscape } from '@plinth/platform-core/common/sql';

// Catalog reads of one project database: policies, tables, roles, schemas, table-editor entities.

type Db = Pick<ProjectDatabase, 'query'>;

const hidden = new Set<string>(HIDDEN_SCHEMAS);
const INTERNAL = `n.nspname not in ('pg_catalog', 'pg_toast') and n.nspname not like 'pg\\_temp\\_%' and n.nspname not like 'pg\\_toast\\_temp\\_%'`;

// Role names are looked up once per listing, not per policy: a subquery per row costs as much as
// the rest of the listing at 2,000 policies.
const POLICY_SELECT = `
select p.oid::int as id, p.polname::text as name, n.nspname::text as schema, c.relname::text as "table", c.oid::int as table_id,
  case p.polcmd when 'r' then 'SELECT' when 'a' then 'INSERT' when 'w' then 'UPDATE' when 'd' then 'DELETE' else 'ALL' end as command,
  pg_get_expr(p.polqual, p.polrelid) as definition,
  pg_get_expr(p.polwithcheck, p.polrelid) as "check",
  array_to_string(p.polroles, ',') as role_oids,
  case when p.polpermissive then 'PERMISSIVE' else 'RESTRICTIVE' end as action
from pg_policy p
join pg_class c on c.oid = p.polrelid
join pg_namespace n on n.oid = c.relnamespace`;

type PolicyRow = Omit<Policy, 'roles'> & { role_oids: string };

/** The policies a statement selects, their roles named ('public' for none in particular), sorted by name. */
async function readPolicies(db: Db, where: string, params: unknown[]): Promise<Policy[]> {
  const [r, roles] = await Promise.all([
    db.query<PolicyRow>(`${POLICY_SELECT} ${where}`, params),
    db.query<{ oid: string; name: string }>('select oid::text as oid, rolname::text as name from pg_roles'),
  ]);
  const names = new Map(roles.rows.map((role) => [String(role.oid), role.name]));
  names.set('0', 'public');
  return Promise.all(
    r.rows.map(({ role_oids, ...p }) => {
      const named = role_oids.split(',').flatMap((oid) => names.get(oid) ?? []);
      return withBuckets({ ...p, roles: role_oids === '0' ? ['public'] : named.sort() });
    }),
  );
}

export async function listPolicies(db: Db, schema?: string): Promise<Policy[]> {
  return readPolicies(db, 'where ($1::text is null or n.nspname = $1) order by n.nspname, c.relname, p.polname', [schema ?? null]);
}

/** A policy on storage.objects carries the buckets it is written for, so the storage policies page groups by them. */
async function withBuckets(p: Policy): Promise<Policy> {
  if (p.schema !== 'storage' || p.table !== 'objects') return p;
  return { ...p, bucketIds: await policyBucketIds(p.definition, p.check) };
}

export async function findPolicy(db: Db, id: number): Promise<Policy | undefined> {
  return (await readPolicies(db, 'where p.oid = $1::oid', [id]))[0];
}

export async function findPolicyByName(db: Db, schema: string, table: string, name: string): Promise<Policy | undefined> {
  return (await readPolicies(db, 'where n.nspname = $1 and c.relname = $2 and p.polname = $3', [schema, table, name]))[0];
}

const TABLE_SELECT = `
select c.oid::int as id, c.relname::text as name, n.nspname::text as schema, c.relrowsecurity as rls_enabled
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where c.relkind in ('r', 'p') and ${INTERNAL}`;

/** Tables of the protected system schemas are locked: no RLS switch, no policy actions (000 §2.4). */
export function isLockedTable(schema: string): boolean {
  return hidden.has(schema);
}

/** Locked tables whose policies are still managed, on the storage policies page (001 §3). */
const STORAGE_POLICY_TABLES = new Set(['storage.objects', 'storage.buckets']);

export function acceptsPolicyChanges(schema: string, table: string): boolean {
  return !isLockedTable(schema) || STORAGE_POLICY_TABLES.has(`${schema}.${table}`);
}

function withLock(t: Table): Table {
  return { ...t, locked: isLockedTable(t.schema) };
}

export async function listTables(db: Db, schema?: string): Promise<Table[]> {
  const r = await db.query<Table>(`${TABLE_SELECT} and ($1::text is null or n.nspname = $1) order by n.nspname, c.relname`, [schema ?? null]);
  return r.rows.map(withLock);
}

export async function findTable(db: Db, id: number): Promise<Table | undefined> {
  const row = (await db.query<Table>(`${TABLE_SELECT} and c.oid = $1::oid`, [id])).rows[0];
  return row && withLock(row);
}

export async function listRoles(db: Db): Promise<DatabaseRole[]> {
  const r = await db.query<{ id: number; name: string }>(`select oid::int as id, rolname::text as name from pg_roles order by rolname`);
  return r.rows.map((row) => ({ ...row, is_system: isSystemRole(row.name) }));
}

export async function listSchemas(db: Db, includeProtected: boolean): Promise<DatabaseSchema[]> {
  const r = await db.query<{ id: number; name: string; owner: string }>(
    `select n.oid::int as id, n.nspname::text as name, pg_get_userbyid(n.nspowner)::text as owner from pg_namespace n where ${INTERNAL} order by n.nspname`,
  );
  return r.rows.map((s) => ({ ...s, protected: hidden.has(s.name) })).filter((s) => includeProtected || !s.protected);
}

export interface EntityQuery {
  schema: string;
  search?: string;
  limit: number;
  page: number;
  sort: TableSort;
}

const ENTITY_FROM = `
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r', 'v', 'f', 'm', 'p') and not c.relispartition
  and ($2::text is null or c.relname ilike '%' || $2 || '%' escape '\\')
  and (pg_has_role(c.relowner, 'USAGE')
       or has_table_privilege(c.oid, 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
       or has_any_column_privilege(c.oid, 'SELECT, INSERT, UPDATE, REFERENCES'))`;

const ENTITY_TYPE = `case c.relkind when 'r' then 'table' when 'v' then 'view' when 'f' then 'foreign table' when 'm' then 'materialized view' else 'partitioned table' end`;

/** A page of the table editor's entity list, with the total count of matches. */
export async function listEntities(db: Db, q: EntityQuery): Promise<{ count: number; entities: Entity[] }> {
  const search = q.search ? likeEscape(q.search) : null;
  const order = q.sort === 'grouped-alphabetical' ? `${ENTITY_TYPE}, c.relname` : 'c.relname';
  const [rows, total] = await Promise.all([
    db.query<Entity>(
      `select c.oid::int as id, n.nspname::text as schema, c.relname::text as name, ${ENTITY_TYPE} as type,
         obj_description(c.oid, 'pg_class') as comment, c.relrowsecurity as rls_enabled
       ${ENTITY_FROM} order by ${order}, c.oid limit $3 offset $4`,
      [q.schema, search, q.limit, q.page * q.limit],
    ),
    db.query<{ n: number }>(`select count(*)::int as n ${ENTITY_FROM}`, [q.schema, search]),
  ]);
  return { count: total.rows[0]?.n ?? 0, entities: rows.rows };
}
