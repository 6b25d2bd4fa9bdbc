import { quoteIdent as q } from '@plinth/platform-core/database-error';
import type { FunctionInfo, SchemaCatalog } from './catalog';
import { RestError } from './errors';
import type { SelectItem } from './grammar';
import { body, CSV_BODY, StatementBuilder, UnknownNameError, type Shaping, type Source, type Statement } from './statements';

// Calls of the database's functions (rpc/{fn}): which function a request names, as PostgREST
// resolves overloads, and the statement that calls it.

/** One argument of type json or jsonb: with `Prefer: params=single-object` it takes the whole body. */
const jsonArgument = (f: FunctionInfo) => f.args.length === 1 && /^jsonb?$/.test(f.args[0]!.type);

export function resolveFunction(catalog: SchemaCatalog, name: string, argNames: string[], singleObject = false, raw: 'text' | 'xml' | 'bytea' | null = null): FunctionInfo {
  const all = catalog.functions.get(name) ?? [];
  if (raw) {
    // A text/plain, text/xml or application/octet-stream body: the function of one unnamed parameter of that type.
    const one = all.filter((f) => f.args.length === 1 && f.args[0]!.name === '' && f.args[0]!.type === raw);
    if (one.length === 1) return one[0]!;
    throw new UnknownNameError(404, 'PGRST202', `Could not find the function ${catalog.schema}.${name} in the schema cache`, `Searched for the function ${catalog.schema}.${name} with a single unnamed ${raw} parameter, but no matches were found in the schema cache.`);
  }
  if (singleObject) {
    const one = all.filter(jsonArgument);
    if (one.length === 1) return one[0]!;
    if (!one.length) {
      throw new UnknownNameError(404, 'PGRST202', `Could not find the function ${catalog.schema}.${name} in the schema cache`, `Searched for the function ${catalog.schema}.${name} with a single json or jsonb parameter (Prefer: params=single-object), but no matches were found in the schema cache.`);
    }
  }
  const candidates = all;
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
  /** The one value answered as it is (text/plain, text/xml as text; application/octet-stream as base64 the handler decodes). */
  raw?: 'text' | 'xml' | 'bytea';
  /** `Prefer: params=single-object`: the whole body is the one json argument. */
  singleObject?: boolean;
  args: Record<string, unknown>;
  /** The whole body, for a function of one unnamed json argument. */
  rawBody: unknown;
  items: SelectItem[];
  shaping: Shaping;
  count: boolean;
  headOnly: boolean;
  stripNulls: boolean;
  /** The page as CSV text instead of JSON. */
  csv?: boolean;
}

/** POST/GET rpc/{fn}: arguments by name from one JSON parameter (json_to_record with the catalog's argument types). */
export function callStatement(b: StatementBuilder, fn: FunctionInfo, o: CallOptions): Statement & { shape: 'void' | 'scalar' | 'object' | 'array' } {
  const fnName = b.table(fn.name);
  let from = '';
  let call: string;
  const whole = (fn.args.length === 1 && fn.args[0]!.name === '') || (!!o.singleObject && jsonArgument(fn));
  if (whole && (typeof o.rawBody === 'string' || Buffer.isBuffer(o.rawBody))) {
    const type = fn.args[0]!.type === 'bytea' ? 'bytea' : fn.args[0]!.type === 'xml' ? 'xml' : 'text';
    call = `${fnName}(${b.bind(o.rawBody)}::${type})`;
  } else if (whole) {
    call = `${fnName}(${b.bind(JSON.stringify(o.rawBody ?? null))}::${fn.args[0]!.type === 'jsonb' ? 'jsonb' : 'json'})`;
  } else {
    const given = fn.args.filter((a) => Object.prototype.hasOwnProperty.call(o.args, a.name));
    if (given.length) {
      // A variadic parameter given one value (GET ?v=1) takes it as a one-item array.
      const values = given.map((a) => [a.name, a.variadic && !Array.isArray(o.args[a.name]) ? [o.args[a.name]] : o.args[a.name]]);
      const json = b.bind(JSON.stringify(Object.fromEntries(values)));
      from = ` from json_to_record(${json}::json) as _a(${given.map((a) => `${q(a.name)} ${a.type}`).join(', ')})`;
    }
    call = `${fnName}(${given.map((a) => `${a.variadic ? 'variadic ' : ''}${q(a.name)} := _a.${q(a.name)}`).join(', ')})`;
  }
  if (fn.returns === 'void') return { sql: `select ${call}${from}`, params: b.params, shape: 'void' };
  if (fn.returns === 'scalar') {
    if (!fn.returnsSet) {
      const value = o.raw === 'bytea' ? `encode(${call}, 'base64')` : o.raw ? `(${call})::text` : `to_json(${call})::text`;
      return { sql: `select 1::int8 as page_count, null::int8 as total_count, ${value} as body${from}`, params: b.params, shape: 'scalar' };
    }
    const lateral = from ? `${from} cross join lateral ${call} as _p` : ` from ${call} as _p`;
    const inner = `select _p${lateral}${b.page(o.shaping.limit, o.shaping.offset)}`;
    return { sql: `select count(*)::int8 as page_count, null::int8 as total_count, coalesce(json_agg(_s._p), '[]'::json)::text as body from (${inner}) _s`, params: b.params, shape: 'array' };
  }
  // Rows of a table or view of the schema embed its relations and select its computed fields.
  const rowsOf = fn.returnRelation ? (b.catalog.relations.get(fn.returnRelation) ?? null) : null;
  const src: Source = { alias: '_p', label: fn.name, columns: new Set(fn.columns), rel: rowsOf?.name ?? null, row: '_p' };
  const list = b.selectList(src, rowsOf, o.items);
  const where = b.where(src, o.shaping.filters, list.inner);
  const fromCall = from ? `${from} cross join lateral ${call} as _p` : ` from ${call} as _p`;
  const total = o.count ? `(select count(*)${fromCall}${where})` : 'null::int8';
  const inner = `select ${list.sql}${fromCall}${list.joins}${where}${list.groupBy}${b.orderBy(src, o.shaping.order)}${b.page(o.shaping.limit, o.shaping.offset)}`;
  const agg = o.headOnly ? 'null::text' : o.csv ? CSV_BODY : body(o.stripNulls, `coalesce(json_agg(_s), '[]'::json)`);
  return { sql: `select count(*)::int8 as page_count, ${total} as total_count, ${agg} as body from (${inner}) _s`, params: b.params, shape: fn.returnsSet ? 'array' : 'object' };
}
