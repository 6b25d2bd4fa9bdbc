import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { ControlDatabase, QueryResult } from './deps';
import { toDatabaseError } from './database-error';
import { CONTROL_MIGRATIONS } from './migrations';

export interface OpenControlDatabase extends ControlDatabase {
  readonly kind: 'embedded' | 'server';
  close(): Promise<void>;
}

function fromPglite<Row>(r: { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number }): QueryResult<Row> {
  return { rows: r.rows as Row[], fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })), affectedRows: r.affectedRows };
}

function fromPg<Row>(r: pg.QueryResult): QueryResult<Row> {
  return { rows: r.rows as Row[], fields: (r.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })), affectedRows: r.rowCount ?? undefined };
}

/** The control database inside this process (PGlite), under `<dataDir>/control`. */
async function openEmbedded(dataDir: string): Promise<OpenControlDatabase> {
  const dir = path.join(dataDir, 'control');
  await mkdir(dir, { recursive: true });
  const db = await PGlite.create(dir);
  const query = async <Row>(sql: string, params: unknown[] = []) => {
    try {
      return fromPglite<Row>(await db.query(sql, params));
    } catch (err) {
      throw toDatabaseError(err);
    }
  };
  return {
    kind: 'embedded',
    query,
    async transaction(fn) {
      try {
        return await db.transaction((tx) =>
          fn({
            query: async <Row>(sql: string, params: unknown[] = []) => {
              try {
                return fromPglite<Row>(await tx.query(sql, params));
              } catch (err) {
                throw toDatabaseError(err);
              }
            },
          }),
        );
      } catch (err) {
        throw err instanceof Error && err.name === 'HttpError' ? err : toDatabaseError(err);
      }
    },
    close: () => db.close(),
  };
}

/** A database over a pg pool: queries on the pool, a transaction on one client of it. */
export function poolDatabase(pool: pg.Pool): ControlDatabase & { close(): Promise<void> } {
  pool.on('error', () => undefined);
  const run = async <Row>(client: pg.Pool | pg.PoolClient, sql: string, params: unknown[] = []) => {
    try {
      return fromPg<Row>(await client.query(sql, params));
    } catch (err) {
      throw toDatabaseError(err);
    }
  };
  return {
    query: (sql, params) => run(pool, sql, params),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const out = await fn({ query: (sql, params) => run(client, sql, params) });
        await client.query('commit');
        return out;
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** The control database on a Postgres server named by a connection URL. */
async function openServer(url: string): Promise<OpenControlDatabase> {
  return { kind: 'server', ...poolDatabase(new pg.Pool({ connectionString: url, max: 8 })) };
}

/** Opens the control database and brings its schema up to date (versioned migrations, run once each). */
export async function openControlDatabase(opts: { dataDir: string; databaseUrl: string | null }): Promise<OpenControlDatabase> {
  const db = opts.databaseUrl ? await openServer(opts.databaseUrl) : await openEmbedded(opts.dataDir);
  await migrate(db);
  return db;
}

async function migrate(db: OpenControlDatabase): Promise<void> {
  await db.query('create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())');
  const done = new Set((await db.query<{ version: string }>('select version from schema_migrations')).rows.map((r) => r.version));
  for (const m of CONTROL_MIGRATIONS) {
    if (done.has(m.version)) continue;
    done.add(m.version);
    await db.transaction(async (tx) => {
      for (const statement of m.statements) await tx.query(statement);
      await tx.query('insert into schema_migrations (version) values ($1)', [m.version]);
    });
  }
}
