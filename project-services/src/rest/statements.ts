import { quoteIdent as q } from '@plinth/platform-core/database-error';
import type { ForeignKey, FunctionInfo, RelationInfo, SchemaCatalog } from './catalog';
import { RestError } from './errors';
import type { Condition, Field, Filter, OrderTerm, SelectItem } from './grammar';

// SQL for one data API request, written from the parsed request and the schema catalog. Every
// identifier comes from the catalog and is quoted; every value is a bind parameter. Each read
// answers one row: page_count, total_count (when asked), and body, the page as JSON text built by
// the database (json_agg), so values come out exactly as Postgres renders them in JSON.

/** A name the catalog does not hold (the caller may load the catalog again and retry once). */
export class UnknownNameError extends RestError {}

export interface Statement {
  sql: string;
  params: unknown[];
}

/** The filters, order and page of one relation (the main one, or an embedded one by its name or alias). */
export interface Shaping {
  filters: Filter[];
  order: OrderTerm[];
  limit: number | null;
  offset: number;
}

export const emptyShaping = (): Shaping => ({ filters: [], order: [], limit: null, offset: 0 });

/** Columns a filter or select item may name, and where they come from. */
interface Source {
  alias: string;
  label: string;
  columns: ReadonlySet<string>;
}

const COMPARISONS: Record<string, string> = {
  eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike', match: '~', imatch: '~*',
  cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-',
};
const TS_QUERIES: Record<string, string> = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' };
const IS_SQL: Record<string, string> = { null: 'is null', not_null: 'is not null', true: 'is true', false: 'is false', unknown: 'is unknown' };

/** A Postgres array literal of text items (each quoted and escaped), passed as one parameter. */
export function arrayLiteral(items: string[]): string {
  return `{${items.map((s) => `"${s.replace(/[\\"]/g, (m) => `\\${m}`)}"`).join(',')}}`;
}

export class StatementBuilder {
  readonly params: unknown[] = [];
  private aliases = 0;

  constructor(
    readonly catalog: SchemaCatalog,
    /** Filters, order and page of embedded relations, by the name or alias used in `select`. */
    private readonly embedded: Map<string, Shaping> = new Map(),
  ) {}

