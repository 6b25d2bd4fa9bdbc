import type { DatabaseReport, DatabaseReportQuery } from '@plinth/contracts-logs';
import type { ControlDatabase, ProjectDatabase, ProjectDatabases } from '@plinth/platform-core/deps';
import type { ProjectLogEventRecord } from '@plinth/platform-core/request-log';
import { LONGEST_RETENTION_DAYS } from './partitions';
import { REPORT_WINDOW_MS } from './statement-stats';

// The Database report: the project database's figures read from its own statistics views
// (pg_database_size, pg_stat_database, pg_stat_activity, pg_class, pg_stat_user_tables and
// pg_stat_user_indexes), on the embedded database and on a server alike. A sampler reads the
// counters of every open project database every few minutes into project_database_samples, so
// the report has a history (the size over time, transactions and cache hits between samples).

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
const TOP = 20;
/** The schemas a project's own tables are not in. */
const SYSTEM_SCHEMAS = `('pg_catalog', 'information_schema', 'pg_toast')`;
const num = (v: unknown) => Number(v ?? 0);
const ratio = (hit: number, read: number) => (hit + read > 0 ? hit / (hit + read) : null);

export interface DatabaseCounters {
  sizeBytes: number;
  connections: number;
  maxConnections: number | null;
  commits: number;
  rollbacks: number;
  blksHit: number;
  blksRead: number;
  since: string | null;
}

/** The database's counters now (its statistics flushed first, so the last statements count). */
export async function readCounters(db: ProjectDatabase): Promise<DatabaseCounters> {
  // A backend reports its statistics when idle; ask for them now (Postgres 15+; PGlite has one backend).
  await db.query('select pg_catalog.pg_stat_force_next_flush()').catch(() => undefined);
  const r = await db.query<Record<string, unknown>>(
    `select pg_catalog.pg_database_size(current_database())::float8 as size_bytes,
            (select count(*) from pg_catalog.pg_stat_activity where datname = current_database())::float8 as connections,
            current_setting('max_connections')::float8 as max_connections,
            d.xact_commit::float8 as commits, d.xact_rollback::float8 as rollbacks,
            d.blks_hit::float8 as blks_hit, d.blks_read::float8 as blks_read,
            coalesce(d.stats_reset, pg_catalog.pg_postmaster_start_time()) as since
       from pg_catalog.pg_stat_database d where d.datname = current_database()`,
  );
  const row = r.rows[0] ?? {};
  const since = row.since as string | Date | null | undefined;
  return {
    sizeBytes: num(row.size_bytes),
    // PGlite's single backend may not list itself: at least the connection asking is open.
    connections: Math.max(1, num(row.connections)),
    maxConnections: row.max_connections == null ? null : num(row.max_connections),
    commits: num(row.commits),
    rollbacks: num(row.rollbacks),
    blksHit: num(row.blks_hit),
    blksRead: num(row.blks_read),
    since: since ? new Date(since).toISOString() : null,
  };
}

/** Keeps one sample of a project's counters. */
export async function storeSample(logs: ControlDatabase, ref: string, c: DatabaseCounters, at = Date.now()): Promise<void> {
  await logs.query(
    `insert into project_database_samples (project_ref, at, size_bytes, connections, xact_commit, xact_rollback, blks_hit, blks_read)
     values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict do nothing`,
    [ref, new Date(at).toISOString(), c.sizeBytes, c.connections, c.commits, c.rollbacks, c.blksHit, c.blksRead],
  );
}

/** A Postgres event the sampler saw (connections and checkpoints), for the log store's events writer. */
export type SampledEvent = { record: ProjectLogEventRecord; at: number };

export interface DatabaseSamplerOptions {
  control: ControlDatabase;
  logs: () => ControlDatabase;
  databases: ProjectDatabases;
  intervalMs: number;
  /**
   * Project databases on a Postgres server: connections and checkpoints are recorded as Postgres
   * events. Embedded PGlite reports neither (see below), so none are recorded there.
   */
  server?: boolean;
  /** Where connection and checkpoint events go (the log store's batched events writer). */
  record?: (event: SampledEvent) => void;
  warn?: (m: string, e: unknown) => void;
}

interface ConnectionMark {
  /** The database's clock at the previous sample. */
  at: string;
  open: number;
  sessions: number | null;
}

