import pg from 'pg';
import type { ControlDatabase } from '@plinth/platform-core/deps';
import { poolDatabase } from '@plinth/platform-core/control-db';

// The database the log store writes to: the control database, or a Postgres server of its own
// named by LOGS_DATABASE_URL (so that heavy logging never competes with the console's own tables).

export interface LogDatabase extends ControlDatabase {
  close(): Promise<void>;
}

/** A log database on its own Postgres server (a small pool: writes are batched). */
export function openLogDatabase(url: string): LogDatabase {
  // Bounded waits: a log database that stops answering costs a dropped batch, never a held request.
  return poolDatabase(new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: 5_000, statement_timeout: 15_000 }));
}

/** The control database as the log store's: closing the store leaves it open. */
export const controlAsLogDatabase = (control: ControlDatabase): LogDatabase => ({
  query: (sql, params) => control.query(sql, params),
  transaction: (fn) => control.transaction(fn),
  close: async () => undefined,
});
