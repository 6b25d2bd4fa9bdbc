import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { ControlDatabase, ProjectDatabase, ProjectQueryOptions, QueryResult } from '../../core/deps';

// The same test databases as pglite-databases.ts, on the Postgres server named by DATABASE_URL:
// each test opens a fresh database and drops it on close.

type Runner = Pick<pg.PoolClient, 'query'>;

function toResult<Row>(r: pg.QueryResult): QueryResult<Row> {
  return { rows: r.rows as Row[], fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })), affectedRows: r.rowCount ?? undefined };
}

/** One command, always through the extended protocol (like PGlite's query). */
async function one<Row>(c: Runner, sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
  return toResult<Row>(await c.query({ text: sql, values: params, queryMode: 'extended' } as pg.QueryConfig));
}

async function many(c: Runner, sql: string): Promise<QueryResult[]> {
  const r = (await c.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[];
  return (Array.isArray(r) ? r : [r]).map((x) => toResult(x));
}

async function createDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `plinth_dt_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: baseUrl });
      await a.connect();
      await a.query(`drop database if exists "${name}" with (force)`).catch(() => undefined);
      await a.end();
    },
  };
}

export async function openServerProjectDatabase(baseUrl: string, ref: string, bootstrap: string): Promise<ProjectDatabase & { close(): Promise<void> }> {
  const db = await createDatabase(baseUrl);
  const pool = new pg.Pool({ connectionString: db.url, max: 4 });
  await many(pool, bootstrap);
  const inTx = async <T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> => {
    const c = await pool.connect();
    try {
      await c.query('begin');
      const out = await fn(c);
      await c.query('commit');
      return out;
    } catch (err) {
      await c.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      c.release();
    }
  };
  const withOptions = async <T>(options: ProjectQueryOptions | undefined, fn: (c: Runner) => Promise<T>) =>
    inTx(async (c) => {
      await c.query(`select set_config('statement_timeout', $1, true)`, [String(options?.timeoutMs ?? 15000)]);
      if (options?.claims) await c.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(options.claims)]);
      if (options?.role) await c.query(`set local role "${options.role.replace(/"/g, '""')}"`);
      return fn(c);
    });
  return {
    ref,
    query: (sql, params, options) => withOptions(options, (c) => one(c, sql, params)),
    exec: (sql, options) => withOptions(options, (c) => many(c, sql)),
    transaction: (fn) => inTx((c) => fn({ query: (sql, params) => one(c, sql, params), exec: (sql) => many(c, sql) })),
    async sizeBytes() {
      const r = await one<{ n: string }>(pool, 'select pg_database_size(current_database())::text as n');
      return Number(r.rows[0]?.n ?? 0);
    },
    async close() {
      await pool.end();
      await db.drop();
    },
  };
}

export async function openServerControlDatabase(baseUrl: string): Promise<ControlDatabase & { close(): Promise<void> }> {
  const db = await createDatabase(baseUrl);
  const pool = new pg.Pool({ connectionString: db.url, max: 4 });
  return {
    query: (sql, params) => one(pool, sql, params),
    async transaction(fn) {
      const c = await pool.connect();
      try {
        await c.query('begin');
        const out = await fn({ query: (sql, params) => one(c, sql, params) });
        await c.query('commit');
        return out;
      } catch (err) {
        await c.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        c.release();
      }
    },
    async close() {
      await pool.end();
      await db.drop();
    },
  };
}
