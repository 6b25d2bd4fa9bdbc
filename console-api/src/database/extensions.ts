import type { DatabaseExtension, DatabaseExtensionEnable } from '@plinth/contracts-database';
import { HttpError } from '@plinth/platform-core/deps';
import { AS_USER, asUserSql, ident } from '@plinth/platform-core/common/sql';
import { notFound, type Db } from './catalog-objects';

// Extensions a project may enable and disable: the trusted contrib extensions the embedded
// database loads (extensions-pglite.ts) that the database really offers (pg_available_extensions:
// on a Postgres server, those its contrib package installed). plpgsql is built in and stays.

export const OFFERED_EXTENSIONS = [
  'btree_gin', 'btree_gist', 'citext', 'cube', 'earthdistance', 'fuzzystrmatch', 'hstore', 'intarray',
  'ltree', 'pg_trgm', 'pgcrypto', 'plpgsql', 'tablefunc', 'unaccent', 'uuid-ossp',
] as const;
const BUILT_IN = new Set(['plpgsql']);

const SELECT = `
select a.name::text as name, a.comment, a.default_version as "defaultVersion", x.extversion as "installedVersion", n.nspname::text as schema
from pg_available_extensions a left join pg_extension x on x.extname = a.name left join pg_namespace n on n.oid = x.extnamespace
where a.name = any($1::text[])`;

type Row = Omit<DatabaseExtension, 'builtIn'>;
const withFlag = (e: Row): DatabaseExtension => ({ ...e, builtIn: BUILT_IN.has(e.name) });

export async function listExtensions(db: Db): Promise<DatabaseExtension[]> {
  const r = await db.query<Row>(`${SELECT} order by a.name`, [OFFERED_EXTENSIONS]);
  return r.rows.map(withFlag);
}

async function findOffered(db: Db, name: string): Promise<DatabaseExtension> {
  const row = (await db.query<Row>(`${SELECT} and a.name = $2`, [OFFERED_EXTENSIONS, name])).rows[0];
  if (!row) throw new HttpError(400, `The extension ${name} is not available on this database`, 'EXTENSION_NOT_AVAILABLE', 'name');
  return withFlag(row);
}

/** Enables an extension (and the ones it needs) in the schema given, else in public. */
export async function enableExtension(db: Db, body: DatabaseExtensionEnable): Promise<DatabaseExtension> {
  await findOffered(db, body.name);
  const schema = body.schema ?? 'public';
  await asUserSql(() => db.query(`create extension if not exists ${ident(body.name)} with schema ${ident(schema)} cascade`, [], AS_USER));
  return findOffered(db, body.name);
}

/** Disables an extension; Postgres refuses while objects depend on it (400 with its message). */
export async function disableExtension(db: Db, name: string): Promise<DatabaseExtension> {
  const ext = await findOffered(db, name);
  if (ext.builtIn) throw new HttpError(400, `The extension ${name} is built into the database and cannot be disabled`, 'EXTENSION_BUILT_IN', 'name');
  if (!ext.installedVersion) notFound(`Enabled extension ${name}`);
  await asUserSql(() => db.query(`drop extension ${ident(name)}`, [], AS_USER));
  return findOffered(db, name);
}
