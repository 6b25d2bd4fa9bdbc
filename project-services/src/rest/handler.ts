import type { ProjectDatabase, QueryResult } from '@plinth/platform-core/deps';
import type { ProjectCaller } from '../caller';
import type { CatalogCache, SchemaCatalog } from './catalog';
import { RestError } from './errors';
import type { Preferences } from './grammar';
import { pageOf, parseAccept, parseQuery, preferences, rowsOf, type MediaChoice } from './request';
import type { RestProject } from './settings';
import {
  callStatement,
  deleteStatement,
  insertStatement,
  readStatement,
  resolveFunction,
  StatementBuilder,
  UnknownNameError,
  updateStatement,
  type Statement,
  type WriteOptions,
} from './statements';

// One data API request from start to answer: schema choice, parsing, the statement, one
// transaction as the caller's role with its claims, and PostgREST's status, headers and body.

export interface RestCall {
  method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE';
  /** Below /rest/v1/: a table name, or rpc/{function}. */
  path: string;
  search: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface RestAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';
/** SQLSTATEs of objects that may have changed since the catalog was read: read it again and retry once. */
const STALE_CODES = new Set(['42703', '42P01', '42883', '42804']);

const header = (h: RestCall['headers'], name: string) => {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
};

function chooseSchema(call: RestCall, project: RestProject): string {
  const reading = call.method === 'GET' || call.method === 'HEAD';
  const asked = header(call.headers, reading ? 'accept-profile' : 'content-profile')?.trim();
  const schemas = project.settings.schemas;
  if (asked ? !schemas.includes(asked) : !schemas.length) {
    throw new RestError(406, 'PGRST106', `The schema must be one of the following: ${schemas.join(', ')}`);
  }
  return asked || schemas[0]!;
}

interface Plan {
  statement: Statement;
  shape: 'rows' | 'void' | 'scalar' | 'object' | 'array' | 'minimal';
  offset: number;
  readOnly: boolean;
  counted: boolean;
}

function plan(call: RestCall, catalog: SchemaCatalog, project: RestProject, prefs: Preferences, media: MediaChoice): Plan {
  const reading = call.method === 'GET' || call.method === 'HEAD';
  const counted = prefs.count !== null;
  const rpc = /^rpc\/([^/]+)$/.exec(call.path);
  if (rpc) {
    if (call.method === 'PATCH' || call.method === 'DELETE') throw new RestError(405, 'PGRST101', 'Only GET, HEAD and POST are allowed for functions');
    const name = rpc[1]!;
    const known = new Set((catalog.functions.get(name) ?? []).flatMap((f) => f.args.map((a) => a.name)));
    const q = parseQuery(call.search, (k) => reading && known.has(k));
    const body = reading ? q.args : call.body ?? {};
    const args = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const fn = resolveFunction(catalog, name, Object.keys(args));
    const b = new StatementBuilder(catalog, q.embedded);
    const page = pageOf(q.main, call.headers.range, project.settings.maxRows);
    const s = callStatement(b, fn, { args, rawBody: call.body, items: q.select, shaping: { ...q.main, ...page }, count: counted, headOnly: call.method === 'HEAD', stripNulls: media.stripNulls });
    return { statement: s, shape: s.shape, offset: page.offset, readOnly: reading, counted };
  }
  if (!call.path || call.path.includes('/')) throw new RestError(404, 'PGRST125', `Invalid path specified in request URL: ${call.path.slice(0, 200) || '/'}`);
  const q = parseQuery(call.search);
  const b = new StatementBuilder(catalog, q.embedded);
  if (reading) {
    const page = pageOf(q.main, call.headers.range, project.settings.maxRows);
    const statement = readStatement(b, call.path, { items: q.select, shaping: { ...q.main, ...page }, count: counted, headOnly: call.method === 'HEAD', stripNulls: media.stripNulls });
    return { statement, shape: 'rows', offset: page.offset, readOnly: true, counted };
  }
  if (q.main.limit !== null || q.main.offset) {
    throw new RestError(400, 'PGRST100', 'limit and offset are not supported on insert, update or delete here; narrow the rows with filters');
  }
  const representation = prefs.return === 'representation' || media.object ? { items: q.select, order: q.main.order, stripNulls: media.stripNulls } : null;
  const o: WriteOptions = { rows: [], columns: [], representation, filters: q.main.filters, upsert: null, missingDefault: prefs.missing === 'default' };
  let statement: Statement;
  if (call.method === 'POST') {
    o.rows = rowsOf(call.body);
    o.columns = q.columns ?? [...new Set(o.rows.flatMap((r) => Object.keys(r)))];
    if (prefs.resolution) {
      const rel = b.relation(call.path);
      o.upsert = { merge: prefs.resolution === 'merge-duplicates', onConflict: q.onConflict ?? rel.primaryKey };
    }
    statement = insertStatement(b, call.path, o);
  } else if (call.method === 'PATCH') {
    const rows = rowsOf(call.body);
    if (rows.length !== 1) throw new RestError(400, 'PGRST102', 'The body of an update must be one JSON object');
    o.rows = rows;
    o.columns = Object.keys(rows[0]!);
    if (!o.columns.length) {
      b.relation(call.path);
      return { statement: { sql: '', params: [] }, shape: 'minimal', offset: 0, readOnly: false, counted };
    }
    statement = updateStatement(b, call.path, o);
  } else {
    statement = deleteStatement(b, call.path, o);
  }
  return { statement, shape: representation ? 'rows' : 'minimal', offset: 0, readOnly: false, counted };
}

/** The request's headers as JSON for policies (`current_setting('request.headers')`); the console's cookies never reach the project. */
function requestHeaders(headers: RestCall['headers']): string {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (k !== 'cookie' && v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return JSON.stringify(out);
}

interface Outcome {
  pageCount: number;
  totalCount: number | null;
  body: string | null;
}

/** The statement that runs the request as the caller's role with its claims (and, for a read, read-only), first in its transaction. */
function contextStatement(caller: ProjectCaller, p: Plan, call: RestCall): Statement {
  return {
    sql: `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.method', $3, true), set_config('request.path', $4, true), set_config('request.headers', $5, true)${p.readOnly ? `, set_config('transaction_read_only', 'on', true)` : ''}`,
    params: [caller.role, JSON.stringify(caller.claims), call.method, `/${call.path}`, requestHeaders(call.headers)],
  };
}

type StatementRow = { page_count: string | number; total_count: string | number | null; body: string | null };

function outcomeOf(p: Plan, r: QueryResult<StatementRow>): Outcome {
  const row = p.shape === 'minimal' || p.shape === 'void' ? undefined : r.rows[0];
  const pageCount = row ? Number(row.page_count) : (r.affectedRows ?? 0);
  return { pageCount, totalCount: row?.total_count == null ? null : Number(row.total_count), body: row?.body ?? null };
}

async function execute(db: ProjectDatabase, caller: ProjectCaller, p: Plan, call: RestCall, media: MediaChoice): Promise<Outcome> {
  if (!p.statement.sql) return { pageCount: 0, totalCount: null, body: '[]' };
  const context = contextStatement(caller, p, call);
  // Reads are prepared (their result columns never change); writes and void calls are not.
  const prepare = p.readOnly && p.shape !== 'void';
  // A read on a server: the context and the statement in one implicit transaction, sent and answered at once.
  if (prepare && db.readInContext) return outcomeOf(p, await db.readInContext<StatementRow>([context, p.statement]));
  return db.transaction(async (tx) => {
    // The caller's role and claims, then the statement: issued together, run in this order.
    const set = tx.query(context.sql, context.params, { prepare: true });
    const statement = tx.query<StatementRow>(p.statement.sql, p.statement.params, { prepare });
    const [, r] = await Promise.all([set, statement]);
    const out = outcomeOf(p, r);
    // .single() on a change: anything but exactly one row undoes the change.
    if (media.object && !p.readOnly && out.pageCount !== 1) throw singularError(out.pageCount);
    return out;
  });
}

function singularError(n: number): RestError {
  return new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${n} rows`);
}

function contentRange(offset: number, n: number, total: number | null): string {
  const of = total === null ? '*' : String(total);
  return n > 0 ? `${offset}-${offset + n - 1}/${of}` : `*/${of}`;
}

/** Runs one request; every failure is a RestError (thrown) the route answers in PostgREST's shape. */
export async function handleRestCall(db: ProjectDatabase, caller: ProjectCaller, project: RestProject, cache: CatalogCache, call: RestCall): Promise<RestAnswer> {
  const schema = chooseSchema(call, project);
  const prefs = preferences(call.headers.prefer);
  const media = parseAccept(call.headers.accept);
  let catalog = await cache.get(db, project.ref, schema);
  let p: Plan;
  try {
    p = plan(call, catalog, project, prefs, media);
  } catch (err) {
    if (!(err instanceof UnknownNameError)) throw err;
    const fresh = await cache.refresh(db, project.ref, schema, catalog);
    if (fresh === catalog) throw err;
    catalog = fresh;
    p = plan(call, catalog, project, prefs, media);
  }
  let out: Outcome;
  try {
    out = await execute(db, caller, p, call, media);
  } catch (err) {
    const code = (err as { code?: unknown })?.code;
    if (typeof code !== 'string' || !STALE_CODES.has(code)) throw err;
    const fresh = await cache.refresh(db, project.ref, schema, catalog);
    if (fresh === catalog) throw err;
    p = plan(call, fresh, project, prefs, media);
    out = await execute(db, caller, p, call, media);
  }
  return answer(call, p, prefs, media, out);
}

function answer(call: RestCall, p: Plan, prefs: Preferences, media: MediaChoice, out: Outcome): RestAnswer {
  const headers: Record<string, string> = {};
  const applied: string[] = [];
  if (prefs.count) applied.push(`count=${prefs.count}`);
  if (call.method !== 'GET' && call.method !== 'HEAD') {
    if (prefs.return) applied.push(`return=${prefs.return}`);
    if (prefs.resolution && call.method === 'POST') applied.push(`resolution=${prefs.resolution}`);
    if (prefs.missing && call.method === 'POST') applied.push(`missing=${prefs.missing}`);
  }
  if (applied.length) headers['preference-applied'] = applied.join(', ');
  const total = p.counted ? (out.totalCount ?? out.pageCount) : null;
  headers['content-range'] = call.method === 'POST' && !/^rpc\//.test(call.path) ? `*/${total ?? '*'}` : contentRange(p.offset, out.pageCount, total);
  const head = call.method === 'HEAD';

  if (p.shape === 'void') return { status: 204, headers, body: null };
  if (p.shape === 'minimal') return { status: call.method === 'POST' ? 201 : 204, headers, body: null };
  if (p.shape === 'scalar' || p.shape === 'object') {
    headers['content-type'] = JSON_TYPE;
    let body = out.body ?? 'null';
    if (p.shape === 'object') body = out.pageCount === 1 ? (out.body ?? '[]').slice(1, -1).trim() : 'null';
    return { status: 200, headers, body: head ? null : body };
  }
  let body = out.body ?? '[]';
  if (media.object) {
    if (out.pageCount !== 1) throw singularError(out.pageCount);
    headers['content-type'] = OBJECT_TYPE;
    body = body.slice(1, -1).trim();
  } else {
    headers['content-type'] = JSON_TYPE;
  }
  let status = call.method === 'POST' && !/^rpc\//.test(call.path) ? 201 : 200;
  if (status === 200 && total !== null && (p.offset > 0 || p.offset + out.pageCount < total) && out.pageCount > 0) status = 206;
  return { status, headers, body: head ? null : body };
}
