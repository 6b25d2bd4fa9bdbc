import type { ApiDocsFunction, ApiDocsTable } from '@plinth/contracts-database';
import type { Db } from './catalog-objects';

// What the data API exposes, for the API docs: tables and views of the exposed schemas with their
// columns, and the functions it can call (named arguments, not returning trigger, not an extension's).

export async function exposedTables(db: Db, schemas: string[]): Promise<ApiDocsTable[]> {
  const r = await db.query<ApiDocsTable>(
    `select n.nspname::text as schema, c.relname::text as name, case when c.relkind in ('r', 'p') then 'table' else 'view' end as kind,
       obj_description(c.oid, 'pg_class') as comment,
       coalesce((select json_agg(json_build_object(
           'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'nullable', not a.attnotnull,
           'default', pg_get_expr(d.adbin, d.adrelid), 'generated', a.attidentity <> '' or a.attgenerated <> '',
           'primaryKey', exists (select 1 from pg_index i where i.indrelid = c.oid and i.indisprimary and a.attnum = any(i.indkey)),
           'comment', col_description(c.oid, a.attnum)) order by a.attnum)
         from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
         where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]'::json) as columns
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = any($1::text[]) and c.relkind in ('r', 'p', 'v', 'm') and not c.relispartition
     order by array_position($1::text[], n.nspname::text), c.relname`,
    [schemas],
  );
  return r.rows;
}

export async function exposedFunctions(db: Db, schemas: string[]): Promise<ApiDocsFunction[]> {
  const r = await db.query<ApiDocsFunction & { argnames: string[] | null; argtypes: string[]; defaults: number }>(
    `select n.nspname::text as schema, p.proname::text as name, p.proretset as "returnsSet", p.provolatile = 'v' as volatile,
       format_type(p.prorettype, null) as returns, obj_description(p.oid, 'pg_proc') as comment,
       p.proargnames::text[] as argnames, array(select format_type(t, null) from unnest(p.proargtypes::oid[]) t)::text[] as argtypes,
       p.pronargdefaults::int as defaults
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = any($1::text[]) and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype
       and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
     order by array_position($1::text[], n.nspname::text), p.proname`,
    [schemas],
  );
  return r.rows
    .filter((f) => f.argtypes.every((_, i) => f.argnames?.[i]))
    .map(({ argnames, argtypes, defaults, ...f }) => ({
      ...f,
      args: argtypes.map((type, i) => ({ name: argnames![i]!, type, hasDefault: i >= argtypes.length - defaults })),
    }));
}
