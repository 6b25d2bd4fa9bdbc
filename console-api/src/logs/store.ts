import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ProjectLogPage, ProjectLogQuery } from '@plinth/contracts-logs';
import type { BackgroundJobs, ControlDatabase } from '@plinth/platform-core/deps';
import { loadServerSecret } from '@plinth/platform-core/csrf';
import {
  projectApiRequestRecorders,
  projectLogEventRecorders,
  type ProjectApiRequestRecord,
  SLOW_STATEMENT_MS,
  type ProjectLogEventRecord,
} from '@plinth/platform-core/request-log';
import { statementTimingRecorders, type StatementTimingRecord } from '@plinth/platform-core/project-db/statement-log';
import { toLogEntry, toLogEvent, type LogEntry, type LogEvent } from './entries';
import { toStatementEvent } from './statement-stats';
import { consoleCallEntry, consoleCallMember, isLoggedConsoleCall } from './console-calls';
import { LogQueryRunner } from './log-query';
import { controlAsLogDatabase, openLogDatabase, type LogDatabase } from './log-database';
import { migrateLogStore } from './migrations';
import { dayOf, LogPartitions, LONGEST_RETENTION_DAYS } from './partitions';
import { readProjectLogs } from './reader';
import { AppUsageCounts } from './usage-counts';
import { LogWriter, type LogWriterOptions } from './writer';

// The log store of the project APIs: every answered call of /auth/v1, /rest/v1 and /storage/v1
// becomes a row of project_api_logs (partitioned by day) and is counted for usage. Requests only
// queue; rows are written in batches (writer.ts); retention drops whole partitions (partitions.ts).

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's log store (set by LogStore.attach before the routes are registered). */
    logStore: LogStore;
  }
}

export interface LogStoreOptions {
  /** Control database: the store's tables live here unless `url` names a database of their own. */
  control: ControlDatabase;
  /** LOGS_DATABASE_URL. */
  url?: string | null;
  /**
   * DATABASE_URL when the control database is on a Postgres server: log queries log in there as
   * a project's reader when the store has no `url` of its own. Null (embedded): they run in the store's session.
   */
  serverUrl?: string | null;
  writer?: LogWriterOptions;
  /** Listen to the project APIs' calls (default); off, the store only answers reads (benches compare). */
  recording?: boolean;
  /** How often expired partitions are dropped and the next days' made. Default hourly. */
  retentionIntervalMs?: number;
  warn?: (message: string, err: unknown) => void;
}

const INSERT = `insert into project_api_logs (at, project_ref, service, method, path, search, status, latency_ms, role, user_id, bytes_out,
    event, storage_operation, bucket_id, object_name, error_code, error_message, bytes_in)
  select * from unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::real[], $9::text[], $10::text[],
    $11::bigint[], $12::text[], $13::text[], $14::text[], $15::text[], $16::text[], $17::text[], $18::bigint[])`;
const INSERT_EVENTS = `insert into project_log_events (at, project_ref, source, level, action, event_message, user_id, role, status, duration_ms, sql_state, query, origin, detail, rows)
  select * from unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[], $10::real[],
    $11::text[], $12::text[], $13::text[], $14::text[], $15::bigint[])`;
// Keys sorted (hourlyCounts), so that two writers adding to the same hours lock them in one order.
const UPSERT_HOURLY = `insert into project_api_logs_hourly (project_ref, hour, service, status, requests, errors, latency_ms_sum, bytes_out)
  select * from unnest($1::text[], $2::timestamptz[], $3::text[], $4::int[], $5::bigint[], $6::bigint[], $7::float8[], $8::bigint[])
  on conflict (project_ref, hour, service, status) do update set requests = project_api_logs_hourly.requests + excluded.requests,
    errors = project_api_logs_hourly.errors + excluded.errors, latency_ms_sum = project_api_logs_hourly.latency_ms_sum + excluded.latency_ms_sum,
    bytes_out = project_api_logs_hourly.bytes_out + excluded.bytes_out`;

