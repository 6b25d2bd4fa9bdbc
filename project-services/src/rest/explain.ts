import type { QueryResult } from '@plinth/platform-core/deps';
import type { PlanChoice } from './request';
import type { Statement } from './statements';

// Accept: application/vnd.pgrst.plan: the request's statement is explained instead of answered,
// as the caller's role, in the request's transaction (so `analyze` on a change really runs it,
// unless the transaction is rolled back: Prefer: tx=rollback where the project allows it).

/** EXPLAIN of the statement with the options asked for; the format is json or text. */
export function explainStatement(plan: PlanChoice, statement: Statement): Statement {
  const options = [`format ${plan.format}`, ...plan.options.map((o) => `${o} true`)];
  return { sql: `explain (${options.join(', ')}) ${statement.sql}`, params: statement.params };
}

/** The plan as the answer's body: the JSON plan, or the text plan's lines. */
export function planBody(plan: PlanChoice, result: QueryResult<Record<string, unknown>>): string {
  const cells = result.rows.map((row) => Object.values(row)[0]);
  if (plan.format === 'json') {
    const cell = cells[0];
    return typeof cell === 'string' ? cell : JSON.stringify(cell ?? []);
  }
  return cells.map((c) => String(c)).join('\n');
}

/** `application/vnd.pgrst.plan+json; for="application/json"; charset=utf-8`. */
export function planContentType(plan: PlanChoice, forType: string): string {
  return `application/vnd.pgrst.plan+${plan.format}; for="${forType}"; charset=utf-8`;
}
