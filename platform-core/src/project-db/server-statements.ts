import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { ProjectQueryOptions, QueryResult } from '../deps';

// Server mode: how a statement's answer is read, which statements are kept prepared on a
// connection, and which pool a call runs on (server-client.ts).

export function result<Row>(r: pg.QueryResult): QueryResult<Row> {
  return { rows: r.rows as Row[], fields: (r.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })), affectedRows: r.rowCount ?? undefined };
}

export function results(r: pg.QueryResult | pg.QueryResult[]): QueryResult[] {
  return (Array.isArray(r) ? r : [r]).map((x) => result(x));
}

/** Statements kept prepared on one connection at most; past that, statements are sent unprepared. */
const MAX_PREPARED_PER_CONNECTION = 100;
const prepared = new WeakMap<pg.PoolClient, Set<string>>();
const statementNames = new Map<string, string>();
/** Texts of the API's own batched reads already checked by refuseUnsupportedStatements (the same few texts recur). */
export const checkedTexts = new Set<string>();

/** The name a statement is prepared under on a connection (from its text), or null when that connection holds enough. */
export function preparedName(client: pg.PoolClient, sql: string): string | null {
  let name = statementNames.get(sql);
  if (!name) {
    if (statementNames.size >= 1_000) statementNames.clear();
    name = `plinth_${createHash('sha1').update(sql).digest('base64url')}`;
    statementNames.set(sql, name);
  }
  let names = prepared.get(client);
  if (!names) prepared.set(client, (names = new Set()));
  if (!names.has(name)) {
    if (names.size >= MAX_PREPARED_PER_CONNECTION) return null;
    names.add(name);
  }
  return name;
}

/**
 * Which connections a call runs on: `console`, the API's own user (the console's catalog and
 * storage calls); `user`, the project role, for the user's own statements (the SQL editor);
 * `app`, the project role, for calls made as anon, authenticated or service_role (app requests).
 */
export type PoolKind = 'console' | 'user' | 'app';

/** A statement that changes the current role: SET [LOCAL] ROLE, SET SESSION AUTHORIZATION, set_config('role', …). */
const ROLE_CHANGE = /\bset\s+(?:(?:local|session)\s+)?role\b|\bsession\s+authorization\b|\bset_config\s*\(\s*'role'/i;
const changesRole = (sql: string, params: unknown[] = []) => ROLE_CHANGE.test(sql) || (/\bset_config\b/i.test(sql) && params.includes('role'));

/** A call for a user, or one that runs as a role (by its options or by its own text), runs as the project role. */
export const kindOf = (o?: ProjectQueryOptions, sql = '', params?: unknown[]): PoolKind =>
  o?.user ? 'user' : o?.role || changesRole(sql, params) ? 'app' : 'console';