interface HourlyCount {
  ref: string;
  hour: string;
  service: string;
  status: number;
  requests: number;
  errors: number;
  latencyMs: number;
  bytesOut: number;
}

/** A batch's calls added up per project, hour, service and status (the rows of project_api_logs_hourly), in key order. */
export function hourlyCounts(rows: LogEntry[]): HourlyCount[] {
  const counts = new Map<string, HourlyCount>();
  for (const r of rows) {
    const hour = new Date(Math.floor(r.at / 3600_000) * 3600_000).toISOString();
    const key = `${r.ref}\u0000${hour}\u0000${r.service}\u0000${r.status}`;
    let c = counts.get(key);
    if (!c) counts.set(key, (c = { ref: r.ref, hour, service: r.service, status: r.status, requests: 0, errors: 0, latencyMs: 0, bytesOut: 0 }));
    c.requests++;
    if (r.status >= 400) c.errors++;
    c.latencyMs += r.latencyMs;
    c.bytesOut += r.bytesOut;
  }
  return [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, c]) => c);
}

/** At most this long is spent writing what is queued when the server closes. */
const CLOSE_FLUSH_MS = 5_000;

export class LogStore {
  readonly partitions: LogPartitions;
  readonly eventPartitions: LogPartitions;
  readonly writer: LogWriter<LogEntry>;
  /** Events that are not calls (project_log_events), batched like the calls. */
  readonly events: LogWriter<LogEvent>;
  /** Runs users' SQL over a project's logs (log-query.ts). */
  readonly queries: LogQueryRunner;
  readonly usage: AppUsageCounts;
  /** The database sampler of the reports (routes.ts): Database report samples, connection and checkpoint events. */
  sampler: { tick(): Promise<void> } | null = null;
  private timers: ReturnType<typeof setInterval>[] = [];
  private readonly warn: (message: string, err: unknown) => void;
  private readonly knownProjects = new Set<string>();
  private readonly recorder = (record: ProjectApiRequestRecord, req?: FastifyRequest) => {
    if (req && req.server.logStore !== this && (req.server as { requestLog?: unknown }).requestLog !== this) return; // another server in this process (tests) records its own
    this.record(record);
  };
  private readonly eventRecorder = (record: ProjectLogEventRecord, server?: unknown) => {
    const s = server as { logStore?: unknown; requestLog?: unknown } | undefined;
    if (s && s.logStore !== this && s.requestLog !== this) return;
    this.recordEvent(record);
  };

  private readonly statementRecorder = (record: StatementTimingRecord, server?: unknown) => {
    const s = server as { logStore?: unknown; requestLog?: unknown } | undefined;
    if (s && s.logStore !== this && s.requestLog !== this) return;
    const event = toStatementEvent(record);
    this.events.push(event);
    // A data API statement over the threshold is a slow statement of the Postgres source (the SQL editor tells its own).
    if (record.origin === 'data_api' && record.durationMs > SLOW_STATEMENT_MS) {
      this.events.push({ ...event, source: 'postgres', message: `duration: ${record.durationMs.toFixed(1)} ms`, rows: null });
    }
  };

  constructor(
    /** Where rows go; a test may swap it for a failing or stalled one. */
    public db: LogDatabase,
    private readonly options: Omit<LogStoreOptions, 'url'>,
  ) {
    const warn = options.warn ?? ((message, err) => console.warn(message, err instanceof Error ? err.message : err));
    this.warn = warn;
    const through: ControlDatabase = { query: (sql, params) => this.db.query(sql, params), transaction: (fn) => this.db.transaction(fn) };
    this.partitions = new LogPartitions(through);
    this.eventPartitions = new LogPartitions(through, 'project_log_events');
    this.usage = new AppUsageCounts(through, warn, (refs) => this.projects(refs));
    this.writer = new LogWriter((rows) => this.write(rows), { warn, ...options.writer });
    this.events = new LogWriter((rows) => this.writeEvents(rows), { warn, ...options.writer });
    this.queries = new LogQueryRunner(db, { serverUrl: options.serverUrl ?? null, secret: () => loadServerSecret(options.control, 'log-readers') });
  }

