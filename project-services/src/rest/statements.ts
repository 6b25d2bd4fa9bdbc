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
export interface Source {
  alias: string;
  label: string;
  columns: ReadonlySet<string>;
  /** The relation whose rows these are (for computed fields), and the SQL of the whole row. */
  rel: string | null;
  row: string;
}

export interface SelectList {
  sql: string;
  /** Conditions `!inner` relations add to the where clause. */
  inner: string[];
  /** Lateral joins of spread relations, after the source. */
  joins: string;
  /** ` group by …` when aggregates are selected beside other columns. */
  groupBy: string;
  /** Only aggregates: one row whatever the rows below. */
  aggregateOnly: boolean;
}

/** One way to embed a relation: a foreign key either way, a junction table, or a function of the parent's row. */
export type Relationship =
  | { kind: 'fk'; fk: ForeignKey; /** the parent holds the key */ out: boolean; target: string; toOne: boolean; cardinality: string }
  | { kind: 'm2m'; junction: string; left: ForeignKey; right: ForeignKey; target: string; toOne: false; cardinality: string }
  | { kind: 'computed'; fn: FunctionInfo; target: string; toOne: boolean; cardinality: string };

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
    /** Whether `select` may hold aggregates (the project's data API setting, off by default as PostgREST's db-aggregates-enabled). */
    private readonly options: { aggregates: boolean } = { aggregates: false },
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

  static source(alias: string, rel: RelationInfo, row = alias): Source {
    return { alias, label: rel.name, columns: new Set(rel.columns.keys()), rel: rel.name, row };
  }

  /** A function taking the row of `src`'s relation and answering one value: a computed field. */
  private computedField(src: Source, name: string): FunctionInfo | undefined {
    if (!src.rel) return undefined;
    return this.catalog.functions.get(name)?.find((f) => f.argRelation === src.rel && f.returns === 'scalar' && !f.returnsSet);
  }

  column(src: Source, field: Field): string {
    let sql: string;
    if (src.columns.has(field.name)) sql = `${src.alias}.${q(field.name)}`;
    else {
      const fn = this.computedField(src, field.name);
      if (!fn) throw new UnknownNameError(400, '42703', `column ${src.label}.${field.name} does not exist`);
      sql = `${this.table(fn.name)}(${src.row})`;
    }
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
   * The select list over `src`; embedded relations become correlated subqueries, spread relations
   * lateral joins. `parent` is the relation `src` reads (null for function results that are no
   * relation's rows, which embed nothing). Answers the list, the lateral joins to put after the
   * source, and the conditions `!inner` relations add to the parent's where clause.
   */
  selectList(src: Source, parent: RelationInfo | null, items: SelectItem[], depth = 0): SelectList {
    const aggregating = items.some((i) => i.kind === 'aggregate' || this.isBareCount(src, i));
    if (aggregating && !this.options.aggregates) throw new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
    const cols: string[] = [];
    const groups: number[] = [];
    const inner: string[] = [];
    let joins = '';
    // With aggregates, every other output column is grouped on (by its position).
    const grouped = (sql: string) => {
      cols.push(sql);
      if (aggregating) groups.push(cols.length);
    };
    for (const item of items) {
      if (item.kind === 'star') {
        if (aggregating) for (const c of src.columns) grouped(`${src.alias}.${q(c)} as ${q(c)}`);
        else cols.push(`${src.alias}.*`);
      } else if (item.kind === 'aggregate' || this.isBareCount(src, item)) {
        cols.push(this.aggregate(src, item));
      } else if (item.kind === 'column') {
        let expr = this.column(src, item.field);
        if (item.cast) expr = `(${expr})::${item.cast}`;
        grouped(`${expr} as ${q(columnName(item))}`);
      } else {
        if (!parent) throw new RestError(400, 'PGRST108', `'${item.name}' cannot be embedded in the result of a function`);
        const e = this.embed(src, parent, item, depth);
        if (e.lateral) {
          joins += ` left join lateral ${e.sql} on true`;
          if (aggregating) for (const n of e.names) grouped(`${e.lateral}.${q(n)} as ${q(n)}`);
          else cols.push(`${e.lateral}.*`);
        } else {
          // json has no equality: grouped on, an embedded relation is answered as jsonb.
          grouped(`${aggregating ? `(${e.sql})::jsonb` : e.sql} as ${q(item.alias ?? item.name)}`);
        }
        if (e.inner) inner.push(e.inner);
      }
    }
    const groupBy = aggregating && groups.length ? ` group by ${groups.join(', ')}` : '';
    return { sql: cols.join(', ') || `${src.alias}.*`, inner, joins, groupBy, aggregateOnly: aggregating && !groups.length };
  }

  /** `rel(count)`: inside an embedded relation without a column of that name, the count of its rows. */
  private isBareCount(src: Source, item: SelectItem): boolean {
    return item.kind === 'column' && item.field.name === 'count' && !item.field.path.length && !item.cast && !src.columns.has('count') && !this.computedField(src, 'count') && src.alias.startsWith('_c');
  }

  private aggregate(src: Source, item: SelectItem): string {
    if (item.kind === 'column') return `count(*) as ${q(item.alias ?? 'count')}`;
    if (item.kind !== 'aggregate') throw new Error('not an aggregate');
    let arg = item.field ? this.column(src, item.field) : '*';
    if (item.inputCast) arg = `(${arg})::${item.inputCast}`;
    let sql = `${item.fn}(${arg})`;
    if (item.cast) sql = `(${sql})::${item.cast}`;
    return `${sql} as ${q(item.alias ?? item.fn)}`;
  }

  private isUnique(relName: string, cols: string[]): boolean {
    const rel = this.catalog.relations.get(relName);
    return !!rel?.uniqueKeys.some((k) => k.length > 0 && k.every((c) => cols.includes(c)));
  }

  /** Every relationship `name` may mean from `parent`, before any hint. */
  private candidates(parent: RelationInfo, name: string): Relationship[] {
    const out: Relationship[] = [];
    const fns = (this.catalog.functions.get(name) ?? []).filter((f) => f.argRelation === parent.name && f.returnRelation && f.returns === 'rows');
    // A function of the parent's row returning rows of a relation (a computed relationship) takes precedence.
    if (fns.length) {
      return fns.map((fn) => {
        const one = !fn.returnsSet || fn.rows === 1;
        return { kind: 'computed', fn, target: fn.returnRelation!, toOne: one, cardinality: one ? 'many-to-one' : 'one-to-many' };
      });
    }
    const fks = this.catalog.foreignKeys;
    if (this.catalog.relations.has(name)) {
      for (const fk of fks) {
        if (fk.from === parent.name && fk.to === name) {
          out.push({ kind: 'fk', fk, out: true, target: name, toOne: true, cardinality: this.isUnique(parent.name, fk.fromColumns) ? 'one-to-one' : 'many-to-one' });
        }
        if (fk.to === parent.name && fk.from === name) {
          const one = this.isUnique(name, fk.fromColumns);
          out.push({ kind: 'fk', fk, out: false, target: name, toOne: one, cardinality: one ? 'one-to-one' : 'one-to-many' });
        }
      }
      // Many-to-many through a junction whose primary key holds both foreign keys' columns.
      for (const j of this.catalog.relations.values()) {
        if (j.name === parent.name || j.name === name || !j.primaryKey.length) continue;
        for (const left of fks) {
          if (left.from !== j.name || left.to !== parent.name || !left.fromColumns.every((c) => j.primaryKey.includes(c))) continue;
          for (const right of fks) {
            if (right === left || right.from !== j.name || right.to !== name || !right.fromColumns.every((c) => j.primaryKey.includes(c))) continue;
            out.push({ kind: 'm2m', junction: j.name, left, right, target: name, toOne: false, cardinality: 'many-to-many' });
          }
        }
      }
    } else {
      // The target named by a foreign key's constraint name, or by the parent's own foreign key column.
      for (const fk of fks) {
        if (fk.from === parent.name && (fk.name === name || (fk.fromColumns.length === 1 && fk.fromColumns[0] === name))) {
          out.push({ kind: 'fk', fk, out: true, target: fk.to, toOne: true, cardinality: this.isUnique(parent.name, fk.fromColumns) ? 'one-to-one' : 'many-to-one' });
        } else if (fk.to === parent.name && fk.from !== parent.name && fk.name === name) {
          const one = this.isUnique(fk.from, fk.fromColumns);
          out.push({ kind: 'fk', fk, out: false, target: fk.from, toOne: one, cardinality: one ? 'one-to-one' : 'one-to-many' });
        }
      }
    }
    return out;
  }

  relationship(parent: RelationInfo, name: string, hint: string | null): Relationship {
    const none = () =>
      new UnknownNameError(
        400,
        'PGRST200',
        `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
        `Searched for a foreign key relationship between '${parent.name}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${this.catalog.schema}', but no matches were found.`,
      );
    let found = this.candidates(parent, name);
    if (hint) {
      found = found.filter((r) => {
        if (r.kind === 'fk') return r.fk.name === hint || r.fk.fromColumns.includes(hint);
        if (r.kind === 'm2m') return r.junction === hint || r.left.name === hint || r.right.name === hint;
        return false;
      });
      // A self-reference named by its table with a hint is the one-to-many side (the rows pointing here);
      // the many-to-one side is named by the column or the constraint name.
      if (found.length === 2 && found[0]!.kind === 'fk' && found[1]!.kind === 'fk' && found[0]!.fk === found[1]!.fk) found = found.filter((r) => r.kind === 'fk' && !r.out);
    }
    if (!found.length) throw none();
    if (found.length > 1) {
      const hintName = (r: Relationship) => (r.kind === 'fk' ? r.fk.name : r.kind === 'm2m' ? r.junction : r.fn.name);
      throw new RestError(
        300,
        'PGRST201',
        `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
        found.map((r) => ({ cardinality: r.cardinality, embedding: `${parent.name} with ${r.target}`, relationship: this.describe(parent, r) })),
        `Try changing '${name}' to one of the following: ${found.map((r) => `'${r.target}!${hintName(r)}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
      );
    }
    return found[0]!;
  }

  private describe(parent: RelationInfo, r: Relationship): string {
    const cols = (c: string[]) => c.join(', ');
    if (r.kind === 'fk') {
      const [mine, theirs] = r.out ? [r.fk.fromColumns, r.fk.toColumns] : [r.fk.toColumns, r.fk.fromColumns];
      return `${r.fk.name} using ${parent.name}(${cols(mine)}) and ${r.target}(${cols(theirs)})`;
    }
    if (r.kind === 'm2m') return `${this.catalog.schema}.${r.junction} using ${r.left.name}(${cols(r.left.fromColumns)}) and ${r.right.name}(${cols(r.right.fromColumns)})`;
    return `${this.catalog.schema}.${r.fn.name}(${parent.name})`;
  }

  private embed(src: Source, parent: RelationInfo, item: Extract<SelectItem, { kind: 'embed' }>, depth: number): { sql: string; inner: string | null; lateral: string | null; names: string[] } {
    if (depth >= 3) throw new RestError(400, 'PGRST100', 'Relations can be embedded at most three levels deep');
    const rel = this.relationship(parent, item.name, item.hint);
    const target = this.relation(rel.target);
    const alias = this.nextAlias('_c');
    const child = StatementBuilder.source(alias, target);
    let join: string[] = [];
    let fromItem = `${this.table(target.name)} as ${alias}`;
    if (rel.kind === 'fk') {
      const [mine, theirs] = rel.out ? [rel.fk.fromColumns, rel.fk.toColumns] : [rel.fk.toColumns, rel.fk.fromColumns];
      join = theirs.map((c, i) => `${alias}.${q(c)} = ${src.alias}.${q(mine[i]!)}`);
    } else if (rel.kind === 'm2m') {
      const j = this.nextAlias('_j');
      const on = [
        ...rel.left.fromColumns.map((c, i) => `${j}.${q(c)} = ${src.alias}.${q(rel.left.toColumns[i]!)}`),
        ...rel.right.fromColumns.map((c, i) => `${j}.${q(c)} = ${alias}.${q(rel.right.toColumns[i]!)}`),
      ];
      join = [`exists (select 1 from ${this.table(rel.junction)} as ${j} where ${on.join(' and ')})`];
    } else {
      // The function runs as the caller, so the target's row level security holds for its rows.
      fromItem = `${this.table(rel.fn.name)}(${src.row}) as ${alias}`;
      // A function answering one composite value answers a row of nulls for none: that is no row.
      if (!rel.fn.returnsSet) join = [`not (${alias} is null)`];
    }
    // `rel.col=…`, `rel.order=…` shape the relations embedded at the top level only.
    const byName = depth === 0 ? (this.embedded.get(item.alias ?? item.name) ?? (item.alias ? this.embedded.get(item.name) : undefined)) : undefined;
    const shaping = byName ?? emptyShaping();
    const list = this.selectList(child, target, item.items, depth + 1);
    const where = this.where(child, shaping.filters, [...join, ...list.inner]);
    const out = this.nextAlias('_e');
    const from = `from ${fromItem}${list.joins}${where}`;
    const inner = item.inner ? `exists (select 1 ${from})` : null;
    const rows = `${from}${list.groupBy}${this.orderBy(child, shaping.order)}${this.page(shaping.limit, shaping.offset)}`;
    if (item.spread) {
      const lateral = this.nextAlias('_s');
      const namesOf = () => outputNames(item.items, target, child, (i) => this.isBareCount(child, i));
      // A to-one spread, or aggregates alone (one row), put their columns into the row. Their names
      // are needed only when the parent groups on them (a spread nested in a spread has none).
      if (rel.toOne || list.aggregateOnly) {
        let names: string[] = [];
        try {
          names = namesOf();
        } catch {
          names = [];
        }
        return { sql: `(select ${list.sql} ${rows} limit 1) as ${lateral}`, inner, lateral, names };
      }
      const names = namesOf();
      // A to-many spread: each column becomes the array of its values over the related rows.
      const aggs = names.map((n) => `coalesce(json_agg(${out}.${q(n)}), '[]'::json) as ${q(n)}`);
      return { sql: `(select ${aggs.join(', ')} from (select ${list.sql} ${rows}) ${out}) as ${lateral}`, inner, lateral, names };
    }
    const sql = rel.toOne
      ? `(select row_to_json(${out}) from (select ${list.sql} ${from}${list.groupBy} limit 1) ${out})`
      : `coalesce((select json_agg(${out}) from (select ${list.sql} ${rows}) ${out}), '[]'::json)`;
    return { sql, inner, lateral: null, names: [] };
  }
}