  bind(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  private nextAlias(prefix: string): string {
    this.aliases++;
    return `${prefix}${this.aliases}`;
  }

  table(name: string): string {
    return `${q(this.catalog.schema)}.${q(name)}`;
  }

  relation(name: string): RelationInfo {
    const rel = this.catalog.relations.get(name);
    if (!rel) {
      throw new UnknownNameError(404, 'PGRST205', `Could not find the table '${this.catalog.schema}.${name}' in the schema cache`);
    }
    return rel;
  }

  static source(alias: string, rel: RelationInfo): Source {
    return { alias, label: rel.name, columns: new Set(rel.columns.keys()) };
  }

  column(src: Source, field: Field): string {
    if (!src.columns.has(field.name)) {
      throw new UnknownNameError(400, '42703', `column ${src.label}.${field.name} does not exist`);
    }
    let sql = `${src.alias}.${q(field.name)}`;
    for (const step of field.path) {
      const key = /^-?\d{1,9}$/.test(step.key) ? `${this.bind(step.key)}::int` : `${this.bind(step.key)}::text`;
      sql = `(${sql}${step.arrow}${key})`;
    }
    return sql;
  }

  condition(src: Source, c: Condition): string {
    const col = this.column(src, c.field);
    let sql: string;
    if (c.op === 'is') sql = `${col} ${IS_SQL[c.value]}`;
    else if (c.op === 'isdistinct') sql = `${col} is distinct from ${this.bind(c.value)}`;
    else if (c.op === 'in') sql = `${col} = any(${this.bind(arrayLiteral(c.list ?? []))})`;
    else if (TS_QUERIES[c.op]) {
      const config = c.config ? `${this.bind(c.config)}::regconfig, ` : '';
      sql = `${col} @@ ${TS_QUERIES[c.op]}(${config}${this.bind(c.value)})`;
    } else {
      const op = COMPARISONS[c.op]!;
      const like = c.op === 'like' || c.op === 'ilike';
      const text = (v: string) => (like ? v.replace(/\*/g, '%') : v);
      if (c.quantifier) sql = `${col} ${op} ${c.quantifier}(${this.bind(arrayLiteral((c.list ?? []).map(text)))})`;
      else sql = `${col} ${op} ${this.bind(text(c.value))}`;
    }
    return c.negate ? `not (${sql})` : sql;
  }

  filter(src: Source, f: Filter): string {
    if (f.kind === 'condition') return this.condition(src, f);
    const parts = f.children.map((child) => `(${this.filter(src, child)})`);
    const sql = parts.join(f.op === 'and' ? ' and ' : ' or ');
    return f.negate ? `not (${sql})` : `(${sql})`;
  }

  where(src: Source, filters: Filter[], extra: string[] = []): string {
    const parts = [...extra, ...filters.map((f) => this.filter(src, f))];
    return parts.length ? ` where ${parts.join(' and ')}` : '';
  }

  orderBy(src: Source, terms: OrderTerm[]): string {
    if (!terms.length) return '';
    const parts = terms.map((t) => {
      let s = this.column(src, t.field);
      if (t.direction) s += ` ${t.direction}`;
      if (t.nulls) s += ` nulls ${t.nulls}`;
      return s;
    });
    return ` order by ${parts.join(', ')}`;
  }

  page(limit: number | null, offset: number): string {
    let s = '';
    if (limit !== null) s += ` limit ${this.bind(limit)}`;
    if (offset > 0) s += ` offset ${this.bind(offset)}`;
    return s;
  }

  /**
   * The select list over `src`; embedded relations become correlated subqueries. `parent` is the
   * relation `src` reads (null for function results, which embed nothing). Answers the list and the
   * conditions `!inner` relations add to the parent's where clause.
   */
  selectList(src: Source, parent: RelationInfo | null, items: SelectItem[], depth = 0): { sql: string; inner: string[] } {
    const cols: string[] = [];
    const inner: string[] = [];
    for (const item of items) {
      if (item.kind === 'star') cols.push(`${src.alias}.*`);
      else if (item.kind === 'column') {
        let expr = this.column(src, item.field);
        if (item.cast) expr = `(${expr})::${item.cast}`;
        const name = item.alias ?? item.field.path.at(-1)?.key ?? item.field.name;
        cols.push(`${expr} as ${q(name)}`);
      } else {
        if (!parent) throw new RestError(400, 'PGRST108', `'${item.name}' cannot be embedded in the result of a function`);
        const e = this.embed(src, parent, item, depth);
        cols.push(`${e.sql} as ${q(item.alias ?? item.name)}`);
        if (e.inner) inner.push(e.inner);
      }
    }
    return { sql: cols.join(', ') || `${src.alias}.*`, inner };
  }

  relationship(parent: RelationInfo, name: string, hint: string | null): { fk: ForeignKey; toOne: boolean } {
    const target = this.catalog.relations.get(name);
    const none = () =>
      new UnknownNameError(
        400,
        'PGRST200',
        `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
        `Searched for a foreign key relationship between '${parent.name}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${this.catalog.schema}', but no matches were found.`,
      );
    if (!target) throw none();
    let found: { fk: ForeignKey; toOne: boolean }[] = [];
    for (const fk of this.catalog.foreignKeys) {
      if (fk.from === parent.name && fk.to === target.name) found.push({ fk, toOne: true });
      if (fk.from === target.name && fk.to === parent.name) found.push({ fk, toOne: false });
    }
    if (hint) {
      found = found.filter(({ fk }) => fk.name === hint || fk.fromColumns.includes(hint));
      // A self-reference matches both ways; its column names the parent's own foreign key.
      if (found.length === 2 && found[0]!.fk === found[1]!.fk) found = found.filter((f) => f.toOne);
    }
    if (!found.length) throw none();
    if (found.length > 1) {
      throw new RestError(
        300,
        'PGRST201',
        `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
        found.map(({ fk, toOne }) => `${fk.name} (${toOne ? 'many-to-one' : 'one-to-many'})`).join(', '),
        `Try changing '${name}' to one of the following: ${found.map(({ fk }) => `'${name}!${fk.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
      );
    }
    return found[0]!;
  }

