import type { DatabaseIndex, DatabaseIndexCreate } from '@plinth/contracts-database';
import { AS_USER, asUserSql, ident } from '@plinth/platform-core/common/sql';
import { assertChangeable, isProtectedSchema, notFound, NOT_INTERNAL, type Db } from './catalog-objects';

// Indexes: list, create on columns of a table, drop. An index that backs a constraint (primary
// key, unique constraint) is dropped with its constraint, so Postgres refuses it here (400).

const SELECT = `
select i.indexrelid::int as id, n.nspname::text as schema, t.relname::text as "table", c.relname::text as name,
  pg_get_indexdef(i.indexrelid) as definition, i.indisunique as unique, i.indisprimary as primary
from pg_index i join pg_class c on c.oid = i.indexrelid join pg_class t on t.oid = i.indrelid join pg_namespace n on n.oid = t.relnamespace
where ${NOT_INTERNAL('n.nspname')}`;

type Row = Omit<DatabaseIndex, 'protected'>;
const withFlag = (x: Row): DatabaseIndex => ({ ...x, protected: isProtectedSchema(x.schema) });

export async function listIndexes(db: Db, schema?: string): Promise<DatabaseIndex[]> {
  const r = await db.query<Row>(`${SELECT} and ($1::text is null or n.nspname = $1) order by n.nspname, t.relname, c.relname`, [schema ?? null]);
  return r.rows.map(withFlag);
}

async function findIndex(db: Db, id: number): Promise<DatabaseIndex> {
  const row = (await db.query<Row>(`${SELECT} and i.indexrelid = $1::oid`, [id])).rows[0];
  return row ? withFlag(row) : notFound('Index');
}

export async function createIndex(db: Db, x: DatabaseIndexCreate): Promise<DatabaseIndex> {
  assertChangeable(x.schema);
  const name = x.name ?? `${x.table}_${x.columns.join('_')}_idx`.slice(0, 63);
  await asUserSql(() =>
    db.query(
      `create ${x.unique ? 'unique ' : ''}index ${ident(name)} on ${ident(x.schema)}.${ident(x.table)} using ${x.method ?? 'btree'} (${x.columns.map(ident).join(', ')})`,
      [],
      AS_USER,
    ),
  );
  const r = await db.query<Row>(`${SELECT} and n.nspname = $1 and c.relname = $2`, [x.schema, name]);
  return withFlag(r.rows[0]!);
}

export async function dropIndex(db: Db, id: number): Promise<DatabaseIndex> {
  const x = await findIndex(db, id);
  assertChangeable(x.schema);
  await asUserSql(() => db.query(`drop index ${ident(x.schema)}.${ident(x.name)}`, [], AS_USER));
  return x;
}
