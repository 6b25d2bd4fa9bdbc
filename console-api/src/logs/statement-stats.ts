import type { QueryPerformanceQuery, QueryPerformanceReport, QueryPerformanceStatement, ReportWindow } from '@plinth/contracts-logs';
import type { ControlDatabase, ProjectDatabase } from '@plinth/platform-core/deps';
import { projectRoleName } from '@plinth/platform-core/project-db/owner-role';
import type { StatementTimingRecord } from '@plinth/platform-core/project-db/statement-log';
import { maskTokens, type LogEvent } from './entries';

// The platform's own statement log (the query-performance report's source where the database
// keeps no statistics: PGlite has no pg_stat_statements, nor has every server): each statement the
// data API or the SQL editor ran is a row of project_log_events with source 'statement', its
// constants replaced by $n so that runs of one statement group together, like pg_stat_statements
// does. The Postgres logs view reads source 'postgres' only, so these rows stay out of it.

export const STATEMENT_SOURCE = 'statement';
const HOUR_MS = 3600_000;
export const REPORT_WINDOW_MS: Record<ReportWindow, number> = { '1h': HOUR_MS, '24h': 24 * HOUR_MS, '7d': 7 * 24 * HOUR_MS };

/**
 * The statement with its constants as $n (numbered after the parameters it has), comments
 * dropped and runs of white space made one: `select * from t where id = 5` and `... id = 7` are
 * one statement. Quoted identifiers and dollar-quoted bodies are kept as they are.
 */
export function normalizeStatement(sql: string): string {
  let next = 0;
  for (const m of sql.matchAll(/\$(\d+)/g)) next = Math.max(next, Number(m[1]));
  const param = () => `$${++next}`;
  let out = '';
  let i = 0;
  const n = sql.length;
  const word = (c: string | undefined) => c !== undefined && /[\w$]/.test(c);
  while (i < n) {
    const c = sql[i]!;
    if (c === '-' && sql[i + 1] === '-') {
      while (i < n && sql[i] !== '\n') i++;
      out += ' ';
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
      out += ' ';
    } else if (c === '"') {
      const end = sql.indexOf('"', i + 1);
      const stop = end < 0 ? n : end + 1;
      out += sql.slice(i, stop);
      i = stop;
    } else if (c === '$' && /^\$(\w*)\$/.test(sql.slice(i)) && !/^\$\d/.test(sql.slice(i))) {
      const tag = /^\$(\w*)\$/.exec(sql.slice(i))![0];
      const end = sql.indexOf(tag, i + tag.length);
      const stop = end < 0 ? n : end + tag.length;
      out += sql.slice(i, stop);
      i = stop;
    } else if (c === "'" || ((c === 'E' || c === 'e') && sql[i + 1] === "'" && !word(sql[i - 1]))) {
      let j = c === "'" ? i + 1 : i + 2;
      while (j < n) {
        if (sql[j] === "'" && sql[j + 1] === "'") j += 2;
        else if (sql[j] === '\\' && c !== "'") j += 2;
        else if (sql[j] === "'") break;
        else j++;
      }
      out += param();
      i = j + 1;
    } else if (/\d/.test(c) && !word(sql[i - 1])) {
      let j = i;
      while (j < n && /[\d.]/.test(sql[j]!)) j++;
      if (/[eE]/.test(sql[j] ?? '') && /[-+\d]/.test(sql[j + 1] ?? '')) {
        j += 2;
        while (j < n && /\d/.test(sql[j]!)) j++;
      }
      out += param();
      i = j;
    } else {
      out += c;
      i++;
    }
  }
  return out.replace(/\s+/g, ' ').trim().replace(/;$/, '').trim();
}

/** A timed statement as a row of project_log_events (secrets masked like any event). */
export function toStatementEvent(r: StatementTimingRecord, at = Date.now()): LogEvent {
  const query = maskTokens(normalizeStatement(r.query)).slice(0, 4000);
  return {
    at,
    ref: r.ref,
    source: STATEMENT_SOURCE,
    level: 'LOG',
    action: null,
    message: `duration: ${r.durationMs.toFixed(3)} ms`,
    userId: null,
    role: r.role,
    status: null,
    durationMs: Number.isFinite(r.durationMs) ? r.durationMs : 0,
    sqlState: null,
    query,
    origin: r.origin,
    detail: null,
    rows: r.rows,
  };
}

