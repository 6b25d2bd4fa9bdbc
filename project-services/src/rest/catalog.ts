import type { ProjectDatabase } from '@plinth/platform-core/deps';

// What the data API knows of one exposed schema: its tables and views with their columns and
// primary keys, the foreign keys between them, and its functions. Names in requests are only ever
// looked up here; SQL is written from these names, quoted. Each project's schemas are cached; a
// name not found, or a statement failing on an object that is gone (a column dropped, a function
// changed), loads the schema again and the request is planned once more; every cached schema is
// reloaded after a minute whatever happens.

export interface ColumnInfo {
  name: string;
  /** format_type() of the column: SQL text from the catalog, never from a request. */
  type: string;
}

export interface RelationInfo {
  name: string;
  kind: string;
  columns: Map<string, ColumnInfo>;
  primaryKey: string[];
}

export interface ForeignKey {
  name: string;
  from: string;
  fromColumns: string[];
  to: string;
  toColumns: string[];
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface FunctionInfo {
  name: string;
  args: FunctionArg[];
  returnsSet: boolean;
  /** void, a scalar, or rows with named columns (a table's row type, a composite type, OUT/TABLE columns). */
  returns: 'void' | 'scalar' | 'rows';
  columns: string[];
  volatility: string;
}

export interface SchemaCatalog {
  schema: string;
  relations: Map<string, RelationInfo>;
  foreignKeys: ForeignKey[];
  functions: Map<string, FunctionInfo[]>;
  loadedAt: number;
}

const RELATIONS_SQL = `
select c.relname as name, c.relkind::text as kind,
  coalesce((select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) order by a.attnum)
    from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]'::json) as columns,
  coalesce((select json_agg(a.attname order by k.ord) from pg_constraint p
    cross join lateral unnest(p.conkey) with ordinality k(attnum, ord)
    join pg_attribute a on a.attrelid = p.conrelid and a.attnum = k.attnum
    where p.conrelid = c.oid and p.contype = 'p'), '[]'::json) as primary_key
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')`;

const FOREIGN_KEYS_SQL = `
select con.conname as name, cf.relname as from_rel, ct.relname as to_rel,
  (select json_agg(a.attname order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)
    join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as from_cols,
  (select json_agg(a.attname order by k.ord) from unnest(con.confkey) with ordinality k(attnum, ord)
    join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum) as to_cols
from pg_constraint con
join pg_class cf on cf.oid = con.conrelid
join pg_class ct on ct.oid = con.confrelid
join pg_namespace n on n.oid = cf.relnamespace
where con.contype = 'f' and n.nspname = $1 and ct.relnamespace = cf.relnamespace`;

const FUNCTIONS_SQL = `
select p.proname as name, p.proretset as returns_set, p.provolatile::text as volatility,
  t.typtype::text as return_typtype, (t.oid = 'void'::regtype) as returns_void,
  case when t.typtype = 'c' then (select json_agg(a.attname order by a.attnum) from pg_attribute a
    where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped) end as return_columns,
  p.pronargdefaults as ndefaults,
  to_json(coalesce(p.proargnames, '{}'::text[])) as arg_names,
  to_json(coalesce(p.proargmodes::text[], '{}'::text[])) as arg_modes,
  (select json_agg(format_type(u.x, null) order by u.o) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(x, o)) as arg_types
from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type t on t.oid = p.prorettype
where n.nspname = $1 and p.prokind = 'f'`;

interface FunctionRow {
  name: string;
  returns_set: boolean;
  volatility: string;
  return_typtype: string;
  returns_void: boolean;
  return_columns: string[] | null;
  ndefaults: number;
  arg_names: string[];
  arg_modes: string[];
  arg_types: string[] | null;
}

function toFunction(r: FunctionRow): FunctionInfo {
  const types = r.arg_types ?? [];
  const inputs: { name: string; type: string }[] = [];
  const outputs: string[] = [];
  types.forEach((type, i) => {
    const mode = r.arg_modes[i] ?? 'i';
    const name = r.arg_names[i] ?? '';
    if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name, type });
    if (mode === 'o' || mode === 'b' || mode === 't') outputs.push(name);
  });
  const firstDefault = inputs.length - Number(r.ndefaults ?? 0);
  const args = inputs.map((a, i) => ({ ...a, hasDefault: i >= firstDefault }));
  let returns: FunctionInfo['returns'] = 'scalar';
  let columns: string[] = [];
  if (r.returns_void) returns = 'void';
  else if (r.return_typtype === 'c' && r.return_columns) {
    returns = 'rows';
    columns = r.return_columns;
  } else if (outputs.length > 1 || (outputs.length === 1 && r.return_typtype === 'p')) {
    returns = 'rows';
    columns = outputs;
  }
  return { name: r.name, args, returnsSet: r.returns_set, returns, columns, volatility: r.volatility };
}

