/**
 * Requests for one route: path parameters, query string and body from the route's schemas, mixed
 * with hostile values and with the tenants' real identifiers; and the rules every answer must keep.
 */
import fc from 'fast-check';
import { HOSTILE_BODY_TEXTS, OVERSIZE_BODY, TRAVERSAL } from './hostile';
import type { FuzzRoute } from './route-catalog';
import { arbitraryFor, type JsonSchema } from './schema-arbitrary';
import { identifiers, idForParam, type Tenant } from './tenants';

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Whose identifiers a request may carry. */
export interface IdSources {
  /** The other tenant: its ids are always fair game (the answer must not reveal its data). */
  other: Tenant;
  /** The caller's own tenant, when the route may act on it (left out for project creation and lifecycle). */
  own: Tenant | null;
  /** The caller's own signed-link tokens (sent with other paths and buckets than they were made for). */
  tokens: string[];
  /** SQL the caller runs on its own project, reaching for another tenant's data or the server's files. */
  sqlProbes: string[];
}

/** SQL that must not reach the other tenant's table, database or files from the caller's own project. */
export function sqlProbes(other: Tenant, dataDir: string): string[] {
  return [
    `select * from public.${other.ids.table}`,
    `select * from dblink('dbname=plinth_project_${other.ids.ref}', 'select secret from public.${other.ids.table}') as t(secret text)`,
    `select pg_read_file('${dataDir}/objects/${other.ids.ref}/${other.ids.bucket}/${other.ids.objectPath}')`,
    `select * from pg_ls_dir('${dataDir}')`,
    `copy (select 1) to program 'cat /etc/hostname'`,
    `create extension if not exists dblink`,
    `select name, setting from pg_settings where name in ('data_directory', 'config_file', 'hba_file')`,
  ];
}

export interface PathValue {
  text: string;
  /** Sent as it is (a traversal such as `../x` or `%2e%2e/`), not percent-encoded. */
  raw: boolean;
}

const textOf = (v: unknown): string => (typeof v === 'string' ? v : v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));

/** Percent-encodes text for a URL, lone surrogates included (as their WTF-8 bytes, which no UTF-8 decoder accepts). */
export function percentEncode(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const isHigh = c >= 0xd800 && c <= 0xdbff;
    const next = s.charCodeAt(i + 1);
    if (isHigh && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(s.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(s[i]!);
    }
  }
  return out;
}

function realStrings(ids: IdSources): fc.Arbitrary<string> {
  return fc.constantFrom(...identifiers(ids.other), ...(ids.own ? identifiers(ids.own) : []));
}

/** Object paths that name the tenants' real files, or climb from the caller's bucket towards the other tenant's file. */
export function objectPaths(ids: IdSources): string[] {
  const o = ids.other.ids;
  const climbs = [`${o.ref}/${o.bucket}/${o.objectPath}`, `${o.bucket}/${o.objectPath}`, `../${o.bucket}/${o.objectPath}`, `../../${o.ref}/${o.bucket}/${o.objectPath}`, `docs/../../../${o.ref}/${o.bucket}/${o.objectPath}`, `%2e%2e/${o.bucket}/${o.objectPath}`];
  return [o.objectPath, ...climbs, ...(ids.own ? [ids.own.ids.objectPath, `${ids.own.ids.objectPath}/../x`, 'docs'] : [])];
}

/** Real strings by field name: paths for path fields, refs for ref fields, slugs for slug fields. */
export function realStringsFor(ids: IdSources): (field: string) => fc.Arbitrary<string> | undefined {
  const both = [ids.other, ...(ids.own ? [ids.own] : [])];
  return (field) => {
    if (/^(path|paths|from|to|prefix)$/.test(field)) return fc.constantFrom(...objectPaths(ids));
    if (/ref$/.test(field)) return fc.constantFrom(...both.map((t) => t.ids.ref));
    if (/slug$/.test(field)) return fc.constantFrom(...both.map((t) => t.ids.slug));
    if (/integration_id$/.test(field)) return fc.constantFrom(...both.map((t) => t.ids.integrationId));
    if (field === 'foreign_project_id') return fc.constantFrom(...both.map((t) => `${t.ids.owner}/${t.ids.repo}`));
    if (field === 'table') return fc.constantFrom(...both.map((t) => t.ids.table));
    if (field === 'token' && ids.tokens.length) return fc.constantFrom(...ids.tokens);
    // Probes go only where SQL runs (`query`): a stored `sql` (snippets) would echo the probe's server path back later.
    if (field === 'query' && ids.sqlProbes.length) return fc.constantFrom(...ids.sqlProbes);
    return undefined;
  };
}

