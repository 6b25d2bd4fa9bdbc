import { parseError } from './errors';

// The PostgREST request grammar that supabase-js (postgrest-js) writes into the query string and
// headers, parsed into plain data. Nothing here touches SQL: names are checked against the catalog
// and values become bind parameters when the statement is built (statements.ts).

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

/** A column, possibly followed by JSON steps (`data->a->>b`). */
export interface Field {
  name: string;
  path: JsonStep[];
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; field: Field; alias: string | null; cast: string | null }
  | { kind: 'embed'; name: string; alias: string | null; hint: string | null; inner: boolean; items: SelectItem[]; spread?: boolean }
  /** `count()`, `col.sum()`, `col::int.avg()::text`: an aggregate over the rows, grouped by the other columns selected beside it. */
  | { kind: 'aggregate'; fn: AggregateFunction; field: Field | null; inputCast: string | null; alias: string | null; cast: string | null };

export const AGGREGATES = ['count', 'sum', 'avg', 'min', 'max'] as const;
export type AggregateFunction = (typeof AGGREGATES)[number];
const AGGREGATE_CALL = /^\.(count|sum|avg|min|max)\(\)/;

export const OPERATORS = [
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'is', 'isdistinct', 'in',
  'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj', 'fts', 'plfts', 'phfts', 'wfts',
] as const;
export type Operator = (typeof OPERATORS)[number];
const OPERATOR_SET: ReadonlySet<string> = new Set(OPERATORS);
const QUANTIFIABLE: ReadonlySet<string> = new Set(['eq', 'like', 'ilike', 'gt', 'gte', 'lt', 'lte', 'match', 'imatch']);
const FTS: ReadonlySet<string> = new Set(['fts', 'plfts', 'phfts', 'wfts']);
export const IS_VALUES = ['null', 'not_null', 'true', 'false', 'unknown'] as const;

export interface Condition {
  kind: 'condition';
  field: Field;
  negate: boolean;
  op: Operator;
  quantifier: 'any' | 'all' | null;
  /** The text search configuration of fts operators (`fts(english).word`). */
  config: string | null;
  /** The value as text; for `in` and quantified operators, `list` holds the items. */
  value: string;
  list: string[] | null;
}

export interface LogicTree {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: (Condition | LogicTree)[];
}

export type Filter = Condition | LogicTree;

export interface OrderTerm {
  field: Field;
  direction: 'asc' | 'desc' | null;
  nulls: 'first' | 'last' | null;
}

/** Cast targets allowed in `select=col::type` (names PostgREST users write; each is quoted by type name, never passed through). */
export const CASTS: Readonly<Record<string, string>> = {
  text: 'text', varchar: 'varchar', char: 'char', int: 'integer', int2: 'smallint', int4: 'integer', int8: 'bigint',
  integer: 'integer', smallint: 'smallint', bigint: 'bigint', numeric: 'numeric', decimal: 'numeric', real: 'real',
  float4: 'real', float8: 'double precision', float: 'double precision', double: 'double precision',
  bool: 'boolean', boolean: 'boolean', json: 'json', jsonb: 'jsonb', uuid: 'uuid', date: 'date', time: 'time',
  timestamp: 'timestamp', timestamptz: 'timestamptz', interval: 'interval',
};

const MAX_DEPTH = 8;
const IDENT = /[\p{L}\p{N}_ $]/u;

/** A small cursor over one parameter's text. */
class Cursor {
  i = 0;
  constructor(readonly text: string, readonly what: string) {}
  get done(): boolean {
    return this.i >= this.text.length;
  }
  peek(n = 0): string {
    return this.text[this.i + n] ?? '';
  }
  startsWith(s: string): boolean {
    return this.text.startsWith(s, this.i);
  }
  eat(s: string): boolean {
    if (!this.startsWith(s)) return false;
    this.i += s.length;
    return true;
  }
  fail(expected: string): never {
    const at = this.done ? 'end of input' : `"${this.text.slice(this.i, this.i + 20)}"`;
    throw parseError(`"failed to parse ${this.what} (${this.text.slice(0, 200)})"`, `unexpected ${at} expecting ${expected}`);
  }
}