  private embed(src: Source, parent: RelationInfo, item: Extract<SelectItem, { kind: 'embed' }>, depth: number): { sql: string; inner: string | null } {
    if (depth >= 3) throw new RestError(400, 'PGRST100', 'Relations can be embedded at most three levels deep');
    const { fk, toOne } = this.relationship(parent, item.name, item.hint);
    const target = this.relation(item.name);
    const alias = this.nextAlias('_c');
    const child = StatementBuilder.source(alias, target);
    const join = (toOne ? fk.toColumns : fk.fromColumns).map((c, i) => {
      const other = (toOne ? fk.fromColumns : fk.toColumns)[i]!;
      return `${alias}.${q(c)} = ${src.alias}.${q(other)}`;
    });
    // `rel.col=…`, `rel.order=…` shape the relations embedded at the top level only.
    const byName = depth === 0 ? (this.embedded.get(item.alias ?? item.name) ?? (item.alias ? this.embedded.get(item.name) : undefined)) : undefined;
    const shaping = byName ?? emptyShaping();
    const list = this.selectList(child, target, item.items, depth + 1);
    const where = this.where(child, shaping.filters, [...join, ...list.inner]);
    const out = this.nextAlias('_e');
    const from = `from ${this.table(target.name)} as ${alias}${where}`;
    const sql = toOne
      ? `(select row_to_json(${out}) from (select ${list.sql} ${from} limit 1) ${out})`
      : `coalesce((select json_agg(${out}) from (select ${list.sql} ${from}${this.orderBy(child, shaping.order)}${this.page(shaping.limit, shaping.offset)}) ${out}), '[]'::json)`;
    return { sql, inner: item.inner ? `exists (select 1 ${from})` : null };
  }
}

export interface ReadOptions {
  items: SelectItem[];
  shaping: Shaping;
  count: boolean;
  /** HEAD: the count of the page only. */
  headOnly: boolean;
  stripNulls: boolean;
}

function body(stripNulls: boolean, agg: string): string {
  return stripNulls ? `json_strip_nulls(${agg})::text` : `${agg}::text`;
}

/** GET/HEAD on a table or view. */
export function readStatement(b: StatementBuilder, relName: string, o: ReadOptions): Statement {
  const rel = b.relation(relName);
  const src = StatementBuilder.source('_p', rel);
  const list = b.selectList(src, rel, o.items);
  const where = b.where(src, o.shaping.filters, list.inner);
  const total = o.count ? `(select count(*) from ${b.table(rel.name)} as _p${where})` : 'null::int8';
  const inner = `select ${list.sql} from ${b.table(rel.name)} as _p${where}${b.orderBy(src, o.shaping.order)}${b.page(o.shaping.limit, o.shaping.offset)}`;
  const agg = o.headOnly ? 'null::text' : body(o.stripNulls, `coalesce(json_agg(_s), '[]'::json)`);
  return { sql: `select count(*)::int8 as page_count, ${total} as total_count, ${agg} as body from (${inner}) _s`, params: b.params };
}

export interface WriteOptions {
  /** Rows to insert (POST), or the one object of changes (PATCH). */
  rows: Record<string, unknown>[];
  columns: string[];
  representation: { items: SelectItem[]; order: OrderTerm[]; stripNulls: boolean } | null;
  filters: Filter[];
  upsert: { merge: boolean; onConflict: string[] } | null;
  missingDefault: boolean;
}

function checkColumns(rel: RelationInfo, columns: string[]): void {
  for (const c of columns) {
    if (!rel.columns.has(c)) throw new UnknownNameError(400, 'PGRST204', `Could not find the '${c}' column of '${rel.name}' in the schema cache`);
  }
}

