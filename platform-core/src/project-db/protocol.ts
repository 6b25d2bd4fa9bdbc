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
  | { id: number; op: 'close' };

export interface WireResult {
  rows: Record<string, unknown>[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

export type WorkerResponse =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { message: string; code?: string; detail?: string; hint?: string; position?: string }; wedged?: boolean }
  | { id: -1; ready: true }
  | { id: -1; ready: false; error: { message: string } };

export interface WorkerInit {
  entry: string;
  dataDir: string;
  /** Postgres compiled once by the main thread and shared by every worker. */
  pgliteWasmModule?: WebAssembly.Module;
}
