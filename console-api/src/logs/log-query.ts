import { hkdfSync } from 'node:crypto';
import pg from 'pg';
import { LOG_QUERY_TIMEOUT_MS, LOG_SCHEMA_CATALOGUE, type LogSqlResult } from '@plinth/contracts-logs';
import { HttpError } from '@plinth/platform-core/deps';
import { parseSql } from '@plinth/platform-core/common/sql-parser';
import type { LogDatabase } from './log-database';
import { LOG_VIEWS_VERSION, logSchemaName, logViewStatements, RANGE_END_SETTING, RANGE_START_SETTING } from './query-views';

// Runs a user's SQL over one project's logs. The database enforces what it may read:
//
// - each project has a reader role, with usage on its own log schema (query-views.ts) and select
//   on its views, and no right on any base table, control table or other project's schema;
// - the query runs as that role, inside `begin read only`, with the search path on its schema,
//   a statement time-out, and as one statement sent with the extended protocol (which refuses
//   `;`-chained commands); rows are fetched up to limit + 1 to say "truncated".
//
// A role change inside the statement (`set_config('role', ...)`) is checked by Postgres against
// the session's user, so the session must not be one that may become anything else:
// - on a Postgres server the query runs on a connection of its own logged in as the reader role
//   (its password derived from a server secret, so that every API process agrees on it); that
//   session's user is the reader and is a member of nothing;
// - embedded (PGlite, one superuser session) the reader is reached with `set local role`, and
//   the platform revokes execute on set_config from public, so the reader cannot call it (the
//   platform, a superuser, is not affected). PGlite cannot interrupt a running statement
//   (statement_timeout does not fire there), so pg_sleep and its variants are revoked as well,
//   and session advisory locks (they would outlive the query in the one session there is).
//
// Roles are cluster-wide on a server: a reader's name carries a tag of the database holding the
// logs (its name and oid), so two platforms on one server never share or clash on one.

/** Added before the user's statement; errors' positions are given back relative to the user's text. */
const WRAP_HEAD = 'select * from (\n';
const WRAP_TAIL = '\n) as log_query limit $1';

export interface LogQueryOptions {
  /** Where the logs live on a Postgres server (connections as a reader are made there); null when embedded. */
  serverUrl: string | null;
  /** A secret of the platform that readers' passwords are derived from (server only). */
  secret: () => Promise<Buffer>;
  timeoutMs?: number;
}

export interface LogQueryRun {
  ref: string;
  sql: string;
  retentionDays: number;
  from: Date;
  to: Date;
  limit: number;
}

type Row = Record<string, unknown>;
interface Answer {
  rows: Row[];
  fields: { name: string; dataTypeID: number }[];
}

const TYPE_NAMES: Record<number, string> = {
  16: 'boolean', 20: 'bigint', 21: 'smallint', 23: 'integer', 25: 'text', 700: 'real', 701: 'double precision', 1043: 'text', 1082: 'date',
  1114: 'timestamp', 1184: 'timestamptz', 1186: 'interval', 1700: 'numeric', 114: 'json', 3802: 'jsonb', 2950: 'uuid', 1009: 'text[]',
};
const NUMERIC_TYPES = new Set([20, 1700]);

function jsonValue(v: unknown, type: number): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  if (v instanceof Uint8Array) return `\\x${Buffer.from(v).toString('hex')}`;
  if (typeof v === 'string' && NUMERIC_TYPES.has(type)) {
    const n = Number(v);
    return Number.isFinite(n) && (type !== 20 || Number.isSafeInteger(n)) ? n : v;
  }
  if (Array.isArray(v)) return v.map((x) => jsonValue(x, 0));
  return v;
}

interface PgLikeError {
  code?: unknown;
  message?: unknown;
  position?: unknown;
}
const isPgError = (e: unknown): e is PgLikeError & { code: string; message: string } =>
  typeof e === 'object' && e !== null && typeof (e as PgLikeError).code === 'string' && /^[0-9A-Z]{5}$/.test((e as PgLikeError).code as string);

