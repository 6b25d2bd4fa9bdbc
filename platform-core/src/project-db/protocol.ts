/** Messages between the API's main thread and a project database worker. */
export interface RoleContext {
  role?: string;
  claims?: Record<string, unknown>;
}

/**
 * Where a statement stands in a transaction the main thread runs: `inTransaction`, inside one;
 * `begin`, its first statement (the worker opens the transaction before it); `endsTransaction`,
 * its COMMIT or ROLLBACK (the database's health is checked then, not after every statement).
 */
export interface TransactionStep {
  inTransaction?: boolean;
  begin?: boolean;
  endsTransaction?: boolean;
}

/**
 * `platform`: a statement the platform wrote for itself (not a user's, not run as an API role): it
 * runs with pg_catalog alone on the search path, so no function or operator the tenant created
 * can stand in for one it names (owner-role.ts, PLATFORM_SEARCH_PATH).
 */
export type WorkerRequest =
  | ({ id: number; op: 'query'; sql: string; params: unknown[]; ctx?: RoleContext; platform?: boolean } & TransactionStep)
  | ({ id: number; op: 'exec'; sql: string; ctx?: RoleContext; platform?: boolean } & TransactionStep)
  | { id: number; op: 'size' }
  /**
   * Postgres wire protocol messages of a person's connection (wire-server.ts), run as they came.
   * `restore`: the connection's own settings, set again first (the session was reset since its
   * last messages). When the messages leave no transaction open, the worker answers the session's
   * settings and resets the session for the platform's next call.
   */
  | { id: number; op: 'wire'; data: Uint8Array; restore?: [string, string][] }
  /** Settings every session of the database starts with (the vault key), replacing those given before. */
  | { id: number; op: 'settings'; settings: [string, string][] }
  /** LISTEN on a channel from now on (again after every reset and wire run): its NOTIFYs are posted as `notify` messages. */
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'close' };

export interface WireResult {
  rows: Record<string, unknown>[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** What a `wire` request answers: the backend's messages, its transaction status, and the session's settings when idle. */
export interface WireAnswer {
  data: Uint8Array;
  /** The last ReadyForQuery's status: I idle, T in a transaction, E in a failed one; null: none was sent. */
  status: 'I' | 'T' | 'E' | null;
  settings?: [string, string][];
}

export type WorkerResponse =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { message: string; code?: string; detail?: string; hint?: string; position?: string }; wedged?: boolean }
  | { id: -1; ready: true }
  | { id: -1; ready: false; error: { message: string } }
  /** A NOTIFY on a channel the database listens on, from any session (unasked, not an answer). */
  | { id: -2; notify: { channel: string; payload: string } };

export interface WorkerInit {
  entry: string;
  dataDir: string;
  /** Postgres compiled once by the main thread and shared by every worker. */
  pgliteWasmModule?: WebAssembly.Module;
  /** Settings every session starts with, set again after each reset (vault-key.ts). */
  sessionSettings?: [string, string][];
  /** Channels to LISTEN on from the start (see the `listen` request). */
  channels?: string[];
}
