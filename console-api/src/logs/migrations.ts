import type { ControlDatabase } from '@plinth/platform-core/deps';
import type { ControlMigration } from '@plinth/platform-core/migrations';

/**
 * Versioned migrations of the log store, numbered like the control database's and recorded in a
 * table of their own (`log_store_migrations`), since the store may live in its own database
 * (LOGS_DATABASE_URL) or beside the control tables. Each runs once, in order, in a transaction.
 * The daily partitions of `project_api_logs` are made by `partitions.ts`, not here. The log
 * tables are not in the control database's list (core/migrations.ts) because they may live elsewhere.
 */
export type LogStoreMigration = ControlMigration;

export const LOG_STORE_MIGRATIONS: LogStoreMigration[] = [
  {
    version: '0001_project_api_logs',
    statements: [
      // One row per answered call of a project's app endpoints; one partition per UTC day.
      `create table project_api_logs (
        id bigserial not null,
        at timestamptz not null,
        project_ref text not null,
        service text not null,
        method text not null,
        path text not null,
        search text not null default '',
        status int not null,
        latency_ms real not null,
        role text,
        user_id text,
        bytes_out bigint not null default 0,
        event text,
        storage_operation text,
        bucket_id text,
        object_name text,
        error_code text,
        error_message text
      ) partition by range (at)`,
      'create index project_api_logs_by_project on project_api_logs (project_ref, at desc, id desc)',
    ],
  },
  {
    version: '0002_project_usage_counts',
    statements: [
      // Calls and bytes answered per project, UTC day and service.
      `create table project_usage_daily (
        project_ref text not null,
        day date not null,
        service text not null,
        requests bigint not null default 0,
        egress_bytes bigint not null default 0,
        primary key (project_ref, day, service)
      )`,
      // Users who signed in or called with their token, per project and month (its first day).
      `create table project_active_users (
        project_ref text not null,
        month date not null,
        user_id text not null,
        primary key (project_ref, month, user_id)
      )`,
    ],
  },
  {
    version: '0003_project_log_events',
    statements: [
      // Events that are not one answered call (001 §9's Postgres, Auth e-mails and MFA, and the
      // sources the platform gains: functions, realtime, pooler), one partition per UTC day like
      // project_api_logs. Calls stay in project_api_logs (the edge, auth, storage and data API
      // sources are views of it, so a call is written once); an event table of typed columns
      // rather than one table per source keeps the writer to two batched inserts, and each
      // source's columns are what its view exposes (query-schema.ts).
      `create table project_log_events (
        id bigserial not null,
        at timestamptz not null,
        project_ref text not null,
        source text not null,
        level text not null default 'INFO',
        action text,
        event_message text not null,
        user_id text,
        role text,
        status int,
        duration_ms real,
        sql_state text,
        query text,
        origin text,
        detail text
      ) partition by range (at)`,
      'create index project_log_events_by_project on project_log_events (project_ref, source, at desc)',
    ],
  },
  {
    version: '0004_log_queries',
    statements: [
      // Log queries a project's team saved (shared by every member who reads the project's logs).
      `create table saved_log_queries (
        id bigserial primary key,
        project_ref text not null,
        name text not null,
        description text not null default '',
        sql text not null,
        created_by text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`,
      'create index saved_log_queries_by_project on saved_log_queries (project_ref, id)',
      // Each user's latest log queries per project (kept automatically, capped when written).
      `create table recent_log_queries (
        id bigserial primary key,
        project_ref text not null,
        user_id text not null,
        sql text not null,
        range_start timestamptz not null,
        range_end timestamptz not null,
        ran_at timestamptz not null default now(),
        rows int,
        error text
      )`,
      'create index recent_log_queries_by_user on recent_log_queries (project_ref, user_id, id desc)',
    ],
  },
  {
    version: '0005_project_api_logs_bytes_in',
    // Bytes each call sent (an upload's), beside those it answered.
    statements: ['alter table project_api_logs add column bytes_in bigint not null default 0'],
  },
  {
    version: '0006_statement_log_and_database_samples',
    statements: [
      // The platform's statement log (source 'statement' of project_log_events): the rows each
      // timed statement answered or changed, for the query-performance report.
      'alter table project_log_events add column rows bigint',
      // The database report's history: the project database's statistics read every few minutes
      // while it is open (database-report.ts), counters as the database reports them.
      `create table project_database_samples (
        project_ref text not null,
        at timestamptz not null,
        size_bytes bigint not null,
        connections int not null,
        xact_commit bigint,
        xact_rollback bigint,
        blks_hit bigint,
        blks_read bigint,
        primary key (project_ref, at)
      )`,
    ],
  },
  {
    version: '0007_project_api_logs_hourly',
    statements: [
      // Calls per project, hour, service and status, added up by the writer with each batch of calls
      // (store.ts), in the same transaction: counts over days (calls by status over a week, the
      // 5xx rate per hour) read a few thousand rows instead of millions. Read through each
      // project's edge_logs_hourly view; hours past the longest retention are deleted.
      `create table project_api_logs_hourly (
        project_ref text not null,
        hour timestamptz not null,
        service text not null,
        status int not null,
        requests bigint not null,
        errors bigint not null,
        latency_ms_sum double precision not null,
        bytes_out bigint not null,
        primary key (project_ref, hour, service, status)
      )`,
    ],
  },
];

/** Brings the log store's schema up to date. */
export async function migrateLogStore(db: ControlDatabase): Promise<void> {
  await db.query('create table if not exists log_store_migrations (version text primary key, applied_at timestamptz not null default now())');
  const done = new Set((await db.query<{ version: string }>('select version from log_store_migrations')).rows.map((r) => r.version));
  for (const m of LOG_STORE_MIGRATIONS) {
    if (done.has(m.version)) continue;
    await db.transaction(async (tx) => {
      for (const statement of m.statements) await tx.query(statement);
      await tx.query('insert into log_store_migrations (version) values ($1)', [m.version]);
    });
  }
}