/** The key a column item takes in the answer. */
function columnName(item: Extract<SelectItem, { kind: 'column' }>): string {
  return item.alias ?? item.field.path.at(-1)?.key ?? item.field.name;
}

/** The keys a select list over `rel` answers (for spread relations, whose columns join the parent's). */
function outputNames(items: SelectItem[], rel: RelationInfo, src: Source, bareCount: (item: SelectItem) => boolean): string[] {
  const names: string[] = [];
  for (const item of items) {
    if (item.kind === 'star') names.push(...rel.columns.keys());
    else if (item.kind === 'aggregate') names.push(item.alias ?? item.fn);
    else if (item.kind === 'column') names.push(bareCount(item) ? (item.alias ?? 'count') : columnName(item));
    else if (item.spread) throw new RestError(400, 'PGRST100', `A spread relation inside a spread relation ('${item.name}' in '${src.label}') is not supported`);
    else names.push(item.alias ?? item.name);
  }
  return [...new Set(names)];
}

/**
 * The rows of `_s` as CSV: the column names of the first row, then each row in Postgres' record text
 * form without its parentheses (fields with commas, quotes or spaces quoted, quotes doubled, null empty).
 */
export const CSV_BODY = `coalesce((select string_agg(_k, ',') from json_object_keys(row_to_json((array_agg(_s))[1])) _k) || E'\\n' || string_agg(substring(_s::text, 2, length(_s::text) - 2), E'\\n'), '')`;

/** The page as JSON text, without its null fields when asked. */
export function body(stripNulls: boolean, agg: string): string {
  return stripNulls ? `json_strip_nulls(${agg})::text` : `${agg}::text`;
}
