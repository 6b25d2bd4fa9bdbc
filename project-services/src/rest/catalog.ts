import type { ProjectDatabase } from '@plinth/platform-core/deps';

// What the data API knows of one exposed schema: its tables and views with their columns and
// primary keys, the foreign keys between them, and its functions. Names in requests are only ever
// looked up here; SQL is written from these names, quoted. Each project's schemas are cached; a
// name not found, or a statement failing on an object that is gone (a column dropped, a function
// changed), loads the schema again and the request is planned once more; every cached schema is
// reloaded after a minute whatever happens, and forgotten at once when the console changed the
// schema (RestAdmin.reloadSchema) or the project database hears `NOTIFY pgrst` from any session (a
// person's psql, a migration, a function), as PostgREST's LISTEN does, or may have missed one.

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
  /** Column sets each holding one row at most (primary key and unique constraints); tables only. */
  uniqueKeys: string[][];
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
  /** A VARIADIC parameter (its type is the array type). */
  variadic?: boolean;
}

export interface FunctionInfo {
  name: string;
  args: FunctionArg[];
  returnsSet: boolean;
  /** void, a scalar, or rows with named columns (a table's row type, a composite type, OUT/TABLE columns). */
  returns: 'void' | 'scalar' | 'rows';
  columns: string[];
  volatility: string;
  /** The relation of this schema whose row type is the only argument (a computed field or relationship), else null. */
  argRelation: string | null;
  /** The relation of this schema whose row type the function returns (rows of a table or view), else null. */
  returnRelation: string | null;
  /** format_type() of the return type (catalog text). */
  returnType: string;
  /** The planner's row estimate (`rows 1` marks a set-returning function of one row, a to-one computed relationship). */
  rows: number;
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
    where p.conrelid = c.oid and p.contype = 'p'), '[]'::json) as primary_key,
  coalesce((select json_agg((select json_agg(a.attname) from unnest(u.conkey) k(attnum)
    join pg_attribute a on a.attrelid = u.conrelid and a.attnum = k.attnum)) from pg_constraint u
    where u.conrelid = c.oid and u.contype in ('p', 'u')), '[]'::json) as unique_keys
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')`;

const FOREIGN_KEYS_SQL = `
select con.conname as name, nf.nspname as from_schema, cf.relname as from_rel, nt.nspname as to_schema, ct.relname as to_rel,
  (select json_agg(a.attname order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)
    join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as from_cols,
  (select json_agg(a.attname order by k.ord) from unnest(con.confkey) with ordinality k(attnum, ord)
    join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum) as to_cols
from pg_constraint con
join pg_class cf on cf.oid = con.conrelid
join pg_class ct on ct.oid = con.confrelid
join pg_namespace nf on nf.oid = cf.relnamespace
join pg_namespace nt on nt.oid = ct.relnamespace
where con.contype = 'f' and nf.nspname not in ('pg_catalog', 'information_schema') and nt.nspname not in ('pg_catalog', 'information_schema')`;

// Where each column of a view comes from: the stored query tree names the source relation and column
// of every output column (resorigtbl/resorigcol); a view over a view is followed in loadSchemaCatalog.
const VIEW_COLUMNS_SQL = `
select vn.nspname as view_schema, v.relname as view, m[1] as view_col, tn.nspname as base_schema, t.relname as base, a.attname as base_col
from pg_rewrite r
join pg_class v on v.oid = r.ev_class
join pg_namespace vn on vn.oid = v.relnamespace
cross join lateral regexp_matches(r.ev_action::text, ':resname (\\S+) :ressortgroupref \\d+ :resorigtbl (\\d+) :resorigcol (\\d+)', 'g') m
join pg_class t on t.oid = m[2]::oid
join pg_namespace tn on tn.oid = t.relnamespace
join pg_attribute a on a.attrelid = t.oid and a.attnum = m[3]::int2
where r.rulename = '_RETURN' and v.relkind in ('v', 'm') and vn.nspname not in ('pg_catalog', 'information_schema')`;

