import type { ControlDatabase } from '@plinth/platform-core/deps';
import { parseSql } from '@plinth/platform-core/common/sql-parser';

/**
 * The control database as pg-boss' `db` (its `executeSql(text, values)`), the same on the embedded
 * PGlite and on a Postgres server. pg-boss sends most commands as one statement with parameters;
 * its schema changes and maintenance come as one text of several statements wrapped in
 * `BEGIN; ... COMMIT;` under an advisory lock. Those texts are split by Postgres' own parser and
 * run statement by statement inside one transaction of the control database (PGlite's extended
 * protocol takes one statement per call, and a pool query must keep the lock and its statements
 * on one connection).
 */
export interface QueueDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number }>;
}

const splits = new Map<string, Promise<string[]>>();

/** The statements of a text, without its BEGIN/COMMIT (the caller's transaction holds them); kept by text (pg-boss' commands are constant). */
function statementsOf(text: string): Promise<string[]> {
  let cached = splits.get(text);
  if (!cached) {
    cached = parseSql(text).then((parsed) => {
      const bytes = Buffer.from(text, 'utf8');
      return parsed.stmts
        .filter((s) => !('TransactionStmt' in (s.stmt as Record<string, unknown>)))
        .map((s) => {
          const start = (s as { stmt_location?: number }).stmt_location ?? 0;
          const end = s.stmt_len ? start + s.stmt_len : bytes.length;
          return bytes.subarray(start, end).toString('utf8').trim();
        })
        .filter(Boolean);
    });
    splits.set(text, cached);
  }
  return cached;
}

const SEVERAL = /;\s*\S/;

export function queueDb(control: ControlDatabase): QueueDb {
  return {
    async executeSql(text, values) {
      if (!values?.length && SEVERAL.test(text.replace(/\$\$[\s\S]*?\$\$/g, '').replace(/'[^']*'/g, ''))) {
        const statements = await statementsOf(text);
        if (statements.length > 1) {
          const rows = await control.transaction(async (tx) => {
            let last: unknown[] = [];
            for (const s of statements) last = (await tx.query(s)).rows;
            return last;
          });
          return { rows, rowCount: rows.length };
        }
      }
      const r = await control.query(text, values ?? []);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
  };
}
