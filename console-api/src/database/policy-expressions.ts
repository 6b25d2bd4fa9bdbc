import { HttpError } from '@plinth/platform-core/deps';
import { parseSql } from '@plinth/platform-core/common/sql-parser';

// A policy's USING and WITH CHECK expressions are checked with PostgreSQL's own parser
// (libpg-query): each must be exactly one SQL expression, and the CREATE/ALTER POLICY statement
// built around them must parse to one statement holding exactly those expressions and no
// clause the user did not ask for (e.g. `true) with check (true` in USING).

const parse = parseSql;

/** The tree as text, without source positions (the same expression parses at other offsets). */
const shape = (tree: unknown) => JSON.stringify(tree, (key, value) => (key === 'location' ? undefined : value));

export interface ParsedExpression {
  field: string;
  shape: string;
}

const notOneExpression = (field: string) => new HttpError(400, `${field}: must be exactly one SQL expression`, 'VALIDATION', field);

/** Parses one expression on its own (as `select (<expression>)`): a syntax error or anything but one expression is a 400 naming the field. */
export async function parseExpression(expression: string, field: string): Promise<ParsedExpression> {
  let stmts;
  try {
    ({ stmts } = await parse(`select (${expression})`));
  } catch (err) {
    throw new HttpError(400, `${field}: ${(err as Error).message}`, 'VALIDATION', field);
  }
  const select = stmts.length === 1 && !stmts[0]!.stmt_len ? (stmts[0]!.stmt.SelectStmt as Record<string, unknown> | undefined) : undefined;
  const extra = select ? Object.keys(select).filter((k) => !['targetList', 'limitOption', 'op'].includes(k)) : [];
  const targets = select?.targetList as { ResTarget?: { name?: string; val?: unknown } }[] | undefined;
  const target = targets?.length === 1 ? targets[0]!.ResTarget : undefined;
  if (!select || Object.keys(stmts[0]!.stmt).length !== 1 || extra.length || select.op !== 'SETOP_NONE' || !target?.val || target.name !== undefined) {
    throw notOneExpression(field);
  }
  return { field, shape: shape(target.val) };
}

/**
 * Checks a CREATE or ALTER POLICY statement before it runs: one statement of that kind, whose
 * USING and WITH CHECK are exactly the expressions given (absent when not given).
 */
export async function assertPolicyStatement(
  sql: string,
  kind: 'CreatePolicyStmt' | 'AlterPolicyStmt',
  using: ParsedExpression | null,
  check: ParsedExpression | null,
): Promise<void> {
  const blame = using ?? check;
  const field = blame?.field ?? 'definition';
  let stmts;
  try {
    ({ stmts } = await parse(sql));
  } catch (err) {
    throw new HttpError(400, `${field}: ${(err as Error).message}`, 'VALIDATION', field);
  }
  const stmt = stmts.length === 1 && !stmts[0]!.stmt_len ? (stmts[0]!.stmt[kind] as Record<string, unknown> | undefined) : undefined;
  if (!stmt || Object.keys(stmts[0]!.stmt).length !== 1) throw notOneExpression(field);
  for (const [key, expected] of [['qual', using], ['with_check', check]] as const) {
    const actual = stmt[key] === undefined ? null : shape(stmt[key]);
    if (actual !== (expected?.shape ?? null)) throw notOneExpression(expected?.field ?? field);
  }
}
