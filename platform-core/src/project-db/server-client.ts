import pg from 'pg';
import type { ProjectDatabase, ProjectQueryOptions, QueryResult } from '../deps';
import { DatabaseError, quoteIdent, toDatabaseError } from '../database-error';
import { HttpError } from '../deps';
import { DEFAULT_CALL_QUEUE_LIMITS, type CallQueueLimits } from './call-queue';
import { refuseUnsupportedStatements } from './unsupported-statements';
import { readInOneBatch, type BatchStatement } from './read-in-context';
import { HeldSession } from './held-session';
import { checkedTexts, kindOf, preparedName, result, results, type PoolKind } from './server-statements';
import { USER_SESSION_RESET } from './session-reset';
import { ADMIN_CONNECTIONS, PLATFORM_SESSION_OPTIONS } from './owner-role';
import { sessionSettingOptions } from './vault-key';
import { cancelBackend, withOutsideLimit } from './cancel-backend';
import { ServerChannelListener } from './server-listen';

type Runner = Pick<ProjectDatabase, 'query' | 'exec'>;

const watched = new WeakSet<pg.PoolClient>();
/** Connections whose statement the platform cancelled from outside: never reused (cancel-backend.ts). */
const overrun = new WeakSet<pg.PoolClient>();

/** Connections of the app pool per project (calls made as anon, authenticated or service_role): PLINTH_APP_CONNECTIONS, default 8. */
export const DEFAULT_APP_CONNECTIONS = Number(process.env.PLINTH_APP_CONNECTIONS) > 0 ? Math.floor(Number(process.env.PLINTH_APP_CONNECTIONS)) : 8;
/** Connections of the user pool per project (the SQL editor's runs). */
const USER_CONNECTIONS = 2;

export interface ServerProjectDatabaseOptions {
  /** The project's own login role on its database (see owner-role.ts): user and app calls connect as it. */
  projectRoleUrl: string;
  /**
   * The server refused a login of the project's roles (a tenant changed its role's password): the
   * roles are made again with their derived passwords, then the connection is tried once more.
   */
  onLoginRefused?: () => Promise<void>;
  /** Idle connections close after this long. */
  idleMs?: number;
  /** Bounds of the wait for a connection (busyWaitMs is unused: console calls have their own pool). */
  queue?: CallQueueLimits;
  /** Connections of the app pool (default DEFAULT_APP_CONNECTIONS). */
  appConnections?: number;
  /** Settings every session starts with, as startup options (the project's vault key, vault-key.ts). */
  sessionSettings?: [string, string][];
}

/**
 * One project's database on a Postgres server; the server enforces statement_timeout. Every
 * statement a user sends (the SQL editor, calls made as anon, authenticated or service_role) runs
 * on a connection logged in as the project's own role, which is no superuser and may connect to
 * this database alone, so RESET ROLE or SET ROLE never reach further than that role. The
 * console's own calls use the API's user on a pool of their own, so they never wait behind the
 * user's statements. Idle connections close by themselves; `suspend()` ends the pools.
 */
/**
 * What one caller's request may leave on a pooled app connection for the next: session settings.
 * (Temporary tables it cannot leave: the app roles may not create them on a server.)
 */
const RESET_SESSION_SQL = 'reset all';
const RESET_SESSION_STATEMENTS: BatchStatement[] = [{ sql: RESET_SESSION_SQL, params: [] }];

export class ServerProjectDatabase implements ProjectDatabase {
  private pools: Record<PoolKind, pg.Pool> | null = null;
  private inFlight = 0;
  lastUsedAt = Date.now();
  private readonly limits: CallQueueLimits;

  constructor(
    readonly ref: string,
    private readonly connectionString: string,
    private readonly defaultTimeoutMs: number,
    private readonly options: ServerProjectDatabaseOptions,
  ) {
    this.limits = options.queue ?? DEFAULT_CALL_QUEUE_LIMITS;
    this.notices = new ServerChannelListener(connectionString, () => !this.closed && this.pools !== null);
  }

  private closed = false;

  private pool(kind: PoolKind): pg.Pool {
    if (this.closed) throw new DatabaseError('The project database is closed');
    if (!this.pools) {
      const make = (connectionString: string, max: number, pipeline = false, platform = false) => {
        const pool = new pg.Pool({
          connectionString,
          max,
          idleTimeoutMillis: this.options.idleMs ?? 10_000,
          connectionTimeoutMillis: this.limits.maxWaitMs,
          // The platform's own sessions see pg_catalog alone on their path (owner-role.ts).
          options: `-c statement_timeout=${this.defaultTimeoutMs}${platform ? ` ${PLATFORM_SESSION_OPTIONS}` : ''}${sessionSettingOptions(this.options.sessionSettings)}`,
          // The app pool runs the API's own statements only: a statement is sent without waiting for the answer to the one before.
          pipeline,
        });
        pool.on('error', () => undefined);
        return pool;
      };
      this.pools = {
        // One of the platform role's connections is the listener's (listen()).
        console: make(this.connectionString, ADMIN_CONNECTIONS - 1, false, true),
        user: make(this.options.projectRoleUrl, USER_CONNECTIONS),
        app: make(this.options.projectRoleUrl, this.options.appConnections ?? DEFAULT_APP_CONNECTIONS, true),
      };
    }
    this.notices.ensure();
    return this.pools[kind];
  }