export class LogQueryRunner {
  private readonly pools = new Map<string, pg.Pool>();
  /** Schemas being made now, by ref. */
  private readonly making = new Map<string, Promise<void>>();
  /** Readers whose password (server) this process has set, or that it has made (embedded). */
  private readonly loggedIn = new Set<string>();
  private tag: Promise<string> | null = null;
  private hardened: Promise<void> | null = null;
  /** How long a query may run (tests shorten it). */
  timeoutMs: number;

  constructor(
    private readonly db: LogDatabase,
    private readonly options: LogQueryOptions,
  ) {
    this.timeoutMs = options.timeoutMs ?? LOG_QUERY_TIMEOUT_MS;
  }

  /** The name of a project's reader role in this database. */
  async roleName(ref: string): Promise<string> {
    this.tag ??= this.db
      .query<{ tag: string }>(`select substr(md5(current_database() || ':' || (select oid from pg_database where datname = current_database())::text), 1, 10) as tag`)
      .then((r) => r.rows[0]!.tag);
    return `plinth_logs_${await this.tag}_${logSchemaName(ref).slice('logs_'.length)}`;
  }

  private async password(role: string): Promise<string> {
    // Derived by HKDF from the platform's secret, one per role name.
    return Buffer.from(hkdfSync('sha256', await this.options.secret(), '', `plinth log reader password:${role}`, 32)).toString('base64url');
  }

  /** Embedded: the functions a reader must not call are closed to public (the platform is a superuser there). */
  private harden(): Promise<void> {
    this.hardened ??= (async () => {
      // Session advisory locks would outlive the query in the one session there is.
      const locks = ['pg_advisory_lock', 'pg_advisory_lock_shared', 'pg_try_advisory_lock', 'pg_try_advisory_lock_shared'].flatMap((f) => [`${f}(bigint)`, `${f}(integer, integer)`]);
      for (const fn of ['set_config(text, text, boolean)', 'pg_sleep(double precision)', 'pg_sleep_for(interval)', 'pg_sleep_until(timestamp with time zone)', ...locks]) {
        await this.db.query(`revoke execute on function pg_catalog.${fn} from public`);
      }
    })().catch((err) => {
      this.hardened = null;
      throw err;
    });
    return this.hardened;
  }

  /** Makes (or remakes, when the views or the retention changed) the project's reader role and log schema. */
  async prepare(ref: string, retentionDays: number): Promise<string> {
    const role = await this.roleName(ref);
    const key = `v${LOG_VIEWS_VERSION}:${retentionDays}`;
    // Checked on every query (one catalogue read): another process, or an earlier plan, may have
    // made the schema for another retention.
    const state = await this.db.query<{ key: string | null; role: boolean }>(
      `select (select obj_description(n.oid, 'pg_namespace') from pg_namespace n where n.nspname = $1) as key,
        exists (select 1 from pg_roles where rolname = $2) as role`,
      [logSchemaName(ref), role],
    );
    const current = state.rows[0];
    if (current?.key === key && current.role && (this.hardened || this.options.serverUrl) && this.loggedIn.has(role)) return role;
    let making = this.making.get(ref);
    if (!making) {
      making = this.make(ref, role, retentionDays, key).finally(() => this.making.delete(ref));
      this.making.set(ref, making);
    }
    await making;
    this.loggedIn.add(role);
    return role;
  }