/** A name: `"quoted"` (anything but a double quote) or identifier characters, with single dashes between them. */
function readName(c: Cursor): string | null {
  if (c.peek() === '"') {
    const end = c.text.indexOf('"', c.i + 1);
    if (end < 0) c.fail('closing double quote');
    const name = c.text.slice(c.i + 1, end);
    if (!name) c.fail('a name');
    c.i = end + 1;
    return name;
  }
  const start = c.i;
  while (!c.done) {
    const ch = c.peek();
    if (IDENT.test(ch)) c.i++;
    else if (ch === '-' && c.peek(1) !== '>' && c.i > start && IDENT.test(c.peek(1))) c.i++;
    else break;
  }
  return c.i > start ? c.text.slice(start, c.i) : null;
}

function readField(c: Cursor): Field {
  const name = readName(c);
  if (name === null) c.fail('a column name');
  const path: JsonStep[] = [];
  while (c.startsWith('->')) {
    const arrow = c.eat('->>') ? '->>' : (c.eat('->'), '->');
    const key = readName(c);
    if (key === null) c.fail('a JSON key');
    path.push({ arrow, key });
  }
  return { name, path };
}

// ---- select ----

export function parseSelect(text: string): SelectItem[] {
  const c = new Cursor(text, 'select');
  const items = readItems(c, 0);
  if (!c.done) c.fail('"," or end of input');
  return items;
}

function readItems(c: Cursor, depth: number): SelectItem[] {
  if (depth > MAX_DEPTH) c.fail('fewer nested relations');
  const items: SelectItem[] = [];
  if (c.done || c.peek() === ')') return items.concat(depth === 0 ? [{ kind: 'star' }] : []);
  for (;;) {
    items.push(readItem(c, depth));
    if (!c.eat(',')) break;
  }
  return items;
}

function readItem(c: Cursor, depth: number): SelectItem {
  if (c.eat('*')) return { kind: 'star' };
  const spread = c.eat('...');
  const start = c.i;
  let alias: string | null = null;
  const first = readName(c);
  if (first !== null && c.peek() === ':' && c.peek(1) !== ':') {
    c.i++;
    alias = first;
  } else {
    c.i = start;
  }
  const nameStart = c.i;
  const name = readName(c);
  if (name === null) c.fail('a column or relation name');
  if (spread && (alias !== null || (c.peek() !== '!' && c.peek() !== '('))) c.fail('a relation to spread, without an alias: ...relation(columns)');
  if (name === 'count' && c.startsWith('()') && !spread) {
    c.i += 2;
    return { kind: 'aggregate', fn: 'count', field: null, inputCast: null, alias, cast: readCast(c) };
  }
  if (c.peek() === '!' || c.peek() === '(') {
    let hint: string | null = null;
    let inner = false;
    while (c.eat('!')) {
      const h = readName(c);
      if (h === null) c.fail('a relation hint');
      if (h === 'inner') inner = true;
      else if (h !== 'left') {
        if (hint !== null) c.fail('one relation hint');
        hint = h;
      }
    }
    if (!c.eat('(')) c.fail('"("');
    const items = readItems(c, depth + 1);
    if (!c.eat(')')) c.fail('")"');
    return { kind: 'embed', name, alias, hint, inner, items: items.length ? items : [{ kind: 'star' }], ...(spread ? { spread: true } : {}) };
  }
  c.i = nameStart;
  const field = readField(c);
  const cast = readCast(c);
  const agg = AGGREGATE_CALL.exec(c.text.slice(c.i));
  if (agg) {
    c.i += agg[0].length;
    return { kind: 'aggregate', fn: agg[1] as AggregateFunction, field, inputCast: cast, alias, cast: readCast(c) };
  }
  return { kind: 'column', field, alias, cast };
}

/** `::type` after a column or an aggregate, from the allowed casts only. */
function readCast(c: Cursor): string | null {
  if (!c.eat('::')) return null;
  const m = /^[a-z0-9_]+/i.exec(c.text.slice(c.i));
  if (!m) c.fail('a type name');
  const type = CASTS[m[0].toLowerCase()];
  if (!type) throw parseError(`"${m[0]}" is not a type a column can be cast to here`, `Allowed: ${Object.keys(CASTS).join(', ')}`);
  c.i += m[0].length;
  return type;
}

