import { loadModule, parseSync } from 'libpg-query';

// PostgreSQL's own parser (libpg-query, WebAssembly), loaded once on first use.

let loaded: Promise<void> | null = null;

export interface ParsedSql {
  stmts: { stmt: Record<string, unknown>; stmt_len?: number }[];
}

/** Parses SQL text into Postgres' parse tree; throws with the parser's message on a syntax error. */
export async function parseSql(sql: string): Promise<ParsedSql> {
  loaded ??= loadModule();
  await loaded;
  return parseSync(sql);
}
