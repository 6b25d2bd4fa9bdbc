import { RestError } from './errors';
import { parseColumnFilter, parseColumns, parseLogic, parseNonNegative, parseOrder, parseSelect, type SelectItem } from './grammar';
import { parsePrefer, parseRange, type Preferences } from './headers';
import { emptyShaping, type Shaping } from './statements';

// One data API request's query string and headers, parsed: what to select, the filters, order and
// page of the main relation and of each embedded one, the preferences and the media type asked for.

export interface ParsedQuery {
  select: SelectItem[];
  /** Whether `select` was given (mutations answer `*` when representation is asked without it). */
  selectGiven: boolean;
  main: Shaping;
  embedded: Map<string, Shaping>;
  columns: string[] | null;
  onConflict: string[] | null;
  /** Query parameters taken as function arguments (GET/HEAD rpc); repeated ones as arrays. */
  args: Record<string, string | string[]>;
}

const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict']);
const LOGIC = /^(not\.)?(and|or)$/;

/** Names (and aliases) of the relations embedded at the top level of a select list. */
function embedNames(items: SelectItem[]): Set<string> {
  const names = new Set<string>();
  for (const item of items) {
    if (item.kind === 'embed') {
      names.add(item.name);
      if (item.alias) names.add(item.alias);
    }
  }
  return names;
}

function applyKey(shaping: Shaping, key: string, value: string): void {
  const logic = LOGIC.exec(key);
  if (key === 'order') shaping.order.push(...parseOrder(value));
  else if (key === 'limit') shaping.limit = parseNonNegative(value, 'limit');
  else if (key === 'offset') shaping.offset = parseNonNegative(value, 'offset');
  else if (logic) shaping.filters.push(parseLogic(logic[2] as 'and' | 'or', !!logic[1], value));
  else shaping.filters.push(parseColumnFilter(key, value));
}

/**
 * Parses the query string. `isArg(key)` says which keys are function arguments (GET rpc): those are
 * kept as text and never read as filters.
 */
export function parseQuery(search: string, isArg: (key: string) => boolean = () => false): ParsedQuery {
  const params = new URLSearchParams(search);
  const selectText = params.get('select');
  const select = selectText === null ? [{ kind: 'star' as const }] : parseSelect(selectText);
  const embeds = embedNames(select);
  const out: ParsedQuery = { select, selectGiven: selectText !== null, main: emptyShaping(), embedded: new Map(), columns: null, onConflict: null, args: {} };
  for (const [key, value] of params) {
    // The API key may ride in the query string too (as the gateway of the established platform allows); it is no filter.
    if (key === 'select' || key === 'apikey') continue;
    if (key === 'columns') out.columns = parseColumns(value);
    else if (key === 'on_conflict') out.onConflict = parseColumns(value);
    else if (RESERVED.has(key) || LOGIC.test(key)) applyKey(out.main, key, value);
    else if (isArg(key)) {
      // A repeated argument (`?v=1&v=2`) is an array, for a variadic or array parameter.
      const seen = out.args[key];
      out.args[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
    }
    else {
      const dot = key.startsWith('"') ? -1 : key.indexOf('.');
      if (dot > 0) {
        const rel = key.slice(0, dot);
        if (!embeds.has(rel)) throw new RestError(400, 'PGRST108', `'${rel}' is not an embedded resource in this request`, null, `Verify that '${rel}' is included in the 'select' query parameter.`);
        let shaping = out.embedded.get(rel);
        if (!shaping) out.embedded.set(rel, (shaping = emptyShaping()));
        applyKey(shaping, key.slice(dot + 1), value);
      } else {
        applyKey(out.main, key, value);
      }
    }
  }
  return out;
}

/** A body that is not JSON (text/plain, text/xml, application/octet-stream): a function's one unnamed argument. */
export class RawBody {
  constructor(
    /** text, xml, bytea: a function's one argument; csv: rows to insert. */
    readonly type: 'text' | 'xml' | 'bytea' | 'csv',
    readonly data: string | Buffer,
  ) {}
}

/** The Postgres type a raw body's media type stands for. */
export const RAW_BODY_TYPES: Readonly<Record<string, Exclude<RawBody['type'], 'csv'>>> = { 'text/plain': 'text', 'text/xml': 'xml', 'application/octet-stream': 'bytea' };

/**
 * A text/csv body as rows: the first line names the columns, each later line is one row; fields may
 * be double-quoted (commas, quotes doubled, line breaks inside), an unquoted NULL is null, anything
 * else is text the column's type reads.
 */
export function rowsOfCsv(text: string): Record<string, unknown>[] {
  const records: { value: string; quoted: boolean }[][] = [];
  let record: { value: string; quoted: boolean }[] = [];
  let field = '';
  let quoted = false;
  let inQuotes = false;
  let i = 0;
  const endField = () => {
    record.push({ value: field, quoted });
    field = '';
    quoted = false;
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (inQuotes) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (ch === '"') inQuotes = false;
      else field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === '') {
      inQuotes = true;
      quoted = true;
    } else if (ch === ',') endField();
    else if (ch === '\n' || ch === '\r') {
      endField();
      records.push(record);
      record = [];
      if (ch === '\r' && text[i + 1] === '\n') i++;
    } else field += ch;
    i++;
  }
  if (inQuotes) throw new RestError(400, 'PGRST102', 'The CSV body has an unterminated quoted field');
  if (field !== '' || quoted || record.length) {
    endField();
    records.push(record);
  }
  const lines = records.filter((r) => !(r.length === 1 && r[0]!.value === '' && !r[0]!.quoted));
  const header = lines.shift();
  if (!header) throw new RestError(400, 'PGRST102', 'The CSV body has no header line naming the columns');
  const names = header.map((f) => f.value);
  return lines.map((r, n) => {
    if (r.length !== names.length) throw new RestError(400, 'PGRST102', 'All lines of a CSV body must have as many fields as its header', `Line ${n + 2} has ${r.length} fields, the header ${names.length}`);
    return Object.fromEntries(r.map((f, k) => [names[k]!, !f.quoted && f.value === 'NULL' ? null : f.value]));
  });
}