function pathValue(route: FuzzRoute, name: string, ids: IdSources): fc.Arbitrary<PathValue> {
  const schema: JsonSchema = route.params?.properties?.[name] ?? { type: 'string' };
  const options: fc.WeightedArbitrary<PathValue>[] = [
    { weight: 3, arbitrary: arbitraryFor(schema, { realStrings: realStrings(ids), realStringsFor: realStringsFor(ids) }).map((v) => ({ text: textOf(v), raw: false })) },
    { weight: 2, arbitrary: fc.constant({ text: idForParam(ids.other, route.url, name), raw: false }) },
    { weight: 1, arbitrary: fc.constantFrom(...TRAVERSAL).map((text) => ({ text, raw: true })) },
    { weight: 1, arbitrary: fc.constantFrom('.', '..').map((text) => ({ text, raw: false })) },
  ];
  if (ids.own) {
    const mine = idForParam(ids.own, route.url, name);
    // The caller's own bucket, or one it managed to create under a hostile name.
    const alternatives = mine === ids.own.ids.bucket ? [mine, ...ids.own.hostileBuckets] : [mine];
    options.push({ weight: 4, arbitrary: fc.constantFrom(...alternatives).map((text) => ({ text, raw: false })) });
  }
  if (name === '*') options.push({ weight: 2, arbitrary: fc.constantFrom(...objectPaths(ids)).map((text) => ({ text, raw: false })) });
  return fc.oneof(...options);
}

/** The url with its parameters filled in (a wildcard keeps its slashes). */
export function fillUrl(url: string, values: Record<string, PathValue>): string {
  return url.replace(/:([A-Za-z0-9_]+)|\*/g, (whole, name: string | undefined) => {
    const v = values[name ?? '*'];
    if (!v) return whole;
    if (v.raw) return v.text;
    // A wildcard keeps its slashes; `.` and `..` are encoded so the URL is not normalised before the route sees them.
    const segment = (seg: string) => (/^\.+$/.test(seg) ? seg.replace(/\./g, '%2E') : percentEncode(seg));
    return name ? segment(v.text) : v.text.split('/').map(segment).join('/');
  });
}