  /** Queues one event that is not a call (never waits, never throws); `at` when it happened earlier than now. */
  recordEvent(record: ProjectLogEventRecord, at?: number): void {
    this.events.push(toLogEvent(record, at));
  }

  private async writeEvents(batch: LogEvent[]): Promise<void> {
    const known = await this.projects(batch.map((r) => r.ref));
    const rows = batch.filter((r) => known.has(r.ref));
    if (!rows.length) return;
    await this.eventPartitions.ensure(rows.map((r) => dayOf(r.at)));
    const col = <K extends keyof LogEvent>(k: K) => rows.map((r) => r[k]);
    await this.db.query(INSERT_EVENTS, [
      rows.map((r) => new Date(r.at).toISOString()),
      col('ref'), col('source'), col('level'), col('action'), col('message'), col('userId'), col('role'), col('status'), col('durationMs'),
      col('sqlState'), col('query'), col('origin'), col('detail'), rows.map((r) => r.rows ?? null),
    ]);
  }

  /** Queues one answered request (never waits, never throws). */
  record(record: ProjectApiRequestRecord): void {
    const entry = toLogEntry(record);
    this.writer.push(entry);
    this.usage.record(entry);
  }

  /**
   * Which of these refs are projects: calls to a ref no project has (a mistyped URL, a probe) are
   * not kept, so no row can wait for a project created later under that ref. A project once seen stays known.
   */
  private async projects(refs: string[]): Promise<Set<string>> {
    const unknown = [...new Set(refs)].filter((ref) => !this.knownProjects.has(ref));
    if (unknown.length) {
      const r = await this.options.control.query<{ ref: string }>('select ref from projects where ref = any($1::text[])', [unknown]);
      for (const row of r.rows) this.knownProjects.add(row.ref);
    }
    return this.knownProjects;
  }

  private async write(batch: LogEntry[]): Promise<void> {
    const known = await this.projects(batch.map((r) => r.ref));
    const rows = batch.filter((r) => known.has(r.ref));
    if (!rows.length) return;
    await this.partitions.ensure(rows.map((r) => dayOf(r.at)));
    const col = <K extends keyof LogEntry>(k: K) => rows.map((r) => r[k]);
    const hours = hourlyCounts(rows);
    // The calls and their hourly counts together: a batch tried again never counts twice.
    await this.db.transaction(async (tx) => {
      await tx.query(INSERT, [
        rows.map((r) => new Date(r.at).toISOString()),
        col('ref'), col('service'), col('method'), col('path'), col('search'), col('status'), col('latencyMs'), col('role'), col('userId'),
        col('bytesOut'), col('event'), col('storageOperation'), col('bucketId'), col('objectName'), col('errorCode'), col('errorMessage'), col('bytesIn'),
      ]);
      await tx.query(UPSERT_HOURLY, [
        hours.map((h) => h.ref), hours.map((h) => h.hour), hours.map((h) => h.service), hours.map((h) => h.status),
        hours.map((h) => h.requests), hours.map((h) => h.errors), hours.map((h) => h.latencyMs), hours.map((h) => h.bytesOut),
      ]);
    });
  }

