import { parseSql } from './sql-parser';

// Which buckets a policy on storage.objects is written for, read from its USING and WITH CHECK
// expressions by PostgreSQL's own parser (never by matching text): comparisons of bucket_id
// (bare, objects.bucket_id or storage.objects.bucket_id, cast or not) with string constants, as
// `=` either way round, `IN (...)` and `= ANY (ARRAY[...])` (how Postgres shows an IN list back),
// found at the top of the expression or inside AND / OR. A comparison under NOT, inside a function
// call or a subquery does not tie the policy to a bucket.

type Node = Record<string, unknown>;

const BUCKET_COLUMN = [['bucket_id'], ['objects', 'bucket_id'], ['storage', 'objects', 'bucket_id']].map((f) => f.join('.'));

/** Strips casts: `(bucket_id)::text`, `'x'::text`. */
function uncast(node: unknown): Node | undefined {
  let n = node as Node | undefined;
  while (n && 'TypeCast' in n) n = (n.TypeCast as Node).arg as Node;
  return n;
}

function isBucketColumn(node: unknown): boolean {
  const ref = uncast(node)?.ColumnRef as { fields?: { String?: { sval?: string } }[] } | undefined;
  const names = ref?.fields?.map((f) => f.String?.sval);
  return !!names && names.every((n) => typeof n === 'string') && BUCKET_COLUMN.includes(names.join('.'));
}

/** The text of a string constant (after casts), else undefined. */
function constantText(node: unknown): string | undefined {
  const c = uncast(node)?.A_Const as { sval?: { sval?: string } } | undefined;
  return typeof c?.sval?.sval === 'string' ? c.sval.sval : undefined;
}

function listTexts(items: unknown[] | undefined): string[] {
  if (!items?.length) return [];
  const texts = items.map(constantText);
  return texts.every((t): t is string => t !== undefined) ? texts : [];
}

function collect(node: unknown, out: Set<string>): void {
  const n = node as Node | undefined;
  if (!n) return;
  const bool = n.BoolExpr as { boolop?: string; args?: unknown[] } | undefined;
  if (bool) {
    if (bool.boolop === 'AND_EXPR' || bool.boolop === 'OR_EXPR') for (const a of bool.args ?? []) collect(a, out);
    return;
  }
  const e = n.A_Expr as { kind?: string; name?: { String?: { sval?: string } }[]; lexpr?: unknown; rexpr?: unknown } | undefined;
  if (!e || e.name?.length !== 1 || e.name[0]?.String?.sval !== '=') return;
  if (e.kind === 'AEXPR_OP') {
    const [column, value] = isBucketColumn(e.lexpr) ? [e.lexpr, e.rexpr] : [e.rexpr, e.lexpr];
    const text = isBucketColumn(column) ? constantText(value) : undefined;
    if (text !== undefined) out.add(text);
  } else if (e.kind === 'AEXPR_IN' && isBucketColumn(e.lexpr)) {
    for (const t of listTexts((uncast(e.rexpr)?.List as { items?: unknown[] } | undefined)?.items)) out.add(t);
  } else if (e.kind === 'AEXPR_OP_ANY' && isBucketColumn(e.lexpr)) {
    for (const t of listTexts((uncast(e.rexpr)?.A_ArrayExpr as { elements?: unknown[] } | undefined)?.elements)) out.add(t);
  }
}

async function bucketsOf(expression: string | null, out: Set<string>): Promise<void> {
  if (!expression?.trim()) return;
  let parsed;
  try {
    parsed = await parseSql(`select (${expression})`);
  } catch {
    return;
  }
  const select = parsed.stmts.length === 1 ? (parsed.stmts[0]!.stmt.SelectStmt as { targetList?: { ResTarget?: { val?: unknown } }[] } | undefined) : undefined;
  if (select?.targetList?.length === 1) collect(select.targetList[0]!.ResTarget?.val, out);
}

/** The buckets a storage.objects policy is written for (sorted, each once); [] when it names none. */
export async function policyBucketIds(using: string | null, check: string | null): Promise<string[]> {
  const out = new Set<string>();
  await bucketsOf(using, out);
  await bucketsOf(check, out);
  return [...out].sort();
}