/** The statement's rows as the answer: the representation asked for, else only their count. */
function answer(b: StatementBuilder, rel: RelationInfo, mutation: string, o: WriteOptions): Statement {
  if (!o.representation) return { sql: mutation, params: b.params };
  const src = StatementBuilder.source('_p', rel);
  const list = b.selectList(src, rel, o.representation.items);
  const agg = body(o.representation.stripNulls, `coalesce(json_agg(_s), '[]'::json)`);
  return {
    sql: `with pgrst_rows as (${mutation} returning _p.*) select count(*)::int8 as page_count, null::int8 as total_count, ${agg} as body from (select ${list.sql} from pgrst_rows as _p${b.orderBy(src, o.representation.order)}) _s`,
    params: b.params,
  };
}

/** POST: insert one or many rows (upsert with `resolution`), from the JSON body bound as one parameter. */
export function insertStatement(b: StatementBuilder, relName: string, o: WriteOptions): Statement {
  const rel = b.relation(relName);
  checkColumns(rel, o.columns);
  const table = b.table(rel.name);
  const cols = o.columns.map((c) => q(c)).join(', ');
  let source: string;
  if (o.missingDefault && o.columns.length) {
    const json = b.bind(JSON.stringify(o.rows));
    const rows = o.rows.map((row, i) => {
      const cells = o.columns.map((c) => (Object.prototype.hasOwnProperty.call(row, c) ? `(json_populate_record(null::${table}, ${json}::json -> ${i})).${q(c)}` : 'default'));
      return `(${cells.join(', ')})`;
    });
    source = `(${cols}) values ${rows.join(', ')}`;
  } else {
    const json = b.bind(JSON.stringify(o.rows));
    const select = o.columns.length ? o.columns.map((c) => `_r.${q(c)}`).join(', ') : '';
    source = `${o.columns.length ? `(${cols}) ` : ''}select ${select} from json_populate_recordset(null::${table}, ${json}::json) as _r`;
  }
  let conflict = '';
  if (o.upsert) {
    checkColumns(rel, o.upsert.onConflict);
    const target = o.upsert.onConflict.length ? ` (${o.upsert.onConflict.map((c) => q(c)).join(', ')})` : '';
    const sets = o.columns.map((c) => `${q(c)} = excluded.${q(c)}`);
    if (o.upsert.merge && !target) throw new RestError(400, 'PGRST100', `'${rel.name}' has no primary key: name the conflict columns with on_conflict`);
    conflict = o.upsert.merge && sets.length ? ` on conflict${target} do update set ${sets.join(', ')}` : ` on conflict${target} do nothing`;
  }
  return answer(b, rel, `insert into ${table} as _p ${source}${conflict}`, o);
}

/** PATCH: the body's columns set on every row the filters match. */
export function updateStatement(b: StatementBuilder, relName: string, o: WriteOptions): Statement {
  const rel = b.relation(relName);
  checkColumns(rel, o.columns);
  const table = b.table(rel.name);
  const json = b.bind(JSON.stringify(o.rows[0] ?? {}));
  const sets = o.columns.map((c) => `${q(c)} = _b.${q(c)}`).join(', ');
  const src = StatementBuilder.source('_p', rel);
  const where = b.where(src, o.filters);
  return answer(b, rel, `update ${table} as _p set ${sets} from json_populate_record(null::${table}, ${json}::json) as _b${where}`, o);
}

/** DELETE: every row the filters match. */
export function deleteStatement(b: StatementBuilder, relName: string, o: WriteOptions): Statement {
  const rel = b.relation(relName);
  const src = StatementBuilder.source('_p', rel);
  return answer(b, rel, `delete from ${b.table(rel.name)} as _p${b.where(src, o.filters)}`, o);
}

// ---- functions ----

