import type { ProjectLogEntry, ProjectLogPage, ProjectLogQuery } from '@plinth/contracts-logs';
import { HttpError, type ControlDatabase } from '@plinth/platform-core/deps';

// Reads a project's request log, newest first, a page at a time. Nothing older than the plan's
// retention is ever answered, even while its partition still lives (partitions are dropped only
// past the longest retention of any plan).

const DAY_MS = 24 * 3600 * 1000;

interface LogRow {
  id: string;
  at: Date | string;
  service: string;
  method: string;
  path: string;
  search: string;
  status: number;
  latency_ms: number;
  role: string | null;
  user_id: string | null;
  bytes_out: number;
  event: string | null;
  storage_operation: string | null;
  bucket_id: string | null;
  object_name: string | null;
  error_code: string | null;
  error_message: string | null;
}

/** Times the query may name: from 1970 to the year 9999 (Postgres refuses some ISO years, e.g. 0000). */
const EARLIEST_MS = 0;
const LATEST_MS = Date.parse('9999-12-31T23:59:59Z');
function timeParam(value: string, field: string): number {
  const ms = Date.parse(value);
  if (!Number.isFinite(ms) || ms > LATEST_MS) throw new HttpError(400, `${field} must be a time between 1970 and 9999`, 'INVALID_TIME', field);
  return Math.max(EARLIEST_MS, ms);
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const msOf = (at: Date | string) => (at instanceof Date ? at.getTime() : Date.parse(at));

function statusFilter(status: string, at: number): [string, unknown[]] {
  if (status === 'error') return ['status >= 400', []];
  const cls = /^([1-5])xx$/.exec(status);
  if (cls) return [`status >= $${at} and status < $${at + 1}`, [Number(cls[1]) * 100, Number(cls[1]) * 100 + 100]];
  return [`status = $${at}`, [Number(status)]];
}

export async function readProjectLogs(db: ControlDatabase, ref: string, retentionDays: number, q: ProjectLogQuery, nowMs = Date.now()): Promise<ProjectLogPage> {
  const limit = Math.min(1000, Math.max(1, Math.trunc(Number(q.limit) || 100)));
  const oldest = nowMs - retentionDays * DAY_MS;
  const from = Math.max(oldest, q.iso_timestamp_start ? timeParam(q.iso_timestamp_start, 'iso_timestamp_start') : -Infinity);
  const where = ['project_ref = $1', 'at >= $2'];
  const params: unknown[] = [ref, new Date(from).toISOString()];
  const add = (clause: string, ...values: unknown[]) => {
    where.push(clause);
    params.push(...values);
  };
  if (q.iso_timestamp_end) add(`at < $${params.length + 1}`, new Date(timeParam(q.iso_timestamp_end, 'iso_timestamp_end')).toISOString());
  if (q.service) add(`service = $${params.length + 1}`, q.service);
  if (q.status) {
    const [clause, values] = statusFilter(q.status, params.length + 1);
    add(clause, ...values);
  }
  if (q.search) {
    const n = params.length + 1;
    add(
      `(path ilike $${n} or search ilike $${n} or coalesce(user_id, '') ilike $${n} or coalesce(event, '') ilike $${n} or coalesce(object_name, '') ilike $${n} or coalesce(error_message, '') ilike $${n} or coalesce(error_code, '') ilike $${n})`,
      `%${likeEscape(q.search)}%`,
    );
  }
  if (q.before) {
    const [ms, id] = q.before.split('.');
    if (!/^\d+$/.test(ms ?? '') || !/^\d+$/.test(id ?? '') || Number(ms) > LATEST_MS) throw new HttpError(400, 'before must be a cursor answered by the previous page', 'INVALID_CURSOR', 'before');
    add(`(at, id) < ($${params.length + 1}::timestamptz, $${params.length + 2}::bigint)`, new Date(Number(ms)).toISOString(), id);
  }
  const r = await db.query<LogRow>(
    `select id::text as id, at, service, method, path, search, status, latency_ms::float8 as latency_ms, role, user_id, bytes_out::float8 as bytes_out,
            event, storage_operation, bucket_id, object_name, error_code, error_message
       from project_api_logs where ${where.join(' and ')} order by at desc, id desc limit ${limit + 1}`,
    params,
  );
  const rows = r.rows.slice(0, limit);
  const last = rows[rows.length - 1];
  return {
    entries: rows.map(toEntry),
    next_cursor: r.rows.length > limit && last ? `${msOf(last.at)}.${last.id}` : null,
    retention_days: retentionDays,
  };
}

function toEntry(row: LogRow): ProjectLogEntry {
  return {
    id: row.id,
    timestamp: new Date(msOf(row.at)).toISOString(),
    service: row.service,
    method: row.method,
    path: row.path,
    search: row.search,
    status: row.status,
    latency_ms: Number(row.latency_ms),
    role: row.role,
    user_id: row.user_id,
    bytes_out: Number(row.bytes_out),
    event: row.event,
    storage: row.storage_operation ? { operation: row.storage_operation, bucket_id: row.bucket_id, object_name: row.object_name } : null,
    error: row.error_code ? { code: row.error_code, message: row.error_message } : null,
  };
}