interface OpenedConnection {
  pid: number;
  at: string;
  user: string | null;
  app: string | null;
}

interface CheckpointCounters {
  timed: number;
  requested: number;
  writeMs: number;
  syncMs: number;
}

/**
 * Samples every open project database on a schedule (a database closed for being idle is not
 * woken), and drops samples older than the longest log retention.
 *
 * On a Postgres server each sample also records Postgres events (postgres_logs, error_severity LOG):
 * - `origin = 'connection'`: each connection to the project's database the platform's roles
 *   opened since the previous sample (its pool, held SQL editor sessions; their backend_start is
 *   visible to the platform), at the time it opened, with its role as user_name. A connection
 *   opened and closed between two samples is not seen one by one; the count below has it.
 * - `origin = 'connections'`: the connections open to the database and how many were opened since
 *   the previous sample (pg_stat_database.sessions, every role's), when either changed.
 *   Both read the project's own database alone, so they are its own.
 * - `origin = 'checkpoint'`: checkpoints are server-wide (one checkpointer for every database of
 *   the server): a checkpoint since the previous sample is recorded in the log of every project
 *   whose database was sampled then, with the count (timed, requested) and write and sync time,
 *   and without the buffers written, which would tell one project how much the others write.
 * Embedded PGlite is one backend inside the platform's process: it has no connections to report
 * (its one session is the platform's) and no checkpointer (pg_stat_checkpointer stays at zero),
 * so neither is recorded there.
 */
export class DatabaseSampler {
  private running: Promise<void> | null = null;
  private readonly marks = new Map<string, ConnectionMark>();
  private checkpoints: CheckpointCounters | null = null;
  private readonly startedAt = new Date().toISOString();

  constructor(private readonly opts: DatabaseSamplerOptions) {}