const FUNCTIONS_SQL = `
select p.proname as name, p.proretset as returns_set, p.prorows::float8 as rows, format_type(p.prorettype, null) as return_type, p.provolatile::text as volatility,
  t.typtype::text as return_typtype, (t.oid = 'void'::regtype) as returns_void,
  case when t.typtype = 'c' then (select json_agg(a.attname order by a.attnum) from pg_attribute a
    where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped) end as return_columns,
  p.pronargdefaults as ndefaults,
  to_json(coalesce(p.proargnames, '{}'::text[])) as arg_names,
  to_json(coalesce(p.proargmodes::text[], '{}'::text[])) as arg_modes,
  (select json_agg(format_type(u.x, null) order by u.o) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(x, o)) as arg_types,
  (select c.relname from pg_type at join pg_class c on c.oid = at.typrelid
    where p.pronargs = 1 and at.oid = p.proargtypes[0] and c.relnamespace = n.oid and c.relkind in ('r', 'v', 'm', 'f', 'p')) as arg_rel,
  (select c.relname from pg_class c where c.oid = t.typrelid and c.relnamespace = n.oid and c.relkind in ('r', 'v', 'm', 'f', 'p')) as return_rel
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
  arg_rel: string | null;
  return_rel: string | null;
  rows: number;
  return_type: string;
}

function toFunction(r: FunctionRow): FunctionInfo {
  const types = r.arg_types ?? [];
  const inputs: { name: string; type: string; variadic?: boolean }[] = [];
  const outputs: string[] = [];
  types.forEach((type, i) => {
    const mode = r.arg_modes[i] ?? 'i';
    const name = r.arg_names[i] ?? '';
    if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push(mode === 'v' ? { name, type, variadic: true } : { name, type });
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
  return { name: r.name, args, returnsSet: r.returns_set, returns, columns, volatility: r.volatility, argRelation: r.arg_rel, returnRelation: r.return_rel, rows: Number(r.rows), returnType: r.return_type };
}

interface RawForeignKey {
  name: string;
  from_schema: string;
  from_rel: string;
  to_schema: string;
  to_rel: string;
  from_cols: string[];
  to_cols: string[];
}

interface ViewColumnRow {
  view_schema: string;
  view: string;
  view_col: string;
  base_schema: string;
  base: string;
  base_col: string;
}

const relKey = (schema: string, name: string) => `${schema}\u0000${name}`;

/**
 * The foreign keys as the data API sees them from one schema: each key between two tables, and the
 * same key seen through every view of this schema that shows the key's columns of its base table
 * (PostgREST embeds views through their base tables' keys). Keys keep their constraint names.
 */
export function expandForeignKeys(schema: string, relations: Map<string, { kind: string }>, raw: RawForeignKey[], viewColumns: ViewColumnRow[]): ForeignKey[] {
  // view -> its column -> where it comes from, followed through views over views.
  const origin = new Map<string, Map<string, { base: string; col: string }>>();
  for (const v of viewColumns) {
    const key = relKey(v.view_schema, v.view);
    const cols = origin.get(key) ?? new Map<string, { base: string; col: string }>();
    // The last entry of a name is the view's own output (subqueries come first in the tree).
    cols.set(v.view_col, { base: relKey(v.base_schema, v.base), col: v.base_col });
    origin.set(key, cols);
  }
  const chase = (key: string, col: string): { base: string; col: string } | null => {
    let at = { base: key, col };
    for (let i = 0; i < 16; i++) {
      const next = origin.get(at.base)?.get(at.col);
      if (!next) return i === 0 ? null : at;
      at = next;
    }
    return null;
  };
  // Local relation -> base table -> base column -> its own column.
  const shows = new Map<string, Map<string, Map<string, string>>>();
  for (const [name, rel] of relations) {
    const byBase = new Map<string, Map<string, string>>();
    if (rel.kind === 'v' || rel.kind === 'm') {
      for (const col of origin.get(relKey(schema, name))?.keys() ?? []) {
        const o = chase(relKey(schema, name), col);
        if (!o) continue;
        const cols = byBase.get(o.base) ?? new Map<string, string>();
        if (!cols.has(o.col)) cols.set(o.col, col);
        byBase.set(o.base, cols);
      }
    }
    shows.set(name, byBase);
  }
  const ends = (schemaName: string, table: string, cols: string[]): { name: string; cols: string[] }[] => {
    const out: { name: string; cols: string[] }[] = [];
    if (schemaName === schema && relations.has(table)) out.push({ name: table, cols });
    const base = relKey(schemaName, table);
    for (const [name, byBase] of shows) {
      const m = byBase.get(base);
      if (m && cols.every((c) => m.has(c))) out.push({ name, cols: cols.map((c) => m.get(c)!) });
    }
    return out;
  };
  const keys: ForeignKey[] = [];
  for (const f of raw) {
    for (const from of ends(f.from_schema, f.from_rel, f.from_cols)) {
      for (const to of ends(f.to_schema, f.to_rel, f.to_cols)) {
        keys.push({ name: f.name, from: from.name, fromColumns: from.cols, to: to.name, toColumns: to.cols });
      }
    }
  }
  return keys;
}

export async function loadSchemaCatalog(db: Pick<ProjectDatabase, 'query'>, schema: string): Promise<SchemaCatalog> {
  const rels = await db.query<{ name: string; kind: string; columns: ColumnInfo[]; primary_key: string[]; unique_keys: string[][] }>(RELATIONS_SQL, [schema]);
  const fks = await db.query<RawForeignKey>(FOREIGN_KEYS_SQL);
  const views = await db.query<ViewColumnRow>(VIEW_COLUMNS_SQL);
  const fns = await db.query<FunctionRow>(FUNCTIONS_SQL, [schema]);
  const relations = new Map<string, RelationInfo>();
  for (const r of rels.rows) {
    relations.set(r.name, { name: r.name, kind: r.kind, columns: new Map(r.columns.map((c) => [c.name, c])), primaryKey: r.primary_key, uniqueKeys: r.unique_keys ?? [] });
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
    foreignKeys: expandForeignKeys(schema, relations, fks.rows, views.rows),
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

  /** The databases whose NOTIFY pgrst this cache hears (each one listens from its first catalog on). */
  private readonly followed = new WeakMap<object, Promise<unknown>>();

  /**
   * LISTEN pgrst on the project's database, before its first catalog is read: any NOTIFY on it
   * (whatever the payload: 'reload schema', 'reload config', none) forgets the project's schemas, as
   * does an interruption of listening (a notification may have been missed).
   */
  private follow(db: Pick<ProjectDatabase, 'query' | 'listen'>, ref: string): Promise<unknown> | undefined {
    if (!db.listen) return undefined;
    let following = this.followed.get(db);
    if (!following) {
      following = db.listen('pgrst', () => this.forget(ref)).catch(() => this.followed.delete(db));
      this.followed.set(db, following);
    }
    return following;
  }

  async get(db: Pick<ProjectDatabase, 'query' | 'listen'>, ref: string, schema: string): Promise<SchemaCatalog> {
    const following = this.follow(db, ref);
    if (following) await following;
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

  /** Forgets every schema of a project: the next request reads them afresh (DDL through the console, NOTIFY pgrst). */
  forget(ref: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(`${ref}\u0000`)) this.entries.delete(key);
  }
}