export async function loadSchemaCatalog(db: Pick<ProjectDatabase, 'query'>, schema: string): Promise<SchemaCatalog> {
  const rels = await db.query<{ name: string; kind: string; columns: ColumnInfo[]; primary_key: string[] }>(RELATIONS_SQL, [schema]);
  const fks = await db.query<{ name: string; from_rel: string; to_rel: string; from_cols: string[]; to_cols: string[] }>(FOREIGN_KEYS_SQL, [schema]);
  const fns = await db.query<FunctionRow>(FUNCTIONS_SQL, [schema]);
  const relations = new Map<string, RelationInfo>();
  for (const r of rels.rows) {
    relations.set(r.name, { name: r.name, kind: r.kind, columns: new Map(r.columns.map((c) => [c.name, c])), primaryKey: r.primary_key });
  }
  const functions = new Map<string, FunctionInfo[]>();
  for (const r of fns.rows) {
    const list = functions.get(r.name) ?? [];
    list.push(toFunction(r));
    functions.set(r.name, list);
  }
  return {
    schema,
    relations,
    foreignKeys: fks.rows.map((f) => ({ name: f.name, from: f.from_rel, fromColumns: f.from_cols, to: f.to_rel, toColumns: f.to_cols })),
    functions,
    loadedAt: Date.now(),
  };
}

const MAX_AGE_MS = 60_000;

/** Cached catalogs by project and schema. */
export class CatalogCache {
  private readonly entries = new Map<string, Promise<SchemaCatalog>>();

  private key(ref: string, schema: string): string {
    return `${ref}\u0000${schema}`;
  }

  async get(db: Pick<ProjectDatabase, 'query'>, ref: string, schema: string): Promise<SchemaCatalog> {
    const key = this.key(ref, schema);
    const cached = this.entries.get(key);
    if (cached) {
      const catalog = await cached.catch(() => null);
      if (catalog && Date.now() - catalog.loadedAt < MAX_AGE_MS) return catalog;
      if (this.entries.get(key) !== cached) return this.get(db, ref, schema);
    }
    return this.load(db, key, schema);
  }

  private load(db: Pick<ProjectDatabase, 'query'>, key: string, schema: string): Promise<SchemaCatalog> {
    const loading = loadSchemaCatalog(db, schema);
    this.entries.set(key, loading);
    loading.catch(() => {
      if (this.entries.get(key) === loading) this.entries.delete(key);
    });
    return loading;
  }

  /**
   * A name was not found (or a statement met an object that is gone): loads the schema again, unless
   * another request already did since `seen` was read (then that copy is answered).
   */
  async refresh(db: Pick<ProjectDatabase, 'query'>, ref: string, schema: string, seen: SchemaCatalog): Promise<SchemaCatalog> {
    const key = this.key(ref, schema);
    const current = this.entries.get(key);
    if (current) {
      const catalog = await current.catch(() => null);
      if (catalog && catalog !== seen) return catalog;
      const now = this.entries.get(key);
      if (now && now !== current) return now;
    }
    return this.load(db, key, schema);
  }

  /** Forgets every schema of a project (DDL through the console, a closed project). */
  forget(ref: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(`${ref}\u0000`)) this.entries.delete(key);
  }
}