  private async make(ref: string, role: string, retentionDays: number, key: string): Promise<void> {
    if (!this.options.serverUrl) await this.harden();
    const schema = logSchemaName(ref);
    const password = this.options.serverUrl ? await this.password(role) : null;
    await this.db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`plinth log reader ${role}`]);
      const exists = (await tx.query('select 1 from pg_roles where rolname = $1', [role])).rows.length > 0;
      // The password is derived text of [A-Za-z0-9_-] only, and the role name is made of the tag and the ref.
      const login = password ? `login password '${password}'` : 'nologin';
      await tx.query(exists ? `alter role ${role} ${login}` : `create role ${role} ${login}`);
      if (password) {
        // A CREATEROLE platform is not a member of the roles it makes; membership is not needed, and never granted.
        await tx.query(`alter role ${role} set default_transaction_read_only = on`);
        // The reader logs in to this database alone (the platform may have closed it to public).
        const grant = await tx.query<{ sql: string }>('select format($$grant connect on database %I to %I$$, current_database(), $1::text) as sql', [role]);
        await tx.query(grant.rows[0]!.sql);
      }
      const current = await tx.query<{ key: string | null }>(
        `select obj_description(n.oid, 'pg_namespace') as key from pg_namespace n where n.nspname = $1`,
        [schema],
      );
      if (current.rows[0]?.key !== key) {
        await tx.query(`drop schema if exists ${schema} cascade`);
        await tx.query(`create schema ${schema}`);
        for (const statement of logViewStatements(ref, retentionDays)) await tx.query(statement);
        await tx.query(`comment on schema ${schema} is '${key}'`);
      }
      await tx.query(`revoke all on schema ${schema} from public`);
      await tx.query(`grant usage on schema ${schema} to ${role}`);
      await tx.query(`grant select on all tables in schema ${schema} to ${role}`);
    });
  }

  /** Runs one SELECT over the project's log sources; a user's mistake is a 400 (or 403 for what the reader may not do). */
  async run(q: LogQueryRun): Promise<Omit<LogSqlResult, 'retention_days'>> {
    await checkOneSelect(q.sql);
    const role = await this.prepare(q.ref, q.retentionDays);
    const schema = logSchemaName(q.ref);
    const text = `${WRAP_HEAD}${q.sql.replace(/;\s*$/, '')}${WRAP_TAIL}`;
    const params = [q.limit + 1];
    const range = [q.from.toISOString(), q.to.toISOString()];
    let answer: Answer;
    try {
      answer = this.options.serverUrl ? await this.runAsLogin(role, schema, range, text, params) : await this.runEmbedded(role, schema, range, text, params);
    } catch (err) {
      throw this.refusal(err);
    }
    const truncated = answer.rows.length > q.limit;
    const rows = answer.rows.slice(0, q.limit);
    const fields = answer.fields;
    return {
      result: rows.map((row) => Object.fromEntries(fields.map((f) => [f.name, jsonValue(row[f.name], f.dataTypeID)]))),
      columns: fields.map((f) => ({ name: f.name, type: TYPE_NAMES[f.dataTypeID] ?? 'unknown' })),
      truncated,
      limit: q.limit,
      from: range[0]!,
      to: range[1]!,
    };
  }

  private async runEmbedded(role: string, schema: string, range: string[], text: string, params: unknown[]): Promise<Answer> {
    return this.db.transaction(async (tx) => {
      await tx.query('set transaction read only');
      await tx.query(`select set_config('${RANGE_START_SETTING}', $1, true), set_config('${RANGE_END_SETTING}', $2, true)`, range);
      await tx.query(`set local search_path = ${schema}`);
      await tx.query(`set local statement_timeout = ${this.timeoutMs}`);
      await tx.query(`set local role ${role}`);
      const r = await tx.query<Row>(text, params);
      // A read-only transaction has nothing to keep: leave it as it came.
      await tx.query('reset role');
      return { rows: r.rows, fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID ?? 0 })) };
    });
  }

  /**
   * A few connections per reader, kept while queries come (10 s idle): a login costs tens of ms.
   * Only queries of that project's reader share them, and each is returned with its session
   * state discarded (`discard all`: settings, advisory locks, prepared statements).
   */
  private async pool(role: string): Promise<pg.Pool> {
    let pool = this.pools.get(role);
    if (!pool) {
      const url = new URL(this.options.serverUrl!);
      url.username = role;
      url.password = await this.password(role);
      pool = new pg.Pool({ connectionString: url.toString(), max: 2, idleTimeoutMillis: 10_000, connectionTimeoutMillis: 5_000, allowExitOnIdle: true, application_name: 'plinth log query' });
      pool.on('error', () => undefined);
      this.pools.set(role, pool);
    }
    return pool;
  }

  private async runAsLogin(role: string, schema: string, range: string[], text: string, params: unknown[]): Promise<Answer> {
    let client: pg.PoolClient;
    try {
      client = await (await this.pool(role)).connect();
    } catch (err) {
      // The platform could not log in as the reader: its fault, never the query's.
      throw new Error(`A log query could not log in as its project's reader: ${err instanceof Error ? err.message : String(err)}`);
    }
    let broken: unknown = undefined;
    try {
      await client.query('begin read only');
      await client.query(`select set_config('${RANGE_START_SETTING}', $1, true), set_config('${RANGE_END_SETTING}', $2, true)`, range);
      await client.query(`set local search_path = ${schema}`);
      await client.query(`set local statement_timeout = ${this.timeoutMs}`);
      const r = await client.query(text, params);
      return { rows: r.rows as Row[], fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) };
    } finally {
      try {
        await client.query('rollback');
        await client.query('discard all');
      } catch (err) {
        broken = err;
      }
      // A connection that could not be reset is closed, never reused.
      client.release(broken instanceof Error ? broken : broken ? new Error(String(broken)) : undefined);
    }
  }

  /**
   * Drops the reader role and log schema of every project `exists` no longer knows (a deleted
   * project's; its ref is never given again). Answers the refs swept.
   */
  async sweep(exists: (refs: string[]) => Promise<Set<string>>): Promise<string[]> {
    const schemas = await this.db.query<{ name: string }>(`select nspname as name from pg_namespace where nspname ~ '^logs_[a-z]+$'`);
    const refs = schemas.rows.map((r) => r.name.slice('logs_'.length));
    if (!refs.length) return [];
    const live = await exists(refs);
    const gone = refs.filter((ref) => !live.has(ref));
    for (const ref of gone) {
      const role = await this.roleName(ref);
      const pool = this.pools.get(role);
      this.pools.delete(role);
      await pool?.end().catch(() => undefined);
      await this.db.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`plinth log reader ${role}`]);
        await tx.query(`drop schema if exists ${logSchemaName(ref)} cascade`);
        if ((await tx.query('select 1 from pg_roles where rolname = $1', [role])).rows.length) {
          // Its one right outside the schema: connecting to this database (server only).
          const revoke = await tx.query<{ sql: string }>('select format($$revoke connect on database %I from %I$$, current_database(), $1::text) as sql', [role]);
          await tx.query(revoke.rows[0]!.sql);
          await tx.query(`drop role ${role}`);
        }
      });
      this.loggedIn.delete(role);
    }
    return gone;
  }

  /** Closes the readers' connections. */
  async close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((p) => p.end().catch(() => undefined)));
  }

  /** A Postgres refusal of the user's statement as the answer it deserves; anything else is the platform's fault. */
  private refusal(err: unknown): unknown {
    if (!isPgError(err)) return err;
    const position = typeof err.position === 'string' || typeof err.position === 'number' ? Number(err.position) - WRAP_HEAD.length : NaN;
    const at = Number.isFinite(position) && position > 0 ? ` (at character ${position})` : '';
    if (err.code === '57014') {
      return new HttpError(400, `The query was stopped after ${this.timeoutMs / 1000} s, the log query time-out: narrow the time range or filter more`, 'log_query_timeout', 'sql');
    }
    if (err.code === '42501' || err.code === '42883' && /permission/.test(err.message)) {
      return new HttpError(403, `A log query reads only this project's log sources: ${err.message}`, 'log_query_forbidden', 'sql');
    }
    if (err.code === '25006') return new HttpError(403, `Log queries are read-only: ${err.message}`, 'log_query_forbidden', 'sql');
    if (err.code.startsWith('08') || err.code.startsWith('53') || err.code.startsWith('57') || err.code.startsWith('58') || err.code === '28P01') return err;
    return new HttpError(400, `${err.message}${at}`, 'log_query_invalid', 'sql');
  }
}