export function queryString(value: unknown): string {
  if (value === undefined) return '';
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return `?${percentEncode(textOf(value))}`;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) parts.push(`${percentEncode(k)}=${percentEncode(item === null ? '' : textOf(item))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

interface BodyPart {
  payload?: string | Buffer;
  contentType?: string;
}

const RAW_TYPES = ['application/octet-stream', 'text/plain', 'image/png', 'application/json', 'text/html; charset=utf-8', 'x/../../y'];

function bodyFor(route: FuzzRoute, ids: IdSources): fc.Arbitrary<BodyPart> {
  const hostileText = fc.constantFrom(...HOSTILE_BODY_TEXTS).map((payload): BodyPart => ({ payload, contentType: 'application/json' }));
  if (route.body) {
    const json = arbitraryFor(route.body, { realStrings: realStrings(ids), realStringsFor: realStringsFor(ids) }).map((v): BodyPart => ({ payload: JSON.stringify(v), contentType: 'application/json' }));
    const asText = json.map((b): BodyPart => ({ ...b, contentType: 'text/plain' }));
    return fc.oneof({ weight: 8, arbitrary: json }, { weight: 1, arbitrary: hostileText }, { weight: 1, arbitrary: asText });
  }
  if (route.method === 'GET') return fc.constant({});
  // No body schema: nothing, an empty object, stray fields, or raw bytes of some content type.
  const bytes = fc.tuple(fc.uint8Array({ maxLength: 64 }), fc.constantFrom(...RAW_TYPES)).map(([b, contentType]): BodyPart => ({ payload: Buffer.from(b), contentType }));
  return fc.oneof(fc.constant({}), fc.constant({ payload: '{}', contentType: 'application/json' }), hostileText, bytes);
}

/** Generated requests for `route` (headers other than content-type are added by the caller). */
export function requestArbitrary(route: FuzzRoute, ids: IdSources): fc.Arbitrary<FuzzRequest> {
  const params = fc.record(Object.fromEntries(route.pathParams.map((p) => [p, pathValue(route, p, ids)]))) as fc.Arbitrary<Record<string, PathValue>>;
  const query: fc.Arbitrary<unknown> = route.querystring
    ? arbitraryFor(route.querystring, { realStrings: realStrings(ids), realStringsFor: realStringsFor(ids) })
    : fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('id', 'path', '__proto__', 'ref'), fc.string({ maxLength: 8 })) });
  return fc.tuple(params, query, bodyFor(route, ids)).map(([p, q, b]) => ({
    method: route.method,
    url: fillUrl(route.url, p) + queryString(q),
    headers: b.contentType ? { 'content-type': b.contentType } : ({} as Record<string, string>),
    payload: b.payload,
  }));
}

/** Fixed requests for `route`: the other tenant's ids in every parameter (and own ref with the other's ids), broken and oversize bodies. */
export function fixedRequests(route: FuzzRoute, ids: IdSources): FuzzRequest[] {
  const out: FuzzRequest[] = [];
  const fill = (owner: (name: string) => Tenant) =>
    fillUrl(route.url, Object.fromEntries(route.pathParams.map((p) => [p, { text: idForParam(owner(p), route.url, p), raw: false }])));
  const body: Omit<FuzzRequest, 'method' | 'url'> = route.body ? { headers: { 'content-type': 'application/json' }, payload: '{}' } : { headers: {} };
  if (route.pathParams.length) out.push({ method: route.method, url: fill(() => ids.other), ...body });
  const own = ids.own;
  if (own && route.pathParams.length > 1) out.push({ method: route.method, url: fill((p) => (p === 'ref' || p === 'slug' ? own : ids.other)), ...body });
  // SQL probes on the caller's own project, in each field whose SQL runs.
  const sqlFields = Object.keys(route.body?.properties ?? {}).filter((k) => k === 'query');
  if (own) {
    const url = fill(() => own);
    for (const field of sqlFields) for (const probe of ids.sqlProbes) out.push({ method: route.method, url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ [field]: probe }) });
  }
  if (route.body && route.method !== 'GET') {
    const url = route.pathParams.length ? fill(() => own ?? ids.other) : route.url;
    for (const payload of [...HOSTILE_BODY_TEXTS, OVERSIZE_BODY]) out.push({ method: route.method, url, headers: { 'content-type': 'application/json' }, payload });
  }
  return out;
}

export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  rawPayload: Buffer;
}

/**
 * What is wrong with an answer (empty when nothing is): a 5xx, an error that is not `{message}`, a
 * secret or a server path (unless the request itself carried it: an echo of the caller's own input is no leak).
 */
export function answerProblems(res: Answer, forbidden: { secrets: string[]; paths: string[] }, req: FuzzRequest): string[] {
  const sent = `${req.url}\n${String(req.payload ?? '')}`;
  const problems: string[] = [];
  const text = res.rawPayload.toString('latin1');
  const contentType = String(res.headers['content-type'] ?? '');
  let message: unknown;
  if (res.statusCode >= 400) {
    try {
      // The platform API answers {message}; the project API's auth routes answer as GoTrue does, {code, error_code, msg}.
      const body = contentType.startsWith('application/json') ? (JSON.parse(res.rawPayload.toString('utf8')) as { message?: unknown; msg?: unknown }) : {};
      message = body.message ?? body.msg;
    } catch {
      message = undefined;
    }
    if (typeof message !== 'string' || !message) problems.push(`error answer is not JSON {message} or {msg} (${contentType || 'no content-type'}: ${text.slice(0, 120)})`);
  }
  const deliberate503 = res.statusCode === 503 && typeof message === 'string' && message !== 'Internal server error';
  if (res.statusCode >= 500 && !deliberate503) problems.push(`status ${res.statusCode}: ${text.slice(0, 200)}`);
  const headerText = Object.entries(res.headers).map(([k, v]) => `${k}: ${String(v)}`).join('\n');
  const shows = (s: string) => !sent.includes(s) && (text.includes(s) || headerText.includes(s));
  for (const s of forbidden.secrets) if (shows(s)) problems.push(`answer contains another tenant's data (${s})`);
  for (const p of forbidden.paths) if (shows(p)) problems.push(`answer reveals a server path (${p})`);
  return problems;
}
