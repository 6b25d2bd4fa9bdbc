import pg from 'pg';
import type { ProjectDatabase, ProjectQueryOptions, QueryResult } from '../deps';
import { quoteIdent, toDatabaseError } from '../database-error';
import { HttpError } from '../deps';

function result<Row>(r: pg.QueryResult): QueryResult<Row> {
  return { rows: r.rows as Row[], fields: (r.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })), affectedRows: r.rowCount ?? undefined };
}

function results(r: pg.QueryResult | pg.QueryResult[]): QueryResult[] {
  return (Array.isArray(r) ? r : [r]).map((x) => result(x));
}

type Runner = Pick<ProjectDatabase, 'query' | 'exec'>;

/** One project's database on a Postgres server; the server enforces statement_timeout. */
export class ServerProjectDatabase implements ProjectDatabase {
  private readonly pool: pg.Pool;

  constructor(
    readonly ref: string,
    connectionString: string,
    private readonly defaultTimeoutMs: number,
  ) {
    this.pool = new pg.Pool({ connectionString, max: 4, options: `-c statement_timeout=${defaultTimeoutMs}` });
    this.pool.on('error', () => undefined);
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
        await prep(o);
        return result<Row>(await client.query(sql, params));
      },
      exec: async (sql: string, o?: ProjectQueryOptions) => {
        await prep(o);
        return results((await client.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[]);
      },
    };
  }

  private async withClient<T>(fn: (tx: Runner) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (err) {
      throw toDatabaseError(err);
    }
    try {
      await client.query('begin');
      const out = await fn(this.runner(client));
      await client.query('commit');
      return out;
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err instanceof HttpError ? err : toDatabaseError(err);
    } finally {
      client.release();
    }
  }

  query<Row = Record<string, unknown>>(sql: string, params: unknown[] = [], options?: ProjectQueryOptions): Promise<QueryResult<Row>> {
    return this.withClient((tx) => tx.query<Row>(sql, params, options));
  }

  exec(sql: string, options?: ProjectQueryOptions): Promise<QueryResult[]> {
    return this.withClient((tx) => tx.exec(sql, options));
  }

  transaction<T>(fn: (tx: Runner) => Promise<T>): Promise<T> {
    return this.withClient(fn);
  }

  async sizeBytes(): Promise<number> {
    const r = await this.query<{ size: number }>('select pg_database_size(current_database())::float8 as size');
    return Number(r.rows[0]?.size ?? 0);
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