const ORDER: Record<NonNullable<QueryPerformanceQuery['sort']>, string> = { total: 'total_ms desc', mean: 'mean_ms desc', calls: 'calls desc' };
const num = (v: unknown) => Number(v ?? 0);
const nullableNum = (v: unknown) => (v == null ? null : Number(v));
const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

type StatementRow = {
  query: string;
  calls: unknown;
  total_ms: unknown;
  mean_ms: unknown;
  min_ms: unknown;
  max_ms: unknown;
  p50: unknown;
  p95: unknown;
  p99: unknown;
  rows: unknown;
  roles: unknown;
  origins: unknown;
};
const toStatement = (r: StatementRow): QueryPerformanceStatement => ({
  query: r.query,
  calls: num(r.calls),
  total_ms: num(r.total_ms),
  mean_ms: num(r.mean_ms),
  min_ms: num(r.min_ms),
  max_ms: num(r.max_ms),
  p50_ms: nullableNum(r.p50),
  p95_ms: nullableNum(r.p95),
  p99_ms: nullableNum(r.p99),
  rows: num(r.rows),
  roles: list(r.roles),
  origins: list(r.origins),
});

/** The query-performance report from the platform's statement log over the window (never past the plan's retention). */
export async function readStatementLog(db: ControlDatabase, ref: string, retentionDays: number, query: QueryPerformanceQuery, nowMs = Date.now()): Promise<QueryPerformanceReport> {
  const window = query.window ?? '24h';
  const sort = query.sort ?? 'total';
  const from = Math.max(nowMs - REPORT_WINDOW_MS[window], nowMs - retentionDays * 24 * HOUR_MS);
  const params: unknown[] = [ref, STATEMENT_SOURCE, new Date(from).toISOString(), new Date(nowMs).toISOString()];
  let where = 'project_ref = $1 and source = $2 and at >= $3 and at <= $4';
  if (query.search) {
    params.push(query.search.toLowerCase());
    where += ` and strpos(lower(query), $${params.length}) > 0`;
  }
  const [rows, totals] = await Promise.all([
    db.query<StatementRow>(
      `select query, count(*)::float8 as calls, sum(duration_ms::float8) as total_ms, avg(duration_ms::float8) as mean_ms,
              min(duration_ms)::float8 as min_ms, max(duration_ms)::float8 as max_ms,
              percentile_cont(0.5) within group (order by duration_ms)::float8 as p50,
              percentile_cont(0.95) within group (order by duration_ms)::float8 as p95,
              percentile_cont(0.99) within group (order by duration_ms)::float8 as p99,
              coalesce(sum(rows), 0)::float8 as rows,
              array_agg(distinct role) filter (where role is not null) as roles,
              array_agg(distinct origin) filter (where origin is not null) as origins
         from project_log_events where ${where} group by query order by ${ORDER[sort]}, query limit ${Math.trunc(query.limit ?? 100)}`,
      params,
    ),
    db.query<{ statements: unknown; calls: unknown; total_ms: unknown }>(
      `select count(distinct query)::float8 as statements, count(*)::float8 as calls, coalesce(sum(duration_ms::float8), 0) as total_ms from project_log_events where ${where}`,
      params,
    ),
  ]);
  const t = totals.rows[0];
  return {
    window,
    sort,
    source: 'platform',
    from: new Date(from).toISOString(),
    to: new Date(nowMs).toISOString(),
    since: null,
    totals: { statements: num(t?.statements), calls: num(t?.calls), total_ms: num(t?.total_ms) },
    statements: rows.rows.map(toStatement),
  };
}

/**
 * The report from pg_stat_statements of the project's database on a Postgres server that has
 * the extension (null when it has not, or it cannot be read: the platform's log answers then).
 * Its figures count every statement since the statistics were reset; the window does not apply.
 */
