import type { SchemaGraph, SchemaGraphColumn, SchemaGraphRelation, SchemaGraphTable } from '@plinth/contracts-database';
import { notFound, type Db } from './catalog-objects';

// What the schema visualizer draws (issue 22): one schema's tables with their columns, types and
// keys, and the foreign keys of those tables, in three catalog reads however many tables there are.

/** Tables of the schema the diagram shows: plain and partitioned ones, not their partitions. */
const SCHEMA_TABLES = `
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = $1 and c.relkind in ('r', 'p') and not c.relispartition`;

interface ColumnRow extends SchemaGraphColumn {
  table_id: number;
}

interface RelationRow {
  id: number;
  name: string;
  table_id: number;
  columns: string[];
  target_id: number;
  target_schema: string;
  target_table: string;
  target_columns: string[];
}

export async function readSchemaGraph(db: Db, schema: string): Promise<SchemaGraph> {
  const found = await db.query(`select 1 from pg_namespace where nspname = $1`, [schema]);
  if (!found.rows.length) notFound(`Schema ${schema}`);
  const [tables, columns, relations] = await Promise.all([
    db.query<Omit<SchemaGraphTable, 'columns'>>(
      `select c.oid::int as id, n.nspname::text as schema, c.relname::text as name,
         case c.relkind when 'p' then 'partitioned table' else 'table' end as type, c.relrowsecurity as "rlsEnabled"
       ${SCHEMA_TABLES}
       order by c.relname, c.oid`,
      [schema],
    ),
    db.query<ColumnRow>(
      `select c.oid::int as table_id, a.attname::text as name, format_type(a.atttypid, a.atttypmod) as type, not a.attnotnull as nullable,
         exists (select 1 from pg_index i where i.indrelid = c.oid and i.indisprimary and a.attnum = any (i.indkey::int2[])) as "primaryKey",
         exists (select 1 from pg_index i where i.indrelid = c.oid and i.indisunique and not i.indisprimary and i.indnkeyatts = 1
                   and i.indkey[0] = a.attnum and i.indpred is null and i.indexprs is null) as "unique"
       ${SCHEMA_TABLES.replace('from pg_class c', 'from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped')}
       order by c.oid, a.attnum`,
      [schema],
    ),
    // A foreign key of a partitioned table is copied onto each partition (and one to a partitioned
    // table onto its partitions): conparentid = 0 keeps the one the user wrote.
    db.query<RelationRow>(
      `select k.oid::int as id, k.conname::text as name, k.conrelid::int as table_id,
         array(select a.attname::text from unnest(k.conkey) with ordinality u(att, n)
                 join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.att order by u.n) as columns,
         k.confrelid::int as target_id, fn.nspname::text as target_schema, fc.relname::text as target_table,
         array(select a.attname::text from unnest(k.confkey) with ordinality u(att, n)
                 join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.att order by u.n) as target_columns
       from pg_constraint k
       join pg_class fc on fc.oid = k.confrelid join pg_namespace fn on fn.oid = fc.relnamespace
       join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
       where k.contype = 'f' and k.conparentid = 0 and n.nspname = $1 and not c.relispartition
       order by c.relname, k.conname`,
      [schema],
    ),
  ]);
  const byTable = new Map<number, SchemaGraphColumn[]>();
  for (const { table_id, ...column } of columns.rows) {
    const list = byTable.get(table_id) ?? [];
    list.push(column);
    byTable.set(table_id, list);
  }
  return {
    schema,
    tables: tables.rows.map((t) => ({ ...t, columns: byTable.get(t.id) ?? [] })),
    relations: relations.rows.map(
      (r): SchemaGraphRelation => ({
        id: r.id,
        name: r.name,
        tableId: r.table_id,
        columns: r.columns,
        target: { tableId: r.target_id, schema: r.target_schema, table: r.target_table, columns: r.target_columns },
      }),
    ),
  };
}