  /** Takes one sample of every open project database (waits for one under way). */
  tick(): Promise<void> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Samples every intervalMs; answers a stop function. */
  start(): () => void {
    const timer = setInterval(() => void this.tick(), this.opts.intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  private async run(): Promise<void> {
    const { opts } = this;
    try {
      const projects = await opts.control.query<{ ref: string }>(`select ref from projects where status = 'ACTIVE_HEALTHY'`);
      const sampled: { ref: string; db: ProjectDatabase }[] = [];
      for (const { ref } of projects.rows) {
        if (!opts.databases.isOpen(ref)) continue;
        const db = await opts.databases.get(ref).catch(() => null);
        if (!db?.running) continue;
        try {
          await storeSample(opts.logs(), ref, await readCounters(db));
          if (opts.server && opts.record) await this.connections(ref, db);
          sampled.push({ ref, db });
        } catch (err) {
          opts.warn?.(`The database of project ${ref} was not sampled`, err);
        }
      }
      if (opts.server && opts.record && sampled.length) await this.checkpoint(sampled).catch((err: unknown) => opts.warn?.('Checkpoints were not read', err));
      await opts.logs().query('delete from project_database_samples where at < $1', [new Date(Date.now() - LONGEST_RETENTION_DAYS * DAY_MS).toISOString()]);
    } catch (err) {
      opts.warn?.('Database samples were not taken', err);
    }
  }

  private async connections(ref: string, db: ProjectDatabase): Promise<void> {
    const mark = this.marks.get(ref);
    const r = await db.query<{ now: Date | string; open: number; sessions: number | null; opened: OpenedConnection[] | string }>(
      `select pg_catalog.now() as now,
              (select pg_catalog.count(*) from pg_catalog.pg_stat_activity where datname = pg_catalog.current_database())::int as open,
              (select (pg_catalog.to_jsonb(d) operator(pg_catalog.->>) 'sessions')::float8 from pg_catalog.pg_stat_database d where d.datname = pg_catalog.current_database()) as sessions,
              coalesce((select pg_catalog.json_agg(pg_catalog.json_build_object('pid', a.pid, 'at', a.backend_start, 'user', a.usename, 'app', a.application_name) order by a.backend_start)
                  from pg_catalog.pg_stat_activity a
                 where a.datname = pg_catalog.current_database() and a.backend_start is not null and a.backend_start > $1::timestamptz
                   and a.backend_type = 'client backend'), '[]') as opened`,
      [mark?.at ?? this.startedAt],
    );
    const row = r.rows[0];
    if (!row) return;
    const now = new Date(row.now).toISOString();
    const opened: OpenedConnection[] = typeof row.opened === 'string' ? (JSON.parse(row.opened) as OpenedConnection[]) : row.opened;
    const sessions = row.sessions == null ? null : Number(row.sessions);
    for (const c of opened) {
      this.opts.record!({
        at: Date.parse(c.at),
        record: {
          ref, source: 'postgres', level: 'LOG', origin: 'connection', role: c.user,
          message: `connection authorized: user=${c.user ?? ''} application_name=${c.app ?? ''}`, detail: `pid ${c.pid}`,
        },
      });
    }
    const newSessions = mark?.sessions != null && sessions != null ? Math.max(0, sessions - mark.sessions) : null;
    if (!mark || row.open !== mark.open || (newSessions ?? 0) > 0) {
      const since = newSessions == null ? '' : `, ${newSessions} opened since the previous sample`;
      this.opts.record!({
        at: Date.parse(now),
        record: { ref, source: 'postgres', level: 'LOG', origin: 'connections', message: `connections: ${row.open} open${since}`, ...(mark ? { detail: `since ${mark.at}` } : {}) },
      });
    }
    this.marks.set(ref, { at: now, open: row.open, sessions });
  }

  private async checkpoint(sampled: { ref: string; db: ProjectDatabase }[]): Promise<void> {
    const now = await readCheckpoints(sampled[0]!.db);
    const was = this.checkpoints;
    this.checkpoints = now;
    if (!was) return;
    const timed = now.timed - was.timed;
    const requested = now.requested - was.requested;
    // Counters that went back: the server restarted or its statistics were reset; nothing to tell.
    if (timed < 0 || requested < 0 || timed + requested === 0) return;
    const writeMs = Math.max(0, now.writeMs - was.writeMs);
    const syncMs = Math.max(0, now.syncMs - was.syncMs);
    const at = Date.now();
    for (const { ref } of sampled) {
      this.opts.record!({
        at,
        record: {
          ref, source: 'postgres', level: 'LOG', origin: 'checkpoint', durationMs: writeMs + syncMs,
          message: `checkpoint complete (server-wide): ${timed} timed, ${requested} requested since the previous sample; write=${(writeMs / 1000).toFixed(3)} s, sync=${(syncMs / 1000).toFixed(3)} s`,
        },
      });
    }
  }
}

/** The server's checkpoint counters: pg_stat_checkpointer (Postgres 17 and later) or pg_stat_bgwriter. */
async function readCheckpoints(db: ProjectDatabase): Promise<CheckpointCounters> {
  const r = await db
    .query<Record<string, unknown>>('select num_timed as timed, num_requested as requested, write_time as write_ms, sync_time as sync_ms from pg_catalog.pg_stat_checkpointer')
    .catch(() =>
      db.query<Record<string, unknown>>(
        'select checkpoints_timed as timed, checkpoints_req as requested, checkpoint_write_time as write_ms, checkpoint_sync_time as sync_ms from pg_catalog.pg_stat_bgwriter',
      ),
    );
  const row = r.rows[0] ?? {};
  return { timed: num(row.timed), requested: num(row.requested), writeMs: num(row.write_ms), syncMs: num(row.sync_ms) };
}

/** Samples every open project database on a schedule; answers a stop function. */
export function startDatabaseSampler(opts: DatabaseSamplerOptions): () => void {
  return new DatabaseSampler(opts).start();
}

/** The Database report: the figures now (kept as a sample too) and the samples over the window. */
export async function readDatabaseReport(logs: ControlDatabase, db: ProjectDatabase, ref: string, retentionDays: number, query: DatabaseReportQuery, nowMs = Date.now()): Promise<DatabaseReport> {
  const window = query.window ?? '24h';
  const from = Math.max(nowMs - REPORT_WINDOW_MS[window], nowMs - retentionDays * DAY_MS);
  const now = await readCounters(db);
  await storeSample(logs, ref, now, nowMs);
  const [tables, indexes, statio, samples] = await Promise.all([
    db.query<Record<string, unknown>>(
      `select n.nspname as schema, c.relname as name, pg_catalog.pg_total_relation_size(c.oid)::float8 as total_bytes,
              pg_catalog.pg_table_size(c.oid)::float8 as table_bytes, pg_catalog.pg_indexes_size(c.oid)::float8 as index_bytes,
              coalesce(s.n_live_tup, 0)::float8 as live_rows, coalesce(s.n_dead_tup, 0)::float8 as dead_rows,
              coalesce(s.seq_scan, 0)::float8 as seq_scans, coalesce(s.idx_scan, 0)::float8 as index_scans
         from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
         left join pg_catalog.pg_stat_user_tables s on s.relid = c.oid
        where c.relkind in ('r', 'p', 'm') and n.nspname not in ${SYSTEM_SCHEMAS} and n.nspname not like 'pg_temp%'
        order by 3 desc, 1, 2 limit ${TOP}`,
    ),
    db.query<Record<string, unknown>>(
      `select s.schemaname as schema, s.relname as "table", s.indexrelname as name,
              pg_catalog.pg_relation_size(s.indexrelid)::float8 as size_bytes, s.idx_scan::float8 as scans
         from pg_catalog.pg_stat_user_indexes s order by 4 desc, 1, 3 limit ${TOP}`,
    ),
    db.query<Record<string, unknown>>(
      `select coalesce(sum(heap_blks_hit), 0)::float8 as heap_hit, coalesce(sum(heap_blks_read), 0)::float8 as heap_read,
              coalesce(sum(idx_blks_hit), 0)::float8 as idx_hit, coalesce(sum(idx_blks_read), 0)::float8 as idx_read
         from pg_catalog.pg_statio_user_tables`,
    ),
    logs.query<Record<string, unknown>>(
      `select at, size_bytes::float8 as size_bytes, connections::float8 as connections,
              (xact_commit - lag(xact_commit) over w)::float8 as commits, (xact_rollback - lag(xact_rollback) over w)::float8 as rollbacks,
              (blks_hit - lag(blks_hit) over w)::float8 as hit, (blks_read - lag(blks_read) over w)::float8 as read
         from project_database_samples where project_ref = $1 and at >= $2 and at <= $3
       window w as (order by at) order by at`,
      [ref, new Date(from - 15 * 60_000).toISOString(), new Date(nowMs).toISOString()],
    ),
  ]);
  const io = statio.rows[0] ?? {};
  const overTime: DatabaseReport['over_time'] = [];
  for (const s of samples.rows) {
    const at = new Date(s.at as string | Date).getTime();
    // A counter that went back: the database restarted (or its statistics were reset) between samples.
    const restarted = [s.commits, s.rollbacks, s.hit, s.read].some((v) => v != null && Number(v) < 0);
    const delta = (v: unknown) => (v == null || restarted ? null : Number(v));
    const hit = delta(s.hit);
    const read = delta(s.read);
    if (at < from) continue;
    overTime.push({
      at: new Date(at).toISOString(),
      size_bytes: num(s.size_bytes),
      connections: num(s.connections),
      commits: delta(s.commits),
      rollbacks: delta(s.rollbacks),
      cache_hit_ratio: hit == null || read == null ? null : ratio(hit, read),
    });
  }
  return {
    window,
    from: new Date(from).toISOString(),
    to: new Date(nowMs).toISOString(),
    measured_at: new Date(nowMs).toISOString(),
    size_bytes: now.sizeBytes,
    connections: { open: now.connections, max: now.maxConnections },
    transactions: { commits: now.commits, rollbacks: now.rollbacks, since: now.since },
    cache_hit_ratio: ratio(now.blksHit, now.blksRead),
    index_hit_ratio: ratio(num(io.idx_hit), num(io.idx_read)),
    over_time: overTime,
    largest_tables: tables.rows.map((t) => ({
      schema: String(t.schema),
      name: String(t.name),
      total_bytes: num(t.total_bytes),
      table_bytes: num(t.table_bytes),
      index_bytes: num(t.index_bytes),
      live_rows: num(t.live_rows),
      dead_rows: num(t.dead_rows),
      seq_scans: num(t.seq_scans),
      index_scans: num(t.index_scans),
    })),
    indexes: indexes.rows.map((i) => ({ schema: String(i.schema), table: String(i.table), name: String(i.name), size_bytes: num(i.size_bytes), scans: num(i.scans) })),
  };
}