// ---- filters ----

/** `in.(a,"b,c")` lists and `{a,b}` lists: items split on commas, double quotes keep commas and parentheses, backslash escapes. */
export function parseList(text: string, open: string, close: string, what: string): string[] {
  const c = new Cursor(text, what);
  if (!c.eat(open)) c.fail(`"${open}"`);
  const items: string[] = [];
  if (c.eat(close)) {
    if (!c.done) c.fail('end of input');
    return items;
  }
  for (;;) {
    let item = '';
    if (c.peek() === '"') {
      c.i++;
      for (;;) {
        if (c.done) c.fail('closing double quote');
        const ch = c.peek();
        if (ch === '\\' && c.i + 1 < c.text.length) {
          item += c.peek(1);
          c.i += 2;
        } else if (ch === '"') {
          c.i++;
          break;
        } else {
          item += ch;
          c.i++;
        }
      }
    } else {
      while (!c.done && c.peek() !== ',' && c.peek() !== close) {
        if (c.peek() === '"' || c.peek() === open) c.fail('"," or a closing bracket');
        item += c.peek();
        c.i++;
      }
    }
    items.push(item);
    if (c.eat(',')) continue;
    if (c.eat(close)) break;
    c.fail(`"," or "${close}"`);
  }
  if (!c.done) c.fail('end of input');
  return items;
}

/** `[not.]op[(any|all)|(config)].value` for a column. */
export function parseCondition(field: Field, text: string, what = 'filter'): Condition {
  let rest = text;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const m = /^([a-z]+)(?:\(([^)]*)\))?\./.exec(rest);
  if (!m || !OPERATOR_SET.has(m[1]!)) {
    const op = /^[a-z]*/i.exec(rest)?.[0] ?? '';
    throw parseError(`"failed to parse ${what} (${text.slice(0, 200)})"`, op ? `unknown operator "${op}"` : 'expected an operator such as eq, gt or in');
  }
  const op = m[1] as Operator;
  const modifier = m[2] ?? null;
  const value = rest.slice(m[0].length);
  let quantifier: Condition['quantifier'] = null;
  let config: string | null = null;
  let list: string[] | null = null;
  if (modifier !== null) {
    if (FTS.has(op)) {
      if (!/^[\p{L}\p{N}_]+(?:\.[\p{L}\p{N}_]+)?$/u.test(modifier)) throw parseError(`"failed to parse ${what} (${text.slice(0, 200)})"`, 'invalid text search configuration');
      config = modifier;
    } else if ((modifier === 'any' || modifier === 'all') && QUANTIFIABLE.has(op)) {
      quantifier = modifier;
      list = parseList(value, '{', '}', what);
    } else {
      throw parseError(`"failed to parse ${what} (${text.slice(0, 200)})"`, `"${op}" takes no modifier "${modifier}"`);
    }
  }
  if (op === 'in') list = parseList(value, '(', ')', what);
  if (op === 'is' && !(IS_VALUES as readonly string[]).includes(value.toLowerCase())) {
    throw parseError(`"failed to parse ${what} (${text.slice(0, 200)})"`, 'is accepts null, not_null, true, false or unknown');
  }
  return { kind: 'condition', field, negate, op, quantifier, config, value: op === 'is' ? value.toLowerCase() : value, list };
}

/** A query parameter `column=…` (column may carry JSON steps). */
export function parseColumnFilter(key: string, value: string): Condition {
  const c = new Cursor(key, 'filter');
  const field = readField(c);
  if (!c.done) c.fail('a column name');
  return parseCondition(field, value);
}

/** The value of `or=(…)` / `and=(…)` (also `not.or`), nested groups included. */
export function parseLogic(op: 'and' | 'or', negate: boolean, text: string): LogicTree {
  const c = new Cursor(text, 'logic tree');
  const tree = readGroup(c, op, negate, 0);
  if (!c.done) c.fail('end of input');
  return tree;
}

