import type { ProjectDatabase, QueryResult } from '@plinth/platform-core/deps';
import { recordStatementTiming } from '@plinth/platform-core/project-db/statement-log';
import { quoteIdent } from '@plinth/platform-core/database-error';
import type { ProjectCaller } from '../caller';
import type { CatalogCache, SchemaCatalog } from './catalog';
import { RestError } from './errors';
import type { Preferences } from './headers';
import { answer, maxAffectedApplies, singularError } from './answer';
import type { Outcome, Plan, RestAnswer, RestCall, TxChoice } from './exchange';
import { explainStatement, planBody } from './explain';
import { pageOf, parseAccept, parseQuery, preferences, RawBody, rowsOf, rowsOfCsv, type MediaChoice } from './request';
import { parseResponseGucs, RESPONSE_GUCS_SQL } from './response-gucs';
import type { RestProject } from './settings';
import { callStatement, resolveFunction } from './rpc-statements';
import { StatementBuilder, UnknownNameError, type Statement } from './statements';
import { deleteStatement, insertStatement, readStatement, updateStatement, type WriteOptions } from './table-statements';
import { putRow } from './upsert-put';

export type { RestAnswer, RestCall } from './exchange';

// One data API request from start to answer: schema choice, parsing, the statement, one
// transaction as the caller's role with its claims, and PostgREST's status, headers and body.

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
    const rawIn = !reading && call.body instanceof RawBody ? call.body : null;
    if (rawIn?.type === 'csv') throw new RestError(415, 'PGRST107', 'A function takes a JSON, text/plain, text/xml or application/octet-stream body');
    const fn = resolveFunction(catalog, name, rawIn ? [] : Object.keys(args), prefs.singleObject && !reading, rawIn?.type ?? null);
    // text/plain, text/xml or application/octet-stream out: a function answering one value of that type.
    if (media.raw && (fn.returnsSet || fn.returns !== 'scalar' || fn.returnType !== media.raw)) {
      throw new RestError(406, 'PGRST107', `None of these media types are available: ${String(call.headers.accept ?? '').slice(0, 200)}`, `The function ${catalog.schema}.${name} does not answer one ${media.raw} value`);
    }
    const b = new StatementBuilder(catalog, q.embedded, { aggregates: project.settings.aggregatesEnabled });
    const page = pageOf(q.main, call.headers.range, project.settings.maxRows);
    // CSV for functions answering rows of named columns; one value or one row stays JSON.
    const csv = media.csv && fn.returnsSet && fn.returns === 'rows';
    const s = callStatement(b, fn, { raw: media.raw, singleObject: prefs.singleObject && !reading, args, rawBody: rawIn ? rawIn.data : call.body, items: q.select, shaping: { ...q.main, ...page }, count: counted, headOnly: call.method === 'HEAD', stripNulls: media.stripNulls, csv });
    return { statement: s, shape: s.shape, offset: page.offset, readOnly: reading, counted, csv, gucs: true, ...(media.raw ? { raw: media.raw } : {}) };
  }
  if (media.raw) throw new RestError(406, 'PGRST107', `None of these media types are available: ${String(call.headers.accept ?? '').slice(0, 200)}`, 'text/plain, text/xml and application/octet-stream answer functions of one value');
  // A text/csv body inserts rows (POST); other raw bodies are for functions.
  const csvIn = call.method === 'POST' && call.body instanceof RawBody && call.body.type === 'csv' ? rowsOfCsv(String(call.body.data)) : null;
  if (call.body instanceof RawBody && !csvIn) throw new RestError(415, 'PGRST107', 'The request body must be JSON (Content-Type: application/json)');
  if (!call.path || call.path.includes('/')) throw new RestError(404, 'PGRST125', `Invalid path specified in request URL: ${call.path.slice(0, 200) || '/'}`);
  const q = parseQuery(call.search);
  const b = new StatementBuilder(catalog, q.embedded, { aggregates: project.settings.aggregatesEnabled });
  if (reading) {
    const page = pageOf(q.main, call.headers.range, project.settings.maxRows);
    // count=planned takes the planner's estimate; estimated counts exactly up to max rows, then estimates.
    const statement = readStatement(b, call.path, { items: q.select, shaping: { ...q.main, ...page }, count: counted && prefs.count !== 'planned', headOnly: call.method === 'HEAD', stripNulls: media.stripNulls, csv: media.csv });
    const estimate = prefs.count === 'planned' || prefs.count === 'estimated' ? { sql: statement.estimate.sql, when: prefs.count === 'planned' ? ('always' as const) : ('over' as const), threshold: project.settings.maxRows } : undefined;
    return { statement: { sql: statement.sql, params: statement.params }, shape: 'rows', offset: page.offset, readOnly: true, counted, csv: media.csv, ...(estimate ? { estimate } : {}) };
  }
  const paged = q.main.limit !== null || q.main.offset > 0;
  if (paged && call.method === 'PUT') throw new RestError(400, 'PGRST114', 'limit/offset querystring parameters are not allowed for PUT');
  if (paged && call.method === 'POST') throw new RestError(400, 'PGRST100', 'limit and offset are not allowed on an insert; they limit an update or a delete');
  // return=headers-only on an insert: the new row's primary key, for its Location.
  const keyColumns = call.method === 'POST' && prefs.return === 'headers-only' && !media.object ? b.relation(call.path).primaryKey : [];
  const representation =
    prefs.return === 'representation' || media.object
      ? { items: q.select, order: q.main.order, stripNulls: media.stripNulls }
      : keyColumns.length
        ? { items: keyColumns.map((name) => ({ kind: 'column' as const, field: { name, path: [] }, alias: null, cast: null })), order: [], stripNulls: false }
        : null;
  const o: WriteOptions = { rows: [], columns: [], representation, filters: q.main.filters, upsert: null, missingDefault: prefs.missing === 'default' };
  // A limited update or delete: the first `limit` rows the filters match, in the order asked.
  if (paged) o.limited = { limit: q.main.limit ?? Number.MAX_SAFE_INTEGER, offset: q.main.offset, order: q.main.order };
  const shapeOf = (): Plan['shape'] => (representation && !keyColumns.length ? 'rows' : 'minimal');
  const location = keyColumns.length ? { location: keyColumns } : {};
  let statement: Statement;
  if (call.method === 'PUT') {
    const rel = b.relation(call.path);
    o.rows = [putRow(rel, q.main.filters, call.body)];
    o.columns = Object.keys(o.rows[0]!);
    o.filters = [];
    o.upsert = { merge: true, onConflict: rel.primaryKey };
    return { statement: insertStatement(b, call.path, o), shape: shapeOf(), offset: 0, readOnly: false, counted, upsert: 'put', gucs: true };
  }
  if (call.method === 'POST') {
    o.rows = csvIn ?? rowsOf(call.body);
    o.columns = q.columns ?? [...new Set(o.rows.flatMap((r) => Object.keys(r)))];
    if (prefs.resolution) {
      const rel = b.relation(call.path);
      o.upsert = { merge: prefs.resolution === 'merge-duplicates', onConflict: q.onConflict ?? rel.primaryKey };
    }
    statement = insertStatement(b, call.path, o);
    if (o.upsert?.merge) return { statement, shape: shapeOf(), offset: 0, readOnly: false, counted, upsert: 'post', gucs: true, ...location };
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
  return { statement, shape: shapeOf(), offset: 0, readOnly: false, counted, gucs: true, ...location };
}

