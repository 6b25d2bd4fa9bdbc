/**
 * fast-check arbitraries from JSON Schema (as z.toJSONSchema writes it for the contracts' zod and
 * zod/mini schemas): values that fit the schema, mixed with hostile ones, missing required fields,
 * extra and prototype keys.
 */
import fc from 'fast-check';
import { EXTRA_KEYS, HOSTILE_STRINGS, hostileValue } from './hostile';

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}

export interface ArbitraryOptions {
  /** Known-real strings (the tenants' refs, ids, names) mixed into every string field. */
  realStrings?: fc.Arbitrary<string>;
  /** Known-real strings for a field of this name (an object path for `path`, a ref for `ref`), in place of realStrings. */
  realStringsFor?: (field: string) => fc.Arbitrary<string> | undefined;
  /** Only fitting values: no hostile values, missing fields or extra keys. */
  strict?: boolean;
  /** Weight of realStrings in a string field (default 1, against 4 fitting and 2 hostile). */
  realStringsWeight?: number;
  /** Weight of a value of any type against 12 of a fitting value (default 1); string fields also get hostile strings. */
  hostileWeight?: number;
}

const MAX_DEPTH = 4;

/** A value for `schema`: usually fitting, sometimes hostile. */
export function arbitraryFor(schema: JsonSchema, options: ArbitraryOptions = {}, root: JsonSchema = schema, depth = 0): fc.Arbitrary<unknown> {
  const fitting = fittingValue(schema, options, root, depth);
  if (options.strict) return fitting;
  return fc.oneof({ weight: 12, arbitrary: fitting }, { weight: options.hostileWeight ?? 1, arbitrary: hostileValue });
}

/** A value that fits `schema` (the generator stays within its bounds where it can). */
export function fittingValue(schema: JsonSchema, options: ArbitraryOptions, root: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(null);
  if (schema.$ref) {
    const target = schema.$ref === '#' ? root : root.$defs?.[schema.$ref.replace(/^#\/\$defs\//, '')];
    return target ? fittingValue(target, options, root, depth + 1) : fc.jsonValue({ maxDepth: 2 });
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => fittingValue(s, options, root, depth + 1)));
  if (schema.allOf?.length) return fittingValue(schema.allOf[0]!, options, root, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => fittingValue({ ...schema, type }, options, root, depth)));
  switch (schema.type) {
    case 'string':
      return stringFor(schema, options);
    case 'integer':
      return fc.integer({ min: lowerBound(schema, -(2 ** 31)), max: upperBound(schema, 2 ** 31 - 1) });
    case 'number':
      return fc.double({ min: lowerBound(schema, -1e9), max: upperBound(schema, 1e9), noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const item = schema.items ? arbitraryFor(schema.items, options, root, depth + 1) : fc.jsonValue({ maxDepth: 1 });
      const minLength = schema.minItems ?? 0;
      return fc.array(item, { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 4, 4)) });
    }
    case 'object':
      return objectFor(schema, options, root, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function lowerBound(s: JsonSchema, fallback: number): number {
  const v = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : fallback);
  return Math.max(v, Number.MIN_SAFE_INTEGER);
}

function upperBound(s: JsonSchema, fallback: number): number {
  const v = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : fallback);
  return Math.min(v, Number.MAX_SAFE_INTEGER);
}

function stringFor(s: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? 40, 40));
  const fits = (v: string) => v.length >= minLength && v.length <= (s.maxLength ?? Infinity);
  let fitting: fc.Arbitrary<string>;
  if (s.format === 'uuid') fitting = fc.uuid();
  else if (s.format === 'date-time') fitting = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
  else if (s.format === 'uri') fitting = fc.stringMatching(/^[a-z0-9]{1,12}$/).map((p) => `https://app.example/${p}`);
  else if (s.format === 'email') fitting = fc.tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.stringMatching(/^[a-z]{1,12}$/)).map(([user, host]) => `${user}@${host}.example`);
  else if (s.pattern) fitting = matching(s.pattern, fits) ?? fc.string({ minLength, maxLength });
  else fitting = fc.string({ minLength, maxLength, unit: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...'abcxyz019-_./ ') }, { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) }) });
  if (options.strict) return fitting;
  const hostile = fc.constantFrom(...HOSTILE_STRINGS);
  return fc.oneof({ weight: 4, arbitrary: fitting }, { weight: 2, arbitrary: hostile }, ...(options.realStrings ? [{ weight: options.realStringsWeight ?? 1, arbitrary: options.realStrings }] : []));
}

function matching(pattern: string, fits: (v: string) => boolean): fc.Arbitrary<string> | null {
  try {
    // stringMatching has no length bound: an overlong match is cut short (and then may not fit, which is fine here).
    // fast-check cannot generate from a lookahead; a leading length lookahead such as (?=.{1,253}$) is left to `fits`.
    const plain = pattern.replace(/^\^\(\?=[^)]*\)/, '^');
    return fc.stringMatching(new RegExp(plain)).map((v) => (fits(v) ? v : v.slice(0, 8)));
  } catch {
    return null;
  }
}

function objectFor(s: JsonSchema, options: ArbitraryOptions, root: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const props = s.properties ?? {};
  const required = (s.required ?? []).filter((k) => k in props);
  const record = fc.record(
    Object.fromEntries(
      Object.entries(props).map(([k, given]) => {
        // Some checks do not reach the JSON Schema (zod/mini's email after a trim): an `email` field is an email address.
        // Likewise a redirect URI's refinement: a `…uri`/`…url` field (or a list of them) holds https URLs.
        const v =
          /email/i.test(k) && given.type === 'string' && !given.format ? { ...given, format: 'email' }
          : /ur[il]$/i.test(k) && given.type === 'string' && !given.format ? { ...given, format: 'uri' }
          : /ur[il]s$/i.test(k) && given.type === 'array' && given.items && !Array.isArray(given.items) && given.items.type === 'string' && !given.items.format ? { ...given, items: { ...given.items, format: 'uri' } }
          : given;
        const named = options.realStringsFor?.(k);
        return [k, arbitraryFor(v, named ? { ...options, realStrings: named, realStringsWeight: 3 } : options, root, depth + 1)];
      }),
    ),
    { requiredKeys: required },
  ) as fc.Arbitrary<Record<string, unknown>>;
  if (options.strict) return record;
  const withoutRequired = required.length
    ? fc.tuple(record, fc.constantFrom(...required)).map(([o, k]) => omit(o, k))
    : record;
  const withExtras = fc.tuple(record, fc.constantFrom(...EXTRA_KEYS), hostileValue).map(([o, k, v]) => withOwnKey(o, k, v));
  return fc.oneof({ weight: 10, arbitrary: record }, { weight: 1, arbitrary: withoutRequired }, { weight: 1, arbitrary: withExtras });
}

function omit(o: Record<string, unknown>, key: string): Record<string, unknown> {
  const copy = { ...o };
  delete copy[key];
  return copy;
}

/** Adds `key` as an own enumerable property, even `__proto__` (a plain assignment would set the prototype). */
export function withOwnKey(o: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy = { ...o };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}
