import { RestError } from './errors';
import {
  parseColumnFilter,
  parseColumns,
  parseLogic,
  parseNonNegative,
  parseOrder,
  parsePrefer,
  parseRange,
  parseSelect,
  type Preferences,
  type SelectItem,
} from './grammar';
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
  /** Query parameters taken as function arguments (GET/HEAD rpc). */
  args: Record<string, string>;
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
    else if (isArg(key)) out.args[key] = value;
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

export interface MediaChoice {
  object: boolean;
  stripNulls: boolean;
}

const MEDIA = /^(application\/json|application\/vnd\.pgrst\.(?:object|array)\+json|\*\/\*|application\/\*)$/;

/** The Accept header: JSON array (default), one JSON object (`.single()`), with or without nulls. */
export function parseAccept(header: string | string[] | undefined): MediaChoice {
  const text = (Array.isArray(header) ? header.join(',') : header)?.trim();
  if (!text) return { object: false, stripNulls: false };
  for (const part of text.split(',')) {
    const [type, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!type || !MEDIA.test(type)) continue;
    return { object: type === 'application/vnd.pgrst.object+json', stripNulls: params.includes('nulls=stripped') && type.startsWith('application/vnd.pgrst') };
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

