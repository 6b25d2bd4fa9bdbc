import pg from 'pg';
import type { ControlDatabase, QueryResult } from '../../core/deps';
import { toDatabaseError } from '../../core/database-error';

// The database the log store writes to: the control database, or a Postgres server of its own
// named by LOGS_DATABASE_URL (so that heavy logging never competes with the console's own tables).

export interface LogDatabase extends ControlDatabase {
  close(): Promise<void>;
}

/** A log database on its own Postgres server (a small pool: writes are batched). */
export function openLogDatabase(url: string): LogDatabase {
  // Bounded waits: a log database that stops answering costs a dropped batch, never a held request.
  const pool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: 5_000, statement_timeout: 15_000 });
  pool.on('error', () => undefined);
  const run = async <Row>(client: pg.Pool | pg.PoolClient, sql: string, params: unknown[] = []): Promise<QueryResult<Row>> => {
    try {
      const r = await client.query(sql, params);
      return { rows: r.rows as Row[], fields: (r.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })), affectedRows: r.rowCount ?? undefined };
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

/** The control database as the log store's: closing the store leaves it open. */
export const controlAsLogDatabase = (control: ControlDatabase): LogDatabase => ({
  query: (sql, params) => control.query(sql, params),
  transaction: (fn) => control.transaction(fn),
  close: async () => undefined,
});
