import type { DatabaseTrigger, DatabaseTriggerCreate } from '@plinth/contracts-database';
import { AS_USER, asUserSql, ident } from '@plinth/platform-core/common/sql';
import { assertChangeable, isProtectedSchema, notFound, NOT_INTERNAL, type Db } from './catalog-objects';

// Triggers: list, create (on a table, calling a function that returns trigger), enable or
// disable, drop. tgtype bits: 1 row, 2 before, 4 insert, 8 delete, 16 update, 32 truncate, 64 instead.

const SELECT = `
select t.oid::int as id, t.tgname::text as name, n.nspname::text as schema, c.relname::text as "table",
  fn.nspname::text as "functionSchema", p.proname::text as "functionName",
  case when t.tgtype & 2 <> 0 then 'BEFORE' when t.tgtype & 64 <> 0 then 'INSTEAD OF' else 'AFTER' end as timing,
  array_remove(array[case when t.tgtype & 4 <> 0 then 'INSERT' end, case when t.tgtype & 16 <> 0 then 'UPDATE' end,
    case when t.tgtype & 8 <> 0 then 'DELETE' end, case when t.tgtype & 32 <> 0 then 'TRUNCATE' end], null)::text[] as events,
  case when t.tgtype & 1 <> 0 then 'ROW' else 'STATEMENT' end as orientation,
  t.tgenabled <> 'D' as enabled, pg_get_triggerdef(t.oid) as definition
from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
join pg_proc p on p.oid = t.tgfoid join pg_namespace fn on fn.oid = p.pronamespace
where not t.tgisinternal and ${NOT_INTERNAL('n.nspname')}`;

type Row = Omit<DatabaseTrigger, 'protected'>;
const withFlag = (t: Row): DatabaseTrigger => ({ ...t, protected: isProtectedSchema(t.schema) });

export async function listTriggers(db: Db, schema?: string): Promise<DatabaseTrigger[]> {
  const r = await db.query<Row>(`${SELECT} and ($1::text is null or n.nspname = $1) order by n.nspname, c.relname, t.tgname`, [schema ?? null]);
  return r.rows.map(withFlag);
}

export async function findTrigger(db: Db, id: number): Promise<DatabaseTrigger> {
  const row = (await db.query<Row>(`${SELECT} and t.oid = $1::oid`, [id])).rows[0];
  return row ? withFlag(row) : notFound('Trigger');
}

export async function createTrigger(db: Db, t: DatabaseTriggerCreate): Promise<DatabaseTrigger> {
  assertChangeable(t.schema);
  const events = [...new Set(t.events)].join(' or ');
  await asUserSql(() =>
    db.query(
      `create trigger ${ident(t.name)} ${t.timing} ${events} on ${ident(t.schema)}.${ident(t.table)}
       for each ${t.orientation} execute function ${ident(t.functionSchema)}.${ident(t.functionName)}()`,
      [],
      AS_USER,
    ),
  );
  const r = await db.query<Row>(`${SELECT} and n.nspname = $1 and c.relname = $2 and t.tgname = $3`, [t.schema, t.table, t.name]);
  return withFlag(r.rows[0]!);
}

export async function setTriggerEnabled(db: Db, id: number, enabled: boolean): Promise<DatabaseTrigger> {
  const t = await findTrigger(db, id);
  assertChangeable(t.schema);
  await asUserSql(() => db.query(`alter table ${ident(t.schema)}.${ident(t.table)} ${enabled ? 'enable' : 'disable'} trigger ${ident(t.name)}`, [], AS_USER));
  return findTrigger(db, id);
}

export async function dropTrigger(db: Db, id: number): Promise<DatabaseTrigger> {
  const t = await findTrigger(db, id);
  assertChangeable(t.schema);
  await asUserSql(() => db.query(`drop trigger ${ident(t.name)} on ${ident(t.schema)}.${ident(t.table)}`, [], AS_USER));
  return t;
}