/**
 * Refuses anything but one SELECT before it reaches the database, with the parser's message: the
 * database would refuse it as well (extended protocol, read-only transaction, the reader's
 * rights); this only names the problem better.
 */
export async function checkOneSelect(sql: string): Promise<void> {
  let parsed;
  try {
    parsed = await parseSql(sql);
  } catch (err) {
    const e = err as { message?: string; cursorPosition?: number; sqlDetails?: { cursorPosition?: number } };
    const pos = e.sqlDetails?.cursorPosition ?? e.cursorPosition;
    throw new HttpError(400, `${e.message ?? 'The query is not valid SQL'}${typeof pos === 'number' ? ` (at character ${pos + 1})` : ''}`, 'log_query_invalid', 'sql');
  }
  if (parsed.stmts.length !== 1) throw new HttpError(400, 'A log query is one SELECT statement: remove the other statements', 'log_query_invalid', 'sql');
  const stmt = parsed.stmts[0]!.stmt;
  const kind = Object.keys(stmt)[0] ?? '';
  if (kind !== 'SelectStmt') {
    throw new HttpError(403, `Log queries are read-only: only SELECT is allowed (this statement is ${kind.replace(/Stmt$/, '').replace('VariableSet', 'SET').toUpperCase() || 'empty'})`, 'log_query_forbidden', 'sql');
  }
  if ((stmt.SelectStmt as { intoClause?: unknown }).intoClause) throw new HttpError(403, 'Log queries are read-only: SELECT INTO creates a table', 'log_query_forbidden', 'sql');
  checkReads(stmt);
}

