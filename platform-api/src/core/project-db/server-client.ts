import pg from 'pg';
import type { ProjectDatabase, ProjectQueryOptions, QueryResult } from '../deps';
import { DatabaseError, quoteIdent, toDatabaseError } from '../database-error';
import { HttpError } from '../deps';
import { DEFAULT_CALL_QUEUE_LIMITS, type CallQueueLimits } from './call-queue';
import { refuseUnsupportedStatements } from './unsupported-statements';

function result<Row>(r: pg.QueryResult): QueryResult<Row> {
  return { rows: r.rows as Row[], fields: (r.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })), affectedRows: r.rowCount ?? undefined };
}

function results(r: pg.QueryResult | pg.QueryResult[]): QueryResult[] {
  return (Array.isArray(r) ? r : [r]).map((x) => result(x));
}

type Runner = Pick<ProjectDatabase, 'query' | 'exec'>;

const watched = new WeakSet<pg.PoolClient>();

export interface ServerProjectDatabaseOptions {
  /** Idle connections close after this long. */
  idleMs?: number;
  /** Bounds of the wait for a connection (busyWaitMs is unused: console calls have their own pool). */
  queue?: CallQueueLimits;
}

/**
 * One project's database on a Postgres server; the server enforces statement_timeout. The user's
 * own statements (the SQL editor) run on a pool of their own, so the console's calls never wait
 * behind them. Idle connections close by themselves; `suspend()` ends both pools.
 */
export class ServerProjectDatabase implements ProjectDatabase {
  private pools: { console: pg.Pool; user: pg.Pool } | null = null;
  private inFlight = 0;
  lastUsedAt = Date.now();
  private readonly limits: CallQueueLimits;

  constructor(
    readonly ref: string,
    private readonly connectionString: string,
    private readonly defaultTimeoutMs: number,
    private readonly options: ServerProjectDatabaseOptions = {},
  ) {
    this.limits = options.queue ?? DEFAULT_CALL_QUEUE_LIMITS;
  }

  private closed = false;

  private pool(user: boolean): pg.Pool {
    if (this.closed) throw new DatabaseError('The project database is closed');
    if (!this.pools) {
      const make = (max: number) => {
        const pool = new pg.Pool({
          connectionString: this.connectionString,
          max,
          idleTimeoutMillis: this.options.idleMs ?? 10_000,
          connectionTimeoutMillis: this.limits.maxWaitMs,
          options: `-c statement_timeout=${this.defaultTimeoutMs}`,
        });
        pool.on('error', () => undefined);
        return pool;
      };
      this.pools = { console: make(3), user: make(2) };
    }
    return user ? this.pools.user : this.pools.console;
  }

  /** Connections are open. */
  get running(): boolean {
    return !!this.pools && this.pools.console.totalCount + this.pools.user.totalCount > 0;
  }

  get busy(): boolean {
    return this.inFlight > 0;
  }

  async start(): Promise<void> {
    await this.query('select 1');
  }

  private runner(client: pg.PoolClient): Runner {
    const prep = async (o?: ProjectQueryOptions) => {
      if (o?.timeoutMs) await client.query(`select set_config('statement_timeout', $1, true)`, [String(o.timeoutMs)]);
      if (o?.role) await client.query(`set local role ${quoteIdent(o.role)}`);
      if (o?.claims) await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(o.claims)]);
    };
    return {
      query: async <Row>(sql: string, params: unknown[] = [], o?: ProjectQueryOptions) => {
        refuseUnsupportedStatements(sql);
        await prep(o);
        return result<Row>(await client.query(sql, params));
      },
      exec: async (sql: string, o?: ProjectQueryOptions) => {
        refuseUnsupportedStatements(sql);
        await prep(o);
        return results((await client.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[]);
      },
    };
  }

  private async withClient<T>(fn: (tx: Runner) => Promise<T>, user = false): Promise<T> {
    const pool = this.pool(user);
    if (pool.waitingCount >= this.limits.maxQueued) {
      throw new HttpError(503, 'The project database has too many calls waiting. Try again in a moment.', 'DATABASE_BUSY');
    }
    this.inFlight++;
    this.lastUsedAt = Date.now();
    try {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (err) {
        if (/timeout/i.test((err as Error)?.message ?? '')) {
          throw new HttpError(503, user ? 'The project database is busy running other SQL statements. Try again when they finish.' : 'The project database did not answer in time. Try again in a moment.', 'DATABASE_BUSY');
        }
        throw toDatabaseError(err);
      }
      // A connection that dies under a statement (pg_terminate_backend, a server restart) reports
      // on the client itself; unheard, that would end the API process.
      if (!watched.has(client)) {
        watched.add(client);
        client.on('error', () => undefined);
      }
      let broken: Error | undefined;
      try {
        await client.query('begin');
        const out = await fn(this.runner(client));
        await client.query('commit');
        return out;
      } catch (err) {
        await client.query('rollback').catch((e: Error) => (broken = e));
        throw err instanceof HttpError ? err : toDatabaseError(err);
      } finally {
        client.release(broken);
      }
    } finally {
      this.inFlight--;
      this.lastUsedAt = Date.now();
    }
  }

  query<Row = Record<string, unknown>>(sql: string, params: unknown[] = [], options?: ProjectQueryOptions): Promise<QueryResult<Row>> {
    return this.withClient((tx) => tx.query<Row>(sql, params, options), options?.user);
  }

  exec(sql: string, options?: ProjectQueryOptions): Promise<QueryResult[]> {
    return this.withClient((tx) => tx.exec(sql, options), options?.user);
  }

  transaction<T>(fn: (tx: Runner) => Promise<T>): Promise<T> {
    return this.withClient(fn);
  }

  async sizeBytes(): Promise<number> {
    const r = await this.query<{ size: number }>('select pg_database_size(current_database())::float8 as size');
    return Number(r.rows[0]?.size ?? 0);
  }

  /** Ends both pools when nothing runs; the next call opens new connections. */
  async suspend(): Promise<boolean> {
    if (this.busy || !this.pools) return false;
    const pools = this.pools;
    this.pools = null;
    await Promise.all([pools.console.end(), pools.user.end()]);
    return true;
  }

  async close(): Promise<void> {
    this.closed = true;
    const pools = this.pools;
    this.pools = null;
    if (pools) await Promise.all([pools.console.end(), pools.user.end()]);
  }
}
