// EXPLAIN (FORMAT JSON) as a tree to read: each node with what it does, on what, its estimates and,
// with ANALYZE, what really happened.

export interface PlanNode {
  /** "Seq Scan on public.todos", "Hash Join", "Aggregate". */
  title: string;
  /** Condition, filter, sort key, index: what the node tests or orders by. */
  details: string[];
  estimatedRows: number | null;
  cost: { startup: number; total: number } | null;
  /** With ANALYZE: rows per loop, time of the last row in ms, loops. */
  actual: { rows: number; ms: number; loops: number } | null;
  children: PlanNode[];
}

export interface ExplainPlan {
  root: PlanNode;
  planningMs: number | null;
  executionMs: number | null;
}

type Raw = Record<string, unknown>;

const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);

const DETAIL_KEYS: [string, string][] = [
  ['Index Name', 'Index'],
  ['Index Cond', 'Index condition'],
  ['Hash Cond', 'Hash condition'],
  ['Merge Cond', 'Merge condition'],
  ['Join Filter', 'Join filter'],
  ['Filter', 'Filter'],
  ['Rows Removed by Filter', 'Rows removed by filter'],
  ['Sort Key', 'Sort key'],
  ['Group Key', 'Group key'],
  ['Recheck Cond', 'Recheck condition'],
];

function toNode(raw: Raw): PlanNode {
  const type = String(raw['Node Type'] ?? 'Plan step');
  const relation = typeof raw['Relation Name'] === 'string' ? `${raw['Schema'] ? `${String(raw['Schema'])}.` : ''}${raw['Relation Name']}` : null;
  const strategy = typeof raw['Strategy'] === 'string' && raw['Strategy'] !== 'Plain' ? `${raw['Strategy']} ` : '';
  const join = typeof raw['Join Type'] === 'string' && type.includes('Join') ? `${raw['Join Type']} ` : '';
  const alias = typeof raw['Alias'] === 'string' && raw['Alias'] !== raw['Relation Name'] ? ` ${raw['Alias']}` : '';
  const title = `${join}${strategy}${type}${relation ? ` on ${relation}${alias}` : ''}`;
  const details = DETAIL_KEYS.flatMap(([key, label]) => {
    const value = raw[key];
    if (value === undefined || value === null) return [];
    return [`${label}: ${Array.isArray(value) ? value.join(', ') : String(value)}`];
  });
  const total = num(raw['Total Cost']);
  const startup = num(raw['Startup Cost']);
  const actualRows = num(raw['Actual Rows']);
  const children = Array.isArray(raw['Plans']) ? (raw['Plans'] as Raw[]).map(toNode) : [];
  return {
    title,
    details,
    estimatedRows: num(raw['Plan Rows']),
    cost: total !== null ? { startup: startup ?? 0, total } : null,
    actual: actualRows !== null ? { rows: actualRows, ms: num(raw['Actual Total Time']) ?? 0, loops: num(raw['Actual Loops']) ?? 1 } : null,
    children,
  };
}

/** The plan in a cell of an EXPLAIN (FORMAT JSON) result (JSON text or already parsed); null when it is not one. */
export function parsePlan(cell: unknown): ExplainPlan | null {
  let value = cell;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const first = Array.isArray(value) ? (value[0] as Raw | undefined) : undefined;
  const plan = first?.['Plan'];
  if (!plan || typeof plan !== 'object') return null;
  return { root: toNode(plan as Raw), planningMs: num(first['Planning Time']), executionMs: num(first['Execution Time']) };
}

/** The nodes depth first with their depth, for a flat, indented list. */
export function flattenPlan(root: PlanNode): { node: PlanNode; depth: number }[] {
  const out: { node: PlanNode; depth: number }[] = [];
  const walk = (node: PlanNode, depth: number) => {
    out.push({ node, depth });
    for (const child of node.children) walk(child, depth + 1);
  };
  walk(root, 0);
  return out;
}