export interface MediaChoice {
  /** text/plain, text/xml or application/octet-stream: a function's one value as it is. */
  raw?: Exclude<RawBody['type'], 'csv'>;
  object: boolean;
  stripNulls: boolean;
  /** `text/csv`: rows as CSV, a header line of the column names first. */
  csv: boolean;
  /** `application/vnd.pgrst.plan`: the statement's execution plan instead of its rows (behind the project's setting). */
  plan?: PlanChoice;
}

export interface PlanChoice {
  format: 'json' | 'text';
  /** EXPLAIN's options asked for (`options=analyze|verbose`). */
  options: PlanOption[];
}

export const PLAN_OPTIONS = ['analyze', 'verbose', 'settings', 'buffers', 'wal'] as const;
export type PlanOption = (typeof PLAN_OPTIONS)[number];
const PLAN_TYPE = /^application\/vnd\.pgrst\.plan(?:\+(json|text))?$/;

/** `application/vnd.pgrst.plan+json; for="text/csv"; options=analyze|buffers`: the plan of the statement the `for` media type would run. */
function planChoice(format: string | undefined, params: string[], text: string): MediaChoice {
  let forType = 'application/json';
  const options: PlanOption[] = [];
  for (const param of params) {
    const eq = param.indexOf('=');
    const key = param.slice(0, eq).trim();
    const value = param.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    if (key === 'for') forType = value;
    else if (key === 'options') {
      for (const option of value.split('|').filter(Boolean)) {
        if (!(PLAN_OPTIONS as readonly string[]).includes(option)) throw new RestError(406, 'PGRST107', `None of these media types are available: ${text.slice(0, 200)}`, `Unknown plan option: ${option.slice(0, 40)}`);
        options.push(option as PlanOption);
      }
    }
  }
  const target = parseAccept(forType);
  if (target.plan || target.raw) throw new RestError(406, 'PGRST107', `None of these media types are available: ${text.slice(0, 200)}`, `A plan can be asked for application/json, application/vnd.pgrst.object+json or text/csv, not ${forType.slice(0, 80)}`);
  return { ...target, plan: { format: format === 'json' ? 'json' : 'text', options } };
}

const MEDIA = /^(application\/json|application\/vnd\.pgrst\.(?:object|array)\+json|\*\/\*|application\/\*|text\/csv|text\/plain|text\/xml|application\/octet-stream)$/;

/** The Accept header: JSON array (default), one JSON object (`.single()`), with or without nulls. */
export function parseAccept(header: string | string[] | undefined): MediaChoice {
  const text = (Array.isArray(header) ? header.join(',') : header)?.trim();
  if (!text) return { object: false, stripNulls: false, csv: false };
  for (const part of text.split(',')) {
    const [type, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const plan = type ? PLAN_TYPE.exec(type) : null;
    if (plan) return planChoice(plan[1], params, text);
    if (!type || !MEDIA.test(type)) continue;
    const raw = RAW_BODY_TYPES[type];
    return { object: type === 'application/vnd.pgrst.object+json', stripNulls: params.includes('nulls=stripped') && type.startsWith('application/vnd.pgrst'), csv: type === 'text/csv', ...(raw ? { raw } : {}) };
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${text.slice(0, 200)}`);
}

export interface Page {
  limit: number | null;
  offset: number;
}

/** The page: limit/offset parameters narrowed by a Range header, capped at the project's max rows. */
export function pageOf(shaping: Shaping, range: string | string[] | undefined, maxRows: number | null): Page {
  const r = parseRange(range);
  let limit = shaping.limit;
  let offset = shaping.offset;
  if (r) {
    offset = shaping.offset || r.offset;
    if (r.limit !== null) limit = limit === null ? r.limit : Math.min(limit, r.limit);
  }
  if (maxRows !== null) limit = limit === null ? maxRows : Math.min(limit, maxRows);
  return { limit, offset };
}

export function preferences(header: string | string[] | undefined): Preferences {
  return parsePrefer(header);
}

/** A JSON body for a table: one object or an array of objects. */
export function rowsOf(body: unknown): Record<string, unknown>[] {
  const isRow = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (isRow(body)) return [body];
  if (Array.isArray(body) && body.every(isRow)) return body;
  throw new RestError(400, 'PGRST102', 'All object keys must match', 'The body must be a JSON object or an array of JSON objects');
}