/** The log sources, named in refusals. */
const SOURCE_TABLES = LOG_SCHEMA_CATALOGUE.map((s) => s.reference).join(', ');
/**
 * Catalogue relations that show what is not this project's: other sessions and databases of the
 * server (pg_stat_activity, pg_stat_database, pg_locks, pg_stat_replication, pg_stat_ssl,
 * pg_prepared_xacts), the statements every role ran (pg_stat_statements), every role, schema, view
 * definition and setting (each project has a reader role and a log schema named after its ref),
 * the server's files, memory and build (pg_file_settings, pg_hba_file_rules,
 * pg_backend_memory_contexts, pg_shmem_allocations, pg_config). Refused in any schema and
 * whatever the letters' case: an extension's views (pg_stat_statements) live in the schema it was
 * installed into, and no log source is named pg_….
 */
const REFUSED_RELATION =
  /^pg_(locks|stat.*|statio.*|roles|authid|auth_members|user.*|shadow|group|database|namespace|settings|file_settings|hba_file_rules|ident_file_mappings|prepared_.*|replication.*|subscription.*|views|tables|class|proc|description|shdescription|seclabels?|shseclabel|policies|policy|rules|rewrite|indexes|db_role_setting|backend_memory_contexts|shmem_allocations|available_.*|config|cursors|sequences?|matviews|largeobject.*|tablespace|attribute|attrdef|constraint|depend|shdepend|trigger|event_trigger|extension|foreign_.*|user_mapping.*|default_acl|init_privs|publication.*)$/i;
/**
 * Functions that reach beyond the log sources: the server's files and large objects, other
 * sessions, databases and the server's statistics, settings, other objects' definitions and
 * existence, and functions that run SQL text of their own (which this check never sees); and the
 * functions behind the refused views (pg_lock_status behind pg_locks, pg_prepared_xact,
 * pg_hba_file_rules, pg_ident_file_mappings, pg_config).
 */
