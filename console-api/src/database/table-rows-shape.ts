import type { CellKind, TableColumn, TableShape } from '@plinth/contracts-database';
import { HttpError, type ProjectDatabase } from '@plinth/platform-core/deps';
import { ident } from '@plinth/platform-core/common/sql';

// What the table editor knows of a table before it reads a row: its columns, their types, keys and
// references, all from the catalog. Every identifier later written into SQL comes from here.

type Db = Pick<ProjectDatabase, 'query'>;

const RELKIND_TYPE: Record<string, TableShape['type']> = { r: 'table', p: 'partitioned table', v: 'view', m: 'materialized view', f: 'foreign table' };

interface ColumnRow {
  name: string;
  type: string;
  typcategory: string;
  typname: string;
  elemcategory: string | null;
  nullable: boolean;
  default: string | null;
  generated: boolean;
  pk: number | null;
  enum_values: string[] | null;
  ref_id: number | null;
  ref_schema: string | null;
  ref_table: string | null;
  ref_column: string | null;
}

/** The grid's kind of a column, from the type's catalog category (pg_type.typcategory). */
export function cellKind(typname: string, category: string): CellKind {
  if (category === 'A') return 'array';
  if (category === 'E') return 'enum';
  if (category === 'B') return 'boolean';
  if (typname === 'json' || typname === 'jsonb') return 'json';
  if (typname === 'uuid') return 'uuid';
  if (typname === 'int8' || typname === 'numeric') return 'bigint';
  if (category === 'N') return 'number';
  if (typname === 'date') return 'date';
  if (typname === 'time' || typname === 'timetz') return 'time';
  if (category === 'D') return 'timestamp';
  if (category === 'S') return 'text';
  return 'other';
}

/** A table, view or other relation the entity list shows, by its id (oid); 404 when there is none. */
export async function readTableShape(db: Db, id: number): Promise<TableShape> {
  const rel = await db.query<{ schema: string; name: string; relkind: string; reltuples: number }>(
    `select n.nspname::text as schema, c.relname::text as name, c.relkind::text as relkind, c.reltuples::float8 as reltuples
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.oid = $1::oid and c.relkind in ('r','p','v','m','f')`,
    [id],
  );
  const r = rel.rows[0];
  if (!r) throw new HttpError(404, 'Table not found', 'NOT_FOUND');
  const cols = await db.query<ColumnRow>(
    `select a.attname::text as name, format_type(a.atttypid, a.atttypmod) as type, t.typcategory::text as typcategory,
            t.typname::text as typname, et.typcategory::text as elemcategory, not a.attnotnull as nullable,
            pg_get_expr(d.adbin, d.adrelid) as default, (a.attidentity <> '' or a.attgenerated <> '') as generated,
            (select k.n::int from pg_index i, unnest(i.indkey::int2[]) with ordinality k(att, n) where i.indrelid = c.oid and i.indisprimary and k.att = a.attnum) as pk,
            (select array_agg(e.enumlabel::text order by e.enumsortorder) from pg_enum e where e.enumtypid = a.atttypid) as enum_values,
            fk.confrelid::int as ref_id, fn.nspname::text as ref_schema, fc.relname::text as ref_table, fa.attname::text as ref_column
       from pg_class c
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       join pg_type t on t.oid = a.atttypid
       left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
       left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
       left join lateral (
         select k.confrelid, k.confkey[1] as confkey from pg_constraint k
          where k.conrelid = c.oid and k.contype = 'f' and k.conkey = array[a.attnum]::int2[] limit 1
       ) fk on true
       left join pg_class fc on fc.oid = fk.confrelid
       left join pg_namespace fn on fn.oid = fc.relnamespace
       left join pg_attribute fa on fa.attrelid = fk.confrelid and fa.attnum = fk.confkey
      where c.oid = $1::oid
      order by a.attnum`,
    [id],
  );
  const columns: TableColumn[] = cols.rows.map((c) => ({
    name: c.name,
    type: c.type,
    kind: cellKind(c.typname, c.typcategory),
    nullable: c.nullable,
    default: c.default,
    generated: c.generated,
    primaryKey: c.pk === null || c.pk === undefined ? null : Number(c.pk),
    enumValues: c.enum_values ?? null,
    references: c.ref_id && c.ref_schema && c.ref_table && c.ref_column ? { tableId: c.ref_id, schema: c.ref_schema, table: c.ref_table, column: c.ref_column } : null,
  }));
  const type = RELKIND_TYPE[r.relkind]!;
  const hasKey = columns.some((c) => c.primaryKey !== null);
  const physical = type === 'table' || type === 'partitioned table' || type === 'materialized view';
  return {
    id,
    schema: r.schema,
    name: r.name,
    type,
    readOnly: type !== 'table' && type !== 'partitioned table',
    // A partitioned table has no ctid of its own across partitions that orders well; it pages by offset without a key.
    paging: hasKey ? 'primary key' : physical && type !== 'partitioned table' ? 'ctid' : 'offset',
    columns,
    estimatedRows: r.reltuples >= 0 ? Math.round(r.reltuples) : null,
  };
}

/** "schema"."name" of the shape. */
export const qualifiedName = (shape: Pick<TableShape, 'schema' | 'name'>) => `${ident(shape.schema)}.${ident(shape.name)}`;

/** The primary key's columns, in key order. */
export const keyColumns = (shape: TableShape) =>
  shape.columns.filter((c) => c.primaryKey !== null).sort((a, b) => (a.primaryKey ?? 0) - (b.primaryKey ?? 0));

/** A column named by the caller, from the catalog; 400 naming `field` when the table has none such. */
export function columnNamed(shape: TableShape, name: string, field: string): TableColumn {
  const col = shape.columns.find((c) => c.name === name);
  if (!col) throw new HttpError(400, `Column "${name}" does not exist on ${shape.name}`, 'UNKNOWN_COLUMN', field);
  return col;
}
