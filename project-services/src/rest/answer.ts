import { RestError } from './errors';
import type { RestAnswer, RestCall, Outcome, Plan, TxChoice } from './exchange';
import { planContentType } from './explain';
import type { Preferences } from './headers';
import type { MediaChoice } from './request';

// The answer to one data API request, as PostgREST gives it: status, Content-Range,
// Preference-Applied, Location, and the body in the media type asked for.

const JSON_TYPE = 'application/json; charset=utf-8';
const CSV_TYPE = 'text/csv; charset=utf-8';
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';
export function maxAffectedApplies(call: RestCall, p: Plan, prefs: Preferences): boolean {
  return prefs.handling === 'strict' && prefs.maxAffected !== null && !p.readOnly && (call.method === 'PATCH' || call.method === 'DELETE' || /^rpc\//.test(call.path));
}

export function singularError(n: number): RestError {
  return new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${n} rows`);
}

function contentRange(offset: number, n: number, total: number | null): string {
  const of = total === null ? '*' : String(total);
  return n > 0 ? `${offset}-${offset + n - 1}/${of}` : `*/${of}`;
}

/** Runs one request; every failure is a RestError (thrown) the route answers in PostgREST's shape. */
/** The status of an upsert: 201 when it created a row; else 200, or 204 for a PUT without representation. */
function upsertStatus(p: Plan, out: Outcome): number | null {
  if (!p.upsert || out.inserted === undefined) return null;
  if (out.inserted > 0) return 201;
  return p.upsert === 'put' && p.shape === 'minimal' ? 204 : 200;
}

/** return=headers-only: the address of the one row created, by its primary key (`/notes?id=eq.4`). */
function locationOf(call: RestCall, p: Plan, out: Outcome): string | null {
  if (!p.location || out.pageCount !== 1 || !out.body) return null;
  const row = (JSON.parse(out.body) as Record<string, unknown>[])[0] ?? {};
  const terms = p.location.map((c) => `${encodeURIComponent(c)}=eq.${encodeURIComponent(String(row[c] ?? ''))}`);
  return `/${call.path}?${terms.join('&')}`;
}

export function answer(call: RestCall, p: Plan, prefs: Preferences, media: MediaChoice, out: Outcome, tx: TxChoice): RestAnswer {
  const headers: Record<string, string> = {};
  const applied: string[] = [];
  if (tx.applied) applied.push(`tx=${prefs.tx}`);
  if (prefs.handling) applied.push(`handling=${prefs.handling}`);
  if (prefs.timezone) applied.push(`timezone=${prefs.timezone}`);
  if (maxAffectedApplies(call, p, prefs)) applied.push(`max-affected=${prefs.maxAffected}`);
  if (prefs.singleObject && /^rpc\//.test(call.path)) applied.push('params=single-object');
  if (prefs.count) applied.push(`count=${prefs.count}`);
  if (call.method !== 'GET' && call.method !== 'HEAD') {
    if (prefs.return) applied.push(`return=${prefs.return}`);
    if (prefs.resolution && call.method === 'POST') applied.push(`resolution=${prefs.resolution}`);
    if (prefs.missing && call.method === 'POST') applied.push(`missing=${prefs.missing}`);
  }
  if (applied.length) headers['preference-applied'] = applied.join(', ');
  const total = p.counted ? (out.totalCount ?? out.pageCount) : null;
  headers['content-range'] = (call.method === 'POST' || call.method === 'PUT') && !/^rpc\//.test(call.path) ? `*/${total ?? '*'}` : contentRange(p.offset, out.pageCount, total);
  const head = call.method === 'HEAD';

  if (out.plan !== undefined && media.plan) {
    headers['content-type'] = planContentType(media.plan, media.csv ? 'text/csv' : media.object ? 'application/vnd.pgrst.object+json' : 'application/json');
    return { status: 200, headers, body: head ? null : out.plan };
  }
  if (p.shape === 'void') return { status: 204, headers, body: null };
  if (p.shape === 'minimal') {
    const location = locationOf(call, p, out);
    if (location) headers.location = location;
    return { status: upsertStatus(p, out) ?? (call.method === 'POST' ? 201 : 204), headers, body: null };
  }
  if (p.shape === 'scalar' && p.raw) {
    headers['content-type'] = p.raw === 'bytea' ? 'application/octet-stream' : p.raw === 'xml' ? 'text/xml; charset=utf-8' : 'text/plain; charset=utf-8';
    const value = out.body ?? '';
    return { status: 200, headers, body: head ? null : p.raw === 'bytea' ? Buffer.from(value, 'base64') : value };
  }
  if (p.shape === 'scalar' || p.shape === 'object') {
    headers['content-type'] = JSON_TYPE;
    let body = out.body ?? 'null';
    if (p.shape === 'object') body = out.pageCount === 1 ? (out.body ?? '[]').slice(1, -1).trim() : 'null';
    return { status: 200, headers, body: head ? null : body };
  }
  let body = out.body ?? '[]';
  if (p.csv) {
    headers['content-type'] = CSV_TYPE;
    body = out.body ?? '';
  } else if (media.object) {
    if (out.pageCount !== 1) throw singularError(out.pageCount);
    headers['content-type'] = OBJECT_TYPE;
    body = body.slice(1, -1).trim();
  } else {
    headers['content-type'] = JSON_TYPE;
  }
  let status = upsertStatus(p, out) ?? (call.method === 'POST' && !/^rpc\//.test(call.path) ? 201 : 200);
  if (status === 200 && total !== null && (p.offset > 0 || p.offset + out.pageCount < total) && out.pageCount > 0) status = 206;
  return { status, headers, body: head ? null : body };
}