  /** LISTEN through a connection of the platform's role (server-listen.ts). */
  private readonly notices: ServerChannelListener;

  async listen(channel: string, onNotify: (payload: string | null) => void): Promise<() => void> {
    return this.notices.listen(channel, onNotify, () => {
      if (!this.closed) this.pool('console');
    });
  }

  private allPools(): pg.Pool[] {
    return this.pools ? Object.values(this.pools) : [];
  }

  /** Connections are open (the listener's too: the idle sweep then suspends the database, which closes it). */
  get running(): boolean {
    return this.notices.open || this.held.size > 0 || this.allPools().some((p) => p.totalCount > 0);
  }

  get busy(): boolean {
    return this.inFlight > 0;
  }

  /** The user's runs in progress on the user pool, by their key (member and run id): what a cancel may reach. */
  private readonly runs = new Map<string, pg.PoolClient>();

  /**
   * Cancels the user's run with this key (its member and run id) in this project alone: the
   * connection it runs on is known here, and the cancel request goes to that backend only.
   */
  async cancel(runKey: string): Promise<boolean> {
    const client = this.runs.get(runKey);
    if (client) {
      await cancelBackend(client);
      return true;
    }
    for (const session of this.held) if (await session.cancel(runKey)) return true;
    return false;
  }

  /** Sessions holding a large result of the SQL editor (held-session.ts). */
  private readonly held = new Set<HeldSession>();
  private heldAllowance: Promise<number> | null = null;

  /**
   * How many sessions may be held: what the project role's connection limit leaves beside the
   * user and app pools, so a held result never takes a connection those pools may need.
   */
  private allowance(): Promise<number> {
    this.heldAllowance ??= (async () => {
      const role = decodeURIComponent(new URL(this.options.projectRoleUrl).username);
      const r = await this.query<{ n: number }>('select rolconnlimit as n from pg_roles where rolname = $1', [role]);
      const limit = Number(r.rows[0]?.n ?? 0);
      return limit < 0 ? Infinity : limit - USER_CONNECTIONS - (this.options.appConnections ?? DEFAULT_APP_CONNECTIONS);
    })();
    this.heldAllowance.catch(() => (this.heldAllowance = null));
    return this.heldAllowance;
  }

  async holdSession(max: number): Promise<HeldSession | null> {
    this.pool('user');
    const allowed = Math.min(max, await this.allowance());
    if (allowed <= 0) return null;
    const spare = [...this.held].find((s) => s.parked && !s.working && !s.closed);
    if (spare) {
      spare.unpark();
      return spare;
    }
    const evicted: HeldSession[] = [];
    while (this.held.size >= allowed) {
      const oldest = [...this.held].filter((s) => !s.working).sort((a, b) => a.usedAt - b.usedAt)[0];
      if (!oldest) break;
      this.held.delete(oldest);
      evicted.push(oldest);
    }
    if (this.held.size >= allowed) return null;
    const session = new HeldSession({
      connectionString: this.options.projectRoleUrl,
      defaultTimeoutMs: this.defaultTimeoutMs,
      sessionSettings: this.options.sessionSettings,
      track: async (work) => {
        this.inFlight++;
        this.lastUsedAt = Date.now();
        try {
          return await work();
        } finally {
          this.inFlight--;
          this.lastUsedAt = Date.now();
        }
      },
      onEnd: (s) => this.held.delete(s),
      release: (s) => this.keepSpare(s),
    });
    this.held.add(session);
    // The slot of an evicted session is free once the server ended it.
    await Promise.all(evicted.map((s) => s.close()));
    await session.connect();
    return session;
  }

  /** A session whose result is read: the project's one spare for its next paged run, or closed. */
  private async keepSpare(session: HeldSession): Promise<void> {
    if (session.closed) return;
    if (this.closed || !this.held.has(session) || [...this.held].some((s) => s !== session && s.parked)) return session.close();
    await session.park(this.options.idleMs ?? 10_000);
  }

  /** Ends every connection: the pools and the held sessions. */
  private async endConnections(): Promise<void> {
    const pools = this.allPools();
    const held = [...this.held];
    this.pools = null;
    this.held.clear();
    await Promise.all([...held.map((s) => s.close()), ...pools.map((p) => p.end()), this.notices.end()]);
  }