export async function readPgStatStatements(db: ProjectDatabase, query: QueryPerformanceQuery, nowMs = Date.now()): Promise<QueryPerformanceReport | null> {
  const window = query.window ?? '24h';
  const sort = query.sort ?? 'total';
  try {
    const has = await db.query<{ schema: string | null }>(
      `select n.nspname as schema from pg_catalog.pg_extension e join pg_catalog.pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_stat_statements'`,
    );
    const schema = has.rows[0]?.schema;
    if (!schema) return null;
    // Without pg_read_all_stats (or superuser) other roles' statements read '<insufficient privilege>': the platform's log answers better.
    const may = await db.query<{ ok: boolean }>(
      `select coalesce((select rolsuper from pg_catalog.pg_roles where rolname = current_user), false) or pg_catalog.pg_has_role(current_user, 'pg_read_all_stats', 'MEMBER') as ok`,
    );
    if (!may.rows[0]?.ok) return null;
    const ident = `"${schema.replaceAll('"', '""')}"`;
    const params: unknown[] = [];
    let where = `s.dbid = (select oid from pg_catalog.pg_database where datname = current_database()) and s.query <> '<insufficient privilege>'`;
    if (query.search) {
      params.push(query.search.toLowerCase());
      where += ` and strpos(lower(s.query), $${params.length}) > 0`;
    }
    const grouped = `select s.query, sum(s.calls)::float8 as calls, sum(s.total_exec_time)::float8 as total_ms,
              (sum(s.total_exec_time) / nullif(sum(s.calls), 0))::float8 as mean_ms,
              min(s.min_exec_time)::float8 as min_ms, max(s.max_exec_time)::float8 as max_ms,
              null::float8 as p50, null::float8 as p95, null::float8 as p99, sum(s.rows)::float8 as rows,
              array_agg(distinct r.rolname::text) filter (where r.rolname is not null) as roles, '{}'::text[] as origins
         from ${ident}.pg_stat_statements s left join pg_catalog.pg_roles r on r.oid = s.userid where ${where} group by s.query`;
    const [rows, totals, info] = await Promise.all([
      db.query<StatementRow>(`${grouped} order by ${ORDER[sort]}, 1 limit ${Math.trunc(query.limit ?? 100)}`, params),
      db.query<{ statements: unknown; calls: unknown; total_ms: unknown }>(
        `select count(*)::float8 as statements, coalesce(sum(calls), 0)::float8 as calls, coalesce(sum(total_ms), 0)::float8 as total_ms from (${grouped}) g`,
        params,
      ),
      db.query<{ since: string | Date | null }>(`select stats_reset as since from ${ident}.pg_stat_statements_info`).catch(() => ({ rows: [] as { since: string | Date | null }[] })),
    ]);
    const t = totals.rows[0];
    const since = info.rows[0]?.since;
    return {
      window,
      sort,
      source: 'pg_stat_statements',
      from: since ? new Date(since).toISOString() : new Date(nowMs).toISOString(),
      to: new Date(nowMs).toISOString(),
      since: since ? new Date(since).toISOString() : null,
      totals: { statements: num(t?.statements), calls: num(t?.calls), total_ms: num(t?.total_ms) },
      // The project's own role is the one its members know as postgres (the SQL editor's, as the platform's log names it).
      statements: rows.rows.map(toStatement).map((st) => ({ ...st, roles: [...new Set(st.roles.map((r) => (r === projectRoleName(db.ref) ? 'postgres' : r)))] })),
    };
  } catch {
    // Created but not loaded (shared_preload_libraries), or not readable by the platform's role.
    return null;
  }
}

/**
 * Rows of a SQL editor run answered statement by statement (its JSON text, resultShape
 * 'statements'): the last statement's rows (all of them, not the page sent) or the rows it changed.
 */
export function rowsOfEditorAnswer(json: string): number | null {
  try {
    const last = (JSON.parse(json) as { results?: { rows?: unknown[]; totalRows?: number; affectedRows?: number | null }[] }).results?.at(-1);
    if (!last) return null;
    const rows = last.totalRows ?? last.rows?.length ?? 0;
    return rows > 0 ? rows : (last.affectedRows ?? 0);
  } catch {
    return null;
  }
}
