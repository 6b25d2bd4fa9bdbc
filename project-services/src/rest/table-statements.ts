import { quoteIdent as q } from '@plinth/platform-core/database-error';
import type { RelationInfo } from './catalog';
import { RestError } from './errors';
import type { Filter, OrderTerm, SelectItem } from './grammar';
import { body, CSV_BODY, StatementBuilder, UnknownNameError, type Shaping, type Statement } from './statements';

// Reads and writes of a table or view (GET/HEAD, POST, PATCH, DELETE), built with the statement
// builder of statements.ts: every identifier from the catalog and quoted, every value a parameter.

export interface ReadOptions {
  items: SelectItem[];
  shaping: Shaping;
  count: boolean;
  /** HEAD: the count of the page only. */
  headOnly: boolean;
  stripNulls: boolean;
  /** The page as CSV text instead of JSON. */
  csv?: boolean;
}


/**
 * The rows a read matches, for the planner's estimate (`count=planned|estimated`): EXPLAIN it with
 * the read's parameters. Parameters only the select list uses are selected too, so that every one
 * has a type; they do not change the estimate.
 */
export interface EstimateQuery {
  sql: string;
}

function estimateQuery(from: string, paramCount: number): EstimateQuery {
  const used = new Set([...from.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
  const rest = Array.from({ length: paramCount }, (_, i) => i + 1).filter((n) => !used.has(n));
  return { sql: `select 1${rest.map((n) => `, $${n}::text`).join('')} ${from}` };
}

/** GET/HEAD on a table or view. */
export function readStatement(b: StatementBuilder, relName: string, o: ReadOptions): Statement & { estimate: EstimateQuery } {
  const rel = b.relation(relName);
  const src = StatementBuilder.source('_p', rel);
  const list = b.selectList(src, rel, o.items);
  const where = b.where(src, o.shaping.filters, list.inner);
  const total = o.count ? `(select count(*) from ${b.table(rel.name)} as _p${where})` : 'null::int8';
  const inner = `select ${list.sql} from ${b.table(rel.name)} as _p${list.joins}${where}${list.groupBy}${b.orderBy(src, o.shaping.order)}${b.page(o.shaping.limit, o.shaping.offset)}`;
  const agg = o.headOnly ? 'null::text' : o.csv ? CSV_BODY : body(o.stripNulls, `coalesce(json_agg(_s), '[]'::json)`);
  return {
    sql: `select count(*)::int8 as page_count, ${total} as total_count, ${agg} as body from (${inner}) _s`,
    params: b.params,
    estimate: estimateQuery(`from ${b.table(rel.name)} as _p${where}`, b.params.length),
  };
}

export interface WriteOptions {
  /** Rows to insert (POST), or the one object of changes (PATCH). */
  rows: Record<string, unknown>[];
  columns: string[];
  representation: { items: SelectItem[]; order: OrderTerm[]; stripNulls: boolean } | null;
  filters: Filter[];
  upsert: { merge: boolean; onConflict: string[] } | null;
  missingDefault: boolean;
  /** PATCH and DELETE: at most `limit` rows of those the filters match, taken in `order` after `offset` (a limited update or delete). */
  limited?: { limit: number; offset: number; order: OrderTerm[] } | null;
}

function checkColumns(rel: RelationInfo, columns: string[]): void {
  for (const c of columns) {
    if (!rel.columns.has(c)) throw new UnknownNameError(400, 'PGRST204', `Could not find the '${c}' column of '${rel.name}' in the schema cache`);
  }
}

/**
 * The statement's rows as the answer: the representation asked for, else only their count. An
 * upsert that merges also counts the rows it inserted (a row just inserted has no xmax), for
 * PostgREST's status: 201 when a row was created, 200 when every row already existed.
 */
function answer(b: StatementBuilder, rel: RelationInfo, mutation: string, o: WriteOptions, countInserted = false): Statement {
  if (!o.representation) {
    if (!countInserted) return { sql: mutation, params: b.params };
    return {
      sql: `with pgrst_changed as (${mutation} returning (_p.xmax = 0) as pgrst_inserted) select count(*)::int8 as page_count, null::int8 as total_count, null::text as body, count(*) filter (where pgrst_inserted)::int8 as inserted_count from pgrst_changed`,
      params: b.params,
    };
  }
  // The changed rows, typed again as the relation's rows for computed fields and relationships.
  const src = StatementBuilder.source('_p', rel, `row(_p.*)::${b.table(rel.name)}`);
  const list = b.selectList(src, rel, o.representation.items);
  const agg = body(o.representation.stripNulls, `coalesce(json_agg(_s), '[]'::json)`);
  const changed = countInserted
    ? `pgrst_changed as (${mutation} returning _p as pgrst_row, (_p.xmax = 0) as pgrst_inserted), pgrst_rows as (select (pgrst_row).* from pgrst_changed)`
    : `pgrst_rows as (${mutation} returning _p.*)`;
  const inserted = countInserted ? '(select count(*) from pgrst_changed where pgrst_inserted)::int8' : 'null::int8';
  return {
    sql: `with ${changed} select count(*)::int8 as page_count, null::int8 as total_count, ${agg} as body, ${inserted} as inserted_count from (select ${list.sql} from pgrst_rows as _p${list.joins}${list.groupBy}${b.orderBy(src, o.representation.order)}) _s`,
    params: b.params,
  };
}

/**
 * The rows a PATCH or DELETE changes: those the filters match, or with a limit only the first
 * `limit` of them in the order asked (by their physical address, so a table without a key works too).
 */
function changedRows(b: StatementBuilder, rel: RelationInfo, o: WriteOptions): string {
  const src = StatementBuilder.source('_p', rel);
  if (!o.limited) return b.where(src, o.filters);
  if (rel.kind !== 'r' && rel.kind !== 'p') {
    throw new RestError(400, 'PGRST100', `limit and offset on an update or delete need a table; '${rel.name}' is a view`);
  }
  const inner = StatementBuilder.source('_l', rel);
  const picked = `select _l.tableoid, _l.ctid from ${b.table(rel.name)} as _l${b.where(inner, o.filters)}${b.orderBy(inner, o.limited.order)}${b.page(o.limited.limit, o.limited.offset)}`;
  return ` where (_p.tableoid, _p.ctid) in (${picked})`;
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
  return answer(b, rel, `insert into ${table} as _p ${source}${conflict}`, o, !!o.upsert?.merge);
}

/** PATCH: the body's columns set on every row the filters match. */
export function updateStatement(b: StatementBuilder, relName: string, o: WriteOptions): Statement {
  const rel = b.relation(relName);
  checkColumns(rel, o.columns);
  const table = b.table(rel.name);
  const json = b.bind(JSON.stringify(o.rows[0] ?? {}));
  const sets = o.columns.map((c) => `${q(c)} = _b.${q(c)}`).join(', ');
  return answer(b, rel, `update ${table} as _p set ${sets} from json_populate_record(null::${table}, ${json}::json) as _b${changedRows(b, rel, o)}`, o);
}

/** DELETE: every row the filters match. */
export function deleteStatement(b: StatementBuilder, relName: string, o: WriteOptions): Statement {
  const rel = b.relation(relName);
  return answer(b, rel, `delete from ${b.table(rel.name)} as _p${changedRows(b, rel, o)}`, o);
}