/** The request's headers as JSON for policies (`current_setting('request.headers')`); the console's cookies never reach the project. */
function requestHeaders(headers: RestCall['headers']): string {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (k !== 'cookie' && v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return JSON.stringify(out);
}

function txChoice(project: RestProject, prefs: Preferences): TxChoice {
  const setting = project.settings.txEnd;
  const overridable = setting.endsWith('-allow-override');
  if (prefs.tx && overridable) return { rollback: prefs.tx === 'rollback', applied: true };
  return { rollback: setting.startsWith('rollback'), applied: false };
}

/** The statement that runs the request as the caller's role with its claims (and, for a read, read-only), first in its transaction. */
function contextStatement(caller: ProjectCaller, p: Plan, call: RestCall, searchPath: string, prefs: Preferences): Statement {
  const params = [caller.role, JSON.stringify(caller.claims), call.method, `/${call.path}`, requestHeaders(call.headers), searchPath];
  // Prefer: timezone= (a name the grammar checked) for this transaction only.
  const timezone = prefs.timezone ? `, set_config('timezone', $${params.push(prefs.timezone)}, true)` : '';
  return {
    sql: `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.method', $3, true), set_config('request.path', $4, true), set_config('request.headers', $5, true), set_config('search_path', $6, true)${timezone}${p.readOnly ? `, set_config('transaction_read_only', 'on', true)` : ''}`,
    params,
  };
}

/** The request's search path: the schema it asked for, then the project's extra search path (Settings → API). */
function searchPathOf(schema: string, project: RestProject): string {
  return [...new Set([schema, ...project.settings.extraSearchPath])].map(quoteIdent).join(', ');
}

type StatementRow = { page_count: string | number; total_count: string | number | null; body: string | null; inserted_count?: string | number | null };

function outcomeOf(p: Plan, r: QueryResult<StatementRow>): Outcome {
  // A change without representation answers no row (its count is the rows affected), unless it counts what it inserted.
  const first = p.shape === 'void' ? undefined : r.rows[0];
  const row = first && 'page_count' in first ? first : undefined;
  const pageCount = row ? Number(row.page_count) : (r.affectedRows ?? 0);
  const out: Outcome = { pageCount, totalCount: row?.total_count == null ? null : Number(row.total_count), body: row?.body ?? null };
  if (row?.inserted_count != null) out.inserted = Number(row.inserted_count);
  return out;
}

async function execute(db: ProjectDatabase, caller: ProjectCaller, p: Plan, call: RestCall, media: MediaChoice, searchPath: string, prefs: Preferences, tx: TxChoice): Promise<Outcome> {
  if (!p.statement.sql) return { pageCount: 0, totalCount: null, body: '[]' };
  const startedAt = performance.now();
  const out = await executeStatement(db, caller, p, call, media, searchPath, prefs, tx);
  // The query-performance report's statement log: the statement's time (with its context statement, sent together).
  recordStatementTiming({ ref: db.ref, query: p.statement.sql, durationMs: performance.now() - startedAt, rows: out.pageCount, origin: 'data_api', role: caller.role }, call.server);
  return out;
}

async function executeStatement(db: ProjectDatabase, caller: ProjectCaller, p: Plan, call: RestCall, media: MediaChoice, searchPath: string, prefs: Preferences, tx: TxChoice): Promise<Outcome> {
  const context = contextStatement(caller, p, call, searchPath, prefs);
  // Reads are prepared (their result columns never change); writes, void calls and plans are not.
  const prepare = p.readOnly && p.shape !== 'void' && !media.plan;
  // A read of a table on a server: the context and the statement in one implicit transaction, sent and answered at once.
  if (prepare && db.readInContext && !p.estimate && !p.gucs) return outcomeOf(p, await db.readInContext<StatementRow>([context, p.statement]));
  // A refusal that undoes the change is answered as itself, whatever the database layer makes of
  // an error thrown inside its transaction.
  let refused: RestError | null = null;
  const refuse = (e: RestError) => {
    refused = e;
    return e;
  };
  // A transaction that ends in a rollback (the project's setting, or Prefer: tx=rollback) is undone
  // after its answer is read: the answer stands, the change does not.
  let undone: Outcome | null = null;
  const rollBack = (out: Outcome) => {
    undone = out;
    return new Error('The request asked for its transaction to be rolled back');
  };
  try {
    return await runInTransaction(db, caller, p, call, media, prefs, context, prepare, refuse, tx.rollback ? rollBack : null);
  } catch (err) {
    if (undone) return undone;
    throw refused ?? err;
  }
}

function runInTransaction(
  db: ProjectDatabase,
  caller: ProjectCaller,
  p: Plan,
  call: RestCall,
  media: MediaChoice,
  prefs: Preferences,
  context: Statement,
  prepare: boolean,
  refuse: (e: RestError) => RestError,
  rollBack: ((out: Outcome) => Error) | null,
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    // The caller's role and claims, then the statement: issued together, run in this order. Both
    // as the caller's role: neither is the platform's own statement, so the embedded database
    // keeps the request's search path (the schema asked for and the extra search path) for them.
    const set = tx.query(context.sql, context.params, { prepare: true, role: caller.role });
    if (media.plan) {
      const explained = explainStatement(media.plan, p.statement);
      const [, r] = await Promise.all([set, tx.query<Record<string, unknown>>(explained.sql, explained.params, { role: caller.role })]);
      const out: Outcome = { pageCount: 0, totalCount: null, body: null, plan: planBody(media.plan, r) };
      if (rollBack) throw rollBack(out);
      return out;
    }
    const statement = tx.query<StatementRow>(p.statement.sql, p.statement.params, { prepare, role: caller.role });
    // What a function or trigger set for the answer, read after the statement in its transaction.
    const gucs = p.gucs ? tx.query<{ headers: string | null; status: string | null }>(RESPONSE_GUCS_SQL, [], { prepare: true, role: caller.role }) : null;
    // Each is awaited, and the first to fail in this order is the error: a failed statement aborts the
    // transaction, and the reading of the settings after it fails only for that reason.
    const settled = await Promise.allSettled([set, statement, gucs]);
    for (const s of settled) if (s.status === 'rejected') throw s.reason;
    const [r, g] = [await statement, await gucs];
    const out = outcomeOf(p, r);
    if (g) {
      try {
        out.gucs = parseResponseGucs(g.rows[0]);
      } catch (err) {
        throw err instanceof RestError ? refuse(err) : err;
      }
    }
    if (p.estimate && (p.estimate.when === 'always' || (p.estimate.threshold !== null && (out.totalCount ?? 0) > p.estimate.threshold))) {
      out.totalCount = await plannedRows(tx, p, caller);
    }
    // .single() on a change: anything but exactly one row undoes the change.
    if (media.object && !p.readOnly && out.pageCount !== 1) throw refuse(singularError(out.pageCount));
    // Prefer: handling=strict, max-affected=n: a change of more rows is undone.
    if (maxAffectedApplies(call, p, prefs) && out.pageCount > prefs.maxAffected!) {
      throw refuse(new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${out.pageCount} rows`));
    }
    if (rollBack) throw rollBack(out);
    return out;
  });
}

/** The planner's estimate of the rows a read matches (EXPLAIN's top row count), as the caller. */
async function plannedRows(tx: Pick<ProjectDatabase, 'query'>, p: Plan, caller: ProjectCaller): Promise<number> {
  const r = await tx.query<Record<string, unknown>>(`explain (format json) ${p.estimate!.sql}`, p.statement.params, { role: caller.role });
  const cell = Object.values(r.rows[0] ?? {})[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan?: { 'Plan Rows'?: number } }[];
  return Math.round(Number(plan?.[0]?.Plan?.['Plan Rows'] ?? 0));
}

/** max-affected is honoured with handling=strict, on PATCH, DELETE and function calls that change data. */
export async function handleRestCall(db: ProjectDatabase, caller: ProjectCaller, project: RestProject, cache: CatalogCache, call: RestCall): Promise<RestAnswer> {
  const schema = chooseSchema(call, project);
  const searchPath = searchPathOf(schema, project);
  const prefs = preferences(call.headers.prefer);
  const tx = txChoice(project, prefs);
  // Prefer: tx= where the project does not let apps choose is not honoured (an invalid preference).
  const invalid = prefs.tx && !tx.applied ? [...prefs.invalid, `tx=${prefs.tx}`] : prefs.invalid;
  if (prefs.handling === 'strict' && invalid.length) {
    throw new RestError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${invalid.join(', ')}`);
  }
  const media = parseAccept(call.headers.accept);
  if (media.plan && !project.settings.planEnabled) {
    throw new RestError(406, 'PGRST107', `None of these media types are available: ${String(call.headers.accept ?? '').slice(0, 200)}`, 'Execution plans are off for this project (Settings → API)');
  }
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
    out = await execute(db, caller, p, call, media, searchPath, prefs, tx);
  } catch (err) {
    const code = (err as { code?: unknown })?.code;
    if (typeof code !== 'string' || !STALE_CODES.has(code)) throw err;
    const fresh = await cache.refresh(db, project.ref, schema, catalog);
    if (fresh === catalog) throw err;
    p = plan(call, fresh, project, prefs, media);
    out = await execute(db, caller, p, call, media, searchPath, prefs, tx);
  }
  const answered = answer(call, p, prefs, media, out, tx);
  // A function or trigger's response.status and response.headers come last, over the answer's own.
  if (out.gucs) {
    Object.assign(answered.headers, out.gucs.headers);
    if (out.gucs.status !== null) answered.status = out.gucs.status;
  }
  return answered;
}

