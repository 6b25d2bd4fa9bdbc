/**
 * A deterministic sweep for the caller's own resources: from one well-formed request (own ids,
 * fitting body), each string field, query field and path parameter in turn takes each of a few
 * hostile strings; and every bucket the caller created under a hostile name is tried with every
 * path that climbs towards the other tenant's file.
 */
import fc from 'fast-check';
import type { z } from 'zod';
import { OVERSIZE_STRING } from './hostile';
import { fillUrl, objectPaths, queryString, type FuzzRequest, type IdSources, type PathValue } from './requests';
import type { FuzzRoute } from './route-catalog';
import { fittingValue, type JsonSchema } from './schema-arbitrary';
import { idForParam, type Tenant } from './tenants';

const SWEEP = ['..', 'a/../../b', 'a\u0000b', '\uD800', 'a'.repeat(256), "' or 1=1 --", OVERSIZE_STRING];

const PATH_FIELD = /^(path|paths|from|to|prefix)$/;

const takesString = (s: JsonSchema | undefined): boolean =>
  !!s && (s.type === 'string' || (s.type === 'array' && takesString(s.items)) || !!(s.anyOf ?? s.oneOf)?.some(takesString));

/** The value `text` as the field wants it (an array field gets a one-item array). */
const shaped = (s: JsonSchema, text: string): unknown => (s.type === 'array' ? [text] : text);

/** A well-formed value for `schema`, with the tenant's own values in the fields that name one. */
export function baseValue(schema: JsonSchema | null, zod: z.ZodType | undefined, own: Tenant, seed: number): Record<string, unknown> | undefined {
  if (!schema) return undefined;
  const withOwn = (value: Record<string, unknown> | undefined) => {
    const out = { ...(value ?? {}) };
    for (const [k, s] of Object.entries(schema.properties ?? {})) {
      const mine = PATH_FIELD.test(k) ? own.ids.objectPath : /ref$/.test(k) ? own.ids.ref : /slug$/.test(k) ? own.ids.slug : k === 'table' ? own.ids.table : null;
      // A field of fixed words (e.g. the table editor's `from: 'start' | 'end'`) or of a format (the audit log's `from` date and time) names no resource.
      if (mine !== null && !s.enum && !s.format) out[k] = shaped(s, mine);
    }
    return out;
  };
  // The first of a few samples the route's own schema accepts (its refinements are not in the JSON
  // Schema), then the same samples with their optional fields left out (a refinement may tie them:
  // a range's start and end come together or not at all).
  const samples = fc.sample(fittingValue(schema, { strict: true }, schema, 0), { seed, numRuns: 30 }) as Record<string, unknown>[];
  const required = new Set(schema.required ?? []);
  const requiredOnly = (v: Record<string, unknown>) => Object.fromEntries(Object.entries(v).filter(([k]) => required.has(k)));
  const candidates = [...samples, ...samples.map(requiredOnly)].map(withOwn);
  return candidates.find((v) => zod?.safeParse(v).success) ?? candidates[0];
}

export function sweepRequests(route: FuzzRoute, ids: IdSources, seed: number): FuzzRequest[] {
  const own = ids.own;
  if (!own) return [];
  const params: Record<string, PathValue> = Object.fromEntries(route.pathParams.map((p) => [p, { text: idForParam(own, route.url, p), raw: false }]));
  const body = baseValue(route.body, route.zod.body, own, seed);
  const query = baseValue(route.querystring, route.zod.querystring, own, seed);
  const build = (p: Record<string, PathValue>, b: unknown, q: unknown): FuzzRequest => ({
    method: route.method,
    url: fillUrl(route.url, p) + queryString(q),
    headers: b === undefined ? {} : { 'content-type': 'application/json' },
    payload: b === undefined ? undefined : JSON.stringify(b),
  });
  const out: FuzzRequest[] = [];
  for (const value of SWEEP) {
    for (const p of route.pathParams) out.push(build({ ...params, [p]: { text: value, raw: false } }, body, query));
    for (const [k, s] of Object.entries(route.body?.properties ?? {})) if (takesString(s)) out.push(build(params, { ...body, [k]: shaped(s, value) }, query));
    for (const [k, s] of Object.entries(route.querystring?.properties ?? {})) if (takesString(s)) out.push(build(params, body, { ...query, [k]: value }));
  }
  // Buckets under hostile names, with paths that climb to the other tenant's file in every path field at once.
  const bucketParam = route.pathParams.find((p) => idForParam(own, route.url, p) === own.ids.bucket);
  if (bucketParam) {
    for (const bucket of own.hostileBuckets) {
      for (const climb of objectPaths(ids)) {
        const withPaths = (v: Record<string, unknown> | undefined, schema: JsonSchema | null) =>
          v && Object.fromEntries(Object.entries(v).map(([k, x]) => [k, PATH_FIELD.test(k) ? shaped(schema!.properties![k]!, climb) : x]));
        const p = { ...params, [bucketParam]: { text: bucket, raw: false }, ...(params['*'] ? { '*': { text: climb, raw: false } } : {}) };
        out.push(build(p, withPaths(body, route.body), withPaths(query, route.querystring)));
      }
    }
  }
  return out;
}