const REFUSED_FUNCTION =
  /^(pg_(lock_status|prepared_xact|hba_file_rules|ident_file_mappings|config|current_xact_id.*|current_snapshot|stat_.*|ls_.*|read_.*|show_.*|get_.*|describe_object|identify_object.*|cancel_backend|terminate_backend|reload_conf|rotate_logfile|file_.*|current_logfile|database_size|tablespace_.*|relation_filepath|relation_filenode|filenode_relation|blocking_pids|safe_snapshot_blocking_pids|notification_queue_usage|listening_channels|export_snapshot|log_backend_memory_contexts|control_.*|walfile_.*|current_wal_.*|last_.*|relation_size|total_relation_size|table_size|indexes_size|notify)|lo_.*|loread|lowrite|dblink.*|(query|table|cursor|schema|database)_to_xml.*|to_reg.*|has_.*_privilege|(obj|shobj|col)_description|txid_.*|inet_(server|client)_.*)$/i;
/** The platform's own settings (current_setting('plinth.…')), never a log query's to read. */
const PLATFORM_SETTING = /^\s*plinth\./i;
/** Types whose casts look objects up by name ('logs_other'::regnamespace says whether that project exists). */
const REFUSED_TYPE = /^reg/;

const namesOf = (list: unknown): string[] =>
  Array.isArray(list) ? list.map((n) => (n as { String?: { sval?: string } }).String?.sval ?? '').filter(Boolean) : [];

/**
 * Refuses, before the database sees it, what the database would let any role read although it is
 * not this project's: the catalogues that list other sessions, databases, roles and schemas
 * (every project has a reader role and a log schema named after its ref), the functions that read
 * files, other sessions or settings or run SQL text of their own, and the platform's settings.
 * The log sources, the project's own WITH queries and ordinary functions are left to the
 * database, which refuses what the reader has no right to (permission denied, does not exist).
 */
function checkReads(tree: unknown): void {
  const refuse = (what: string) => {
    throw new HttpError(403, `A log query reads only this project's log sources (${SOURCE_TABLES}): ${what}`, 'log_query_forbidden', 'sql');
  };
  // Every node of the parse tree, without recursion (an expression may nest thousands deep).
  const stack: unknown[] = [tree];
  while (stack.length) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
      continue;
    }
    if (!node || typeof node !== 'object') continue;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'CommonTableExpr') {
        // A WITH query may not take a catalogue's name: a reference outside its scope would reach the catalogue.
        const name = (value as { ctename?: string }).ctename ?? '';
        if (name.startsWith('pg_')) refuse(`a WITH query may not be named ${name}`);
      } else if (key === 'RangeVar') {
        const v = value as { schemaname?: string; relname?: string };
        if (REFUSED_RELATION.test(v.relname ?? '')) refuse(`${[v.schemaname, v.relname].filter(Boolean).join('.')} shows what is not this project's`);
      } else if (key === 'FuncCall') {
        const call = value as { funcname?: unknown; args?: unknown[] };
        const names = namesOf(call.funcname);
        const fn = names[names.length - 1] ?? '';
        if (REFUSED_FUNCTION.test(fn)) refuse(`the function ${names.join('.')} is not available to log queries`);
        if (fn === 'current_setting' || fn === 'set_config') {
          const first = (call.args?.[0] as { A_Const?: { sval?: { sval?: string } } } | undefined)?.A_Const?.sval?.sval;
          if (first === undefined) refuse(`${fn} takes the name of a setting written out`);
          else if (PLATFORM_SETTING.test(first)) refuse(`the platform's setting ${first} is not available to log queries`);
        }
      } else if (key === 'TypeCast' || key === 'TypeName') {
        const typeName = key === 'TypeCast' ? (value as { typeName?: { names?: unknown } }).typeName : (value as { names?: unknown });
        const names = namesOf(typeName?.names);
        const type = names[names.length - 1] ?? '';
        if (REFUSED_TYPE.test(type)) refuse(`a cast to ${type} looks objects up by name`);
      }
      if (value && typeof value === 'object') stack.push(value);
    }
  }
}