function readGroup(c: Cursor, op: 'and' | 'or', negate: boolean, depth: number): LogicTree {
  if (depth > MAX_DEPTH) c.fail('fewer nested groups');
  if (!c.eat('(')) c.fail('"("');
  const children: Filter[] = [];
  for (;;) {
    children.push(readLogicItem(c, depth));
    if (c.eat(',')) continue;
    if (c.eat(')')) break;
    c.fail('"," or ")"');
  }
  return { kind: 'logic', op, negate, children };
}

function readLogicItem(c: Cursor, depth: number): Filter {
  const negate = c.eat('not.');
  for (const op of ['and', 'or'] as const) {
    if (c.startsWith(`${op}(`)) {
      c.i += op.length;
      return readGroup(c, op, negate, depth + 1);
    }
  }
  if (negate) c.i -= 4;
  const field = readField(c);
  if (!c.eat('.')) c.fail('"." and an operator');
  const start = c.i;
  // The operator part up to the value: [not.]op[(mod)].
  const m = /^(?:not\.)?[a-z]+(?:\([^)]*\))?\./.exec(c.text.slice(c.i));
  if (!m) c.fail('an operator');
  c.i += m[0].length;
  const value = readTreeValue(c);
  const raw = c.text.slice(start, start + m[0].length) + value;
  return parseCondition(field, raw, 'logic tree');
}

/** A value inside a logic tree: quoted (unquoted here), a `{…}` or `(…)` group kept whole, or text up to `,` or `)`. */
function readTreeValue(c: Cursor): string {
  if (c.peek() === '"') {
    let out = '';
    c.i++;
    for (;;) {
      if (c.done) c.fail('closing double quote');
      const ch = c.peek();
      if (ch === '\\' && c.i + 1 < c.text.length) {
        out += c.peek(1);
        c.i += 2;
      } else if (ch === '"') {
        c.i++;
        return out;
      } else {
        out += ch;
        c.i++;
      }
    }
  }
  const start = c.i;
  if (c.peek() === '(' || c.peek() === '{') {
    const close = c.peek() === '(' ? ')' : '}';
    let quoted = false;
    c.i++;
    for (;;) {
      if (c.done) c.fail(`"${close}"`);
      const ch = c.peek();
      if (ch === '\\' && quoted) c.i++;
      else if (ch === '"') quoted = !quoted;
      else if (ch === close && !quoted) {
        c.i++;
        return c.text.slice(start, c.i);
      }
      c.i++;
    }
  }
  while (!c.done && c.peek() !== ',' && c.peek() !== ')') {
    if (c.peek() === '(' || c.peek() === '"') c.fail('"," or ")"');
    c.i++;
  }
  return c.text.slice(start, c.i);
}

// ---- order, limits, columns ----

export function parseOrder(text: string): OrderTerm[] {
  const c = new Cursor(text, 'order');
  const terms: OrderTerm[] = [];
  for (;;) {
    const field = readField(c);
    let direction: OrderTerm['direction'] = null;
    let nulls: OrderTerm['nulls'] = null;
    while (c.eat('.')) {
      const word = readName(c);
      if (word === 'asc' || word === 'desc') direction = word;
      else if (word === 'nullsfirst') nulls = 'first';
      else if (word === 'nullslast') nulls = 'last';
      else c.fail('asc, desc, nullsfirst or nullslast');
    }
    terms.push({ field, direction, nulls });
    if (c.done) break;
    if (!c.eat(',')) c.fail('"," or end of input');
  }
  return terms;
}

export function parseNonNegative(text: string, what: string): number {
  if (!/^\d{1,15}$/.test(text)) throw parseError(`"failed to parse ${what} (${text.slice(0, 50)})"`, 'expected a non-negative integer');
  return Number(text);
}

/** Column names of `columns=` (comma separated, optionally double-quoted). */
export function parseColumns(text: string): string[] {
  const c = new Cursor(text, 'columns');
  const names: string[] = [];
  for (;;) {
    names.push(readName(c) ?? c.fail('a column name'));
    if (c.done) break;
    if (!c.eat(',')) c.fail('"," or end of input');
  }
  return names;
}