  /**
   * Listens to the project APIs of this server (its requests only) and starts the periodic writes
   * (this process's queued rows: each instance writes its own) and declares the retention, a job
   * run once across instances (console-api/src/jobs).
   */
  attach(app: FastifyInstance, jobs: BackgroundJobs): void {
    const store: LogStore = this;
    app.decorate('logStore', store);
    if (this.options.recording !== false) {
      projectApiRequestRecorders.push(this.recorder);
      projectLogEventRecorders.push(this.eventRecorder);
      statementTimingRecorders.push(this.statementRecorder);
      // The console API's own calls about a project (console-calls.ts): logged, not counted as usage;
      // read once the answer is sent, and never throwing into the request.
      app.addHook('onResponse', async (req, reply) => {
        if (!isLoggedConsoleCall(req)) return;
        const entry = consoleCallEntry(req, reply);
        if (!entry) return;
        entry.userId = await consoleCallMember(req, entry.ref);
        this.writer.push(entry);
      });
    }
    this.writer.start();
    this.events.start();
    const every = (ms: number, fn: () => Promise<unknown>) => {
      const t = setInterval(() => void fn().catch(() => undefined), ms);
      t.unref();
      this.timers.push(t);
    };
    every(this.options.writer?.intervalMs ?? 1_000, async () => this.usage.idle && this.usage.flush());
    jobs.define({ name: 'logs.retention', everyMs: this.options.retentionIntervalMs ?? 3600_000, leaseSeconds: 15 * 60, run: () => this.applyRetention() });
  }

  /** Makes the next days' partitions, drops those past the longest retention (answers their days) and deleted projects' log readers. */
  async applyRetention(nowMs = Date.now()): Promise<string[]> {
    await this.partitions.ensureAhead(nowMs);
    await this.eventPartitions.ensureAhead(nowMs);
    const dropped = await this.partitions.dropExpired(nowMs);
    await this.eventPartitions.dropExpired(nowMs);
    // Hourly counts go with the days of calls they count.
    await this.db.query('delete from project_api_logs_hourly where hour < $1', [`${dayOf(nowMs - LONGEST_RETENTION_DAYS * 24 * 3600_000)}T00:00:00Z`]);
    // Deleted projects' log readers and schemas (a failure is told, and tried again next time).
    await this.queries
      .sweep(async (refs) => {
        const r = await this.options.control.query<{ ref: string }>('select ref from projects where ref = any($1::text[])', [refs]);
        return new Set(r.rows.map((row) => row.ref));
      })
      .catch((err: unknown) => this.warn("Deleted projects' log readers were not dropped", err));
    return dropped;
  }

  /** Writes every queued row and count now. */
  async flush(): Promise<void> {
    await this.writer.flush();
    await this.events.flush();
    await this.usage.flush();
  }

  read(ref: string, retentionDays: number, query: ProjectLogQuery, nowMs?: number): Promise<ProjectLogPage> {
    return readProjectLogs(this.db, ref, retentionDays, query, nowMs);
  }

  /** Stops listening, writes what is queued (for a few seconds at most) and closes its own database. */
  async close(): Promise<void> {
    const i = projectApiRequestRecorders.indexOf(this.recorder);
    if (i >= 0) projectApiRequestRecorders.splice(i, 1);
    const j = projectLogEventRecorders.indexOf(this.eventRecorder);
    if (j >= 0) projectLogEventRecorders.splice(j, 1);
    const k = statementTimingRecorders.indexOf(this.statementRecorder);
    if (k >= 0) statementTimingRecorders.splice(k, 1);
    for (const t of this.timers) clearInterval(t);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_FLUSH_MS)));
    await Promise.race([Promise.all([this.writer.stop(), this.events.stop(), this.usage.flush()]), deadline]).finally(() => clearTimeout(timer));
    await this.queries.close();
    await this.db.close().catch(() => undefined);
  }
}

/** Opens the log store (its schema migrated, today's and the next days' partitions made, expired ones dropped). */
export async function openLogStore(options: LogStoreOptions): Promise<LogStore> {
  const db = options.url ? openLogDatabase(options.url) : controlAsLogDatabase(options.control);
  await migrateLogStore(db);
  // Log queries log in where the logs are: their own database, or the control database's server.
  const store = new LogStore(db, { ...options, serverUrl: options.url ?? options.serverUrl ?? null });
  await store.applyRetention();
  return store;
}