  async start(): Promise<void> {
    await this.query('select 1');
  }

  private runner(client: pg.PoolClient, kind: PoolKind): Runner {
    // The statements before the call's own (its time-out, role and claims) are queued on the
    // connection at once with it, in order: on a pipelining connection they travel together.
    const prep = (sql: string, params: unknown[], o?: ProjectQueryOptions): Promise<unknown>[] => {
      // By construction: the API's own user never runs a statement for a user or as another role
      // (a role taken there could be left again with RESET ROLE by the user's own functions).
      if (kind === 'console' && kindOf(o, sql, params) !== 'console') throw new Error('A statement run as a role must start its transaction');
      const steps: Promise<unknown>[] = [];
      if (o?.timeoutMs) steps.push(client.query(`select set_config('statement_timeout', $1, true)`, [String(o.timeoutMs)]));
      if (o?.role) steps.push(client.query(`set local role ${quoteIdent(o.role)}`));
      if (o?.claims) steps.push(client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(o.claims)]));
      return steps;
    };
    const last = async <R>(steps: Promise<unknown>[], run: Promise<R>): Promise<R> => {
      if (!steps.length) return run;
      const all = await Promise.all([...steps, run]);
      return all[all.length - 1] as R;
    };
    // What a user's statement or an app request runs is limited from outside its session too: a
    // session may lift its own statement_timeout (SET statement_timeout = 0), the platform's timer it cannot.
    const limited = <R>(run: Promise<R>, o?: ProjectQueryOptions): Promise<R> => {
      if (kind === 'console') return run;
      const key = o?.runKey;
      if (key) this.runs.set(key, client);
      const out = withOutsideLimit(client, o?.timeoutMs ?? this.defaultTimeoutMs, run, () => overrun.add(client));
      return key ? out.finally(() => this.runs.get(key) === client && this.runs.delete(key)) : out;
    };
    return {
      query: async <Row>(sql: string, params: unknown[] = [], o?: ProjectQueryOptions) => {
        refuseUnsupportedStatements(sql);
        const steps = prep(sql, params, o);
        const name = o?.prepare ? preparedName(client, sql) : null;
        return result<Row>(await last(steps, limited(name ? client.query({ name, text: sql, values: params }) : client.query(sql, params), o)));
      },
      exec: async (sql: string, o?: ProjectQueryOptions) => {
        refuseUnsupportedStatements(sql);
        const steps = prep(sql, [], o);
        return results((await last(steps, limited(client.query(sql), o))) as unknown as pg.QueryResult | pg.QueryResult[]);
      },
    };
  }

  private async connect(kind: PoolKind): Promise<pg.PoolClient> {
    const pool = this.pool(kind);
    if (pool.waitingCount >= this.limits.maxQueued) {
      throw new HttpError(503, 'The project database has too many calls waiting. Try again in a moment.', 'DATABASE_BUSY');
    }
    let client: pg.PoolClient;
    try {
      client = await pool.connect().catch(async (err) => {
        // A login refused for its password: the tenant changed its role's password. The platform
        // sets the derived one again (from the control database) and tries once more.
        if ((err as { code?: string })?.code !== '28P01' || !this.options.onLoginRefused) throw err;
        await this.options.onLoginRefused();
        return pool.connect();
      });
    } catch (err) {
      if (/timeout/i.test((err as Error)?.message ?? '')) {
        throw new HttpError(503, kind === 'user' ? 'The project database is busy running other SQL statements. Try again when they finish.' : 'The project database did not answer in time. Try again in a moment.', 'DATABASE_BUSY');
      }
      throw toDatabaseError(err);
    }
    // A connection that dies under a statement (pg_terminate_backend, a server restart) reports
    // on the client itself; unheard, that would end the API process.
    if (!watched.has(client)) {
      watched.add(client);
      client.on('error', () => undefined);
    }
    return client;
  }

  /**
   * Runs fn in one transaction. Its connection is taken for its first statement: `kind` when
   * given, else the kind that statement asks for (a transaction whose first statement runs as a
   * role, by its options or its text, runs on the project role's connection from start to end).
   */
  private async withClient<T>(fn: (tx: Runner) => Promise<T>, kind?: PoolKind, touch = true): Promise<T> {
    if (kind) this.pool(kind);
    this.inFlight++;
    if (touch) this.lastUsedAt = Date.now();
    let client: pg.PoolClient | undefined;
    let openedKind: PoolKind | undefined;
    let opening: Promise<Runner> | undefined;
    /** BEGIN sent on a pipelining connection and not yet answered: the first statement, sent behind it at once, waits for both. */
    let begun: Promise<unknown> | undefined;
    const open = (sql: string, params: unknown[] | undefined, o?: ProjectQueryOptions): Promise<Runner> =>
      (opening ??= (async () => {
        const k = kind ?? kindOf(o, sql, params);
        const c = await this.connect(k);
        openedKind = k;
        if (k === 'app') {
          // A setting a project's function made for the whole session (set_config(…, false)) is
          // cleared before this call's statements: it belonged to another caller's request.
          begun = Promise.all([c.query('begin'), c.query(RESET_SESSION_SQL)]);
          begun.catch(() => undefined);
        } else {
          try {
            await c.query('begin');
          } catch (err) {
            c.release(err as Error);
            throw toDatabaseError(err);
          }
        }
        client = c;
        return this.runner(c, k);
      })());
    const afterBegin = async <R>(run: Promise<R>): Promise<R> => {
      const b = begun;
      begun = undefined;
      if (!b) return run;
      const [, out] = await Promise.all([b, run]);
      return out;
    };
    // Statements may be issued without waiting for the one before: they run in the order issued.
    const lazy: Runner = {
      query: async (sql, params, o) => afterBegin((await open(sql, params, o)).query(sql, params, o)),
      exec: async (sql, o) => afterBegin((await open(sql, [], o)).exec(sql, o)),
    };
    let broken: Error | undefined;
    try {
      const out = await fn(lazy);
      if (client) await client.query('commit');
      return out;
    } catch (err) {
      // A prepared statement gone from its connection (DEALLOCATE run by a function): that connection is not reused.
      if ((err as { code?: unknown })?.code === '26000') broken = err as Error;
      if (client) await client.query('rollback').catch((e: Error) => (broken = e));
      throw err instanceof HttpError ? err : toDatabaseError(err);
    } finally {
      // A user's SET ROLE or other setting outlives its transaction on the connection: the next
      // run on it starts as the session began (a connection that cannot be reset is not reused).
      if (client && !broken && overrun.has(client)) broken = new Error('cancelled from outside its session');
      if (client && !broken && openedKind === 'user') await client.query(USER_SESSION_RESET).catch((e: Error) => (broken = e));
      client?.release(broken);
      this.inFlight--;
      if (touch) this.lastUsedAt = Date.now();
    }
  }

  /**
   * Statements run in order on the app pool's connection in one implicit transaction, sent and
   * answered at once (read-in-context.ts): settings one makes with set_config(…, true) hold for
   * those after it and end with the call. Answers the last statement's result.
   */
  async readInContext<Row = Record<string, unknown>>(statements: BatchStatement[]): Promise<QueryResult<Row>> {
    for (const s of statements) {
      if (checkedTexts.has(s.sql)) continue;
      refuseUnsupportedStatements(s.sql);
      if (checkedTexts.size >= 1_000) checkedTexts.clear();
      checkedTexts.add(s.sql);
    }
    this.inFlight++;
    this.lastUsedAt = Date.now();
    let client: pg.PoolClient | undefined;
    let broken: Error | undefined;
    try {
      client = await this.connect('app');
      // As in a transaction on this pool: what another caller's request left on the session goes first.
      const c = client;
      return result<Row>(await withOutsideLimit(c, this.defaultTimeoutMs, readInOneBatch(c, [...RESET_SESSION_STATEMENTS, ...statements]), () => overrun.add(c)));
    } catch (err) {
      // A prepared statement gone from its connection (DEALLOCATE run by a function): that connection is not reused.
      if ((err as { code?: unknown })?.code === '26000') broken = err as Error;
      throw err instanceof HttpError ? err : toDatabaseError(err);
    } finally {
      if (client && !broken && overrun.has(client)) broken = new Error('cancelled from outside its session');
      client?.release(broken);
      this.inFlight--;
      this.lastUsedAt = Date.now();
    }
  }

  query<Row = Record<string, unknown>>(sql: string, params: unknown[] = [], options?: ProjectQueryOptions): Promise<QueryResult<Row>> {
    return this.withClient((tx) => tx.query<Row>(sql, params, options), kindOf(options, sql, params), !options?.background);
  }

  exec(sql: string, options?: ProjectQueryOptions): Promise<QueryResult[]> {
    return this.withClient((tx) => tx.exec(sql, options), kindOf(options, sql));
  }

  transaction<T>(fn: (tx: Runner) => Promise<T>): Promise<T> {
    return this.withClient(fn);
  }

  async sizeBytes(): Promise<number> {
    const r = await this.query<{ size: number }>('select pg_database_size(current_database())::float8 as size');
    return Number(r.rows[0]?.size ?? 0);
  }

  /** Ends the pools when nothing runs; the next call opens new connections. */
  async suspend(): Promise<boolean> {
    if (this.busy || (!this.pools && !this.held.size)) return false;
    await this.endConnections();
    return true;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.endConnections();
  }
}
