import type { RawBody } from './request';
import type { ResponseGucs } from './response-gucs';
import type { Statement } from './statements';

// What one data API request is, what the handler plans to run for it, what running it gave, and
// the answer: the types handler.ts and answer.ts share.

export interface RestCall {
  method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  /** Below /rest/v1/: a table name, or rpc/{function}. */
  path: string;
  search: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  /** The server the call came to, told with its statement's timing (statement-log.ts). */
  server?: unknown;
}

export interface RestAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer | null;
}

export interface Plan {
  statement: Statement;
  shape: 'rows' | 'void' | 'scalar' | 'object' | 'array' | 'minimal';
  offset: number;
  readOnly: boolean;
  counted: boolean;
  /** The statement answers CSV text (reads and function calls asked for text/csv). */
  csv?: boolean;
  /** The statement answers a function's one value as text (bytea as base64). */
  raw?: Exclude<RawBody['type'], 'csv'>;
  /** count=planned (always) or estimated (past max rows): the planner's estimate of the rows matched. */
  estimate?: { sql: string; when: 'always' | 'over'; threshold: number | null };
  /** An upsert that counts the rows it inserted, for its status (201 when any, else 200, or 204 for a minimal PUT). */
  upsert?: 'post' | 'put';
  /** A function call or a change: functions and triggers may set the answer's status and headers. */
  gucs?: boolean;
  /** return=headers-only: the primary key columns that name the created row in Location. */
  location?: string[];
}

export interface Outcome {
  pageCount: number;
  totalCount: number | null;
  body: string | null;
  /** Rows an upsert inserted (the others existed and were updated). */
  inserted?: number;
  /** The status and headers a function or trigger set (response.status, response.headers). */
  gucs?: ResponseGucs;
  /** The statement's plan (Accept: application/vnd.pgrst.plan), instead of its rows. */
  plan?: string;
}

/** How the request's transaction ends: the project's setting (db-tx-end), or Prefer: tx= where the setting lets apps choose. */
export interface TxChoice {
  rollback: boolean;
  /** Prefer: tx= was honoured (Preference-Applied). */
  applied: boolean;
}