export function resolveFunction(catalog: SchemaCatalog, name: string, argNames: string[]): FunctionInfo {
  const candidates = catalog.functions.get(name) ?? [];
  const given = new Set(argNames);
  const fits = candidates.filter((f) => {
    if (f.args.length === 1 && f.args[0]!.name === '' && /^jsonb?$/.test(f.args[0]!.type)) return true;
    const names = new Set(f.args.map((a) => a.name));
    return argNames.every((n) => names.has(n)) && f.args.every((a) => given.has(a.name) || a.hasDefault);
  });
  // A function taking the whole body as one unnamed json argument only fits when no named one does.
  const named = fits.filter((f) => !(f.args.length === 1 && f.args[0]!.name === ''));
  const chosen = named.length ? named : fits;
  if (!chosen.length) {
    const signature = `${catalog.schema}.${name}(${[...argNames].sort().join(', ')})`;
    throw new UnknownNameError(
      404,
      'PGRST202',
      `Could not find the function ${signature} in the schema cache`,
      `Searched for the function ${catalog.schema}.${name} with ${argNames.length ? `parameters ${[...argNames].sort().join(', ')}` : 'no parameters'}, but no matches were found in the schema cache.`,
    );
  }
  if (chosen.length > 1) {
    throw new RestError(300, 'PGRST203', `Could not choose the best candidate function between: ${chosen.map((f) => `${catalog.schema}.${name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`).join(', ')}`, null, 'Try renaming the parameters or the function itself in the database so function overloading can be resolved');
  }
  return chosen[0]!;
}

export interface CallOptions {
  args: Record<string, unknown>;
  /** The whole body, for a function of one unnamed json argument. */
  rawBody: unknown;
  items: SelectItem[];
  shaping: Shaping;
  count: boolean;
  headOnly: boolean;
  stripNulls: boolean;
}

/** POST/GET rpc/{fn}: arguments by name from one JSON parameter (json_to_record with the catalog's argument types). */
export function callStatement(b: StatementBuilder, fn: FunctionInfo, o: CallOptions): Statement & { shape: 'void' | 'scalar' | 'object' | 'array' } {
  const fnName = b.table(fn.name);
  let from = '';
  let call: string;
  const whole = fn.args.length === 1 && fn.args[0]!.name === '';
  if (whole) {
    call = `${fnName}(${b.bind(JSON.stringify(o.rawBody ?? null))}::${fn.args[0]!.type === 'jsonb' ? 'jsonb' : 'json'})`;
  } else {
    const given = fn.args.filter((a) => Object.prototype.hasOwnProperty.call(o.args, a.name));
    if (given.length) {
      const json = b.bind(JSON.stringify(Object.fromEntries(given.map((a) => [a.name, o.args[a.name]]))));
      from = ` from json_to_record(${json}::json) as _a(${given.map((a) => `${q(a.name)} ${a.type}`).join(', ')})`;
    }
    call = `${fnName}(${given.map((a) => `${q(a.name)} := _a.${q(a.name)}`).join(', ')})`;
  }
  if (fn.returns === 'void') return { sql: `select ${call}${from}`, params: b.params, shape: 'void' };
  if (fn.returns === 'scalar') {
    if (!fn.returnsSet) return { sql: `select 1::int8 as page_count, null::int8 as total_count, to_json(${call})::text as body${from}`, params: b.params, shape: 'scalar' };
    const lateral = from ? `${from} cross join lateral ${call} as _p` : ` from ${call} as _p`;
    const inner = `select _p${lateral}${b.page(o.shaping.limit, o.shaping.offset)}`;
    return { sql: `select count(*)::int8 as page_count, null::int8 as total_count, coalesce(json_agg(_s._p), '[]'::json)::text as body from (${inner}) _s`, params: b.params, shape: 'array' };
  }
  const src: Source = { alias: '_p', label: fn.name, columns: new Set(fn.columns) };
  const list = b.selectList(src, null, o.items);
  const where = b.where(src, o.shaping.filters);
  const fromCall = from ? `${from} cross join lateral ${call} as _p` : ` from ${call} as _p`;
  const total = o.count ? `(select count(*)${fromCall}${where})` : 'null::int8';
  const inner = `select ${list.sql}${fromCall}${where}${b.orderBy(src, o.shaping.order)}${b.page(o.shaping.limit, o.shaping.offset)}`;
  const agg = o.headOnly ? 'null::text' : body(o.stripNulls, `coalesce(json_agg(_s), '[]'::json)`);
  return { sql: `select count(*)::int8 as page_count, ${total} as total_count, ${agg} as body from (${inner}) _s`, params: b.params, shape: fn.returnsSet ? 'array' : 'object' };
}
