import { describe, expect, it } from 'vitest';
import { asJsonExplain, explainPrefix, explainQuery } from './explain-sql';
import { flattenPlan, parsePlan } from './plan-tree';

describe('EXPLAIN in the editor', () => {
  it('explains the statement in JSON, with ANALYZE on request, leaving its last semicolon out', () => {
    expect(explainQuery('select * from todos;\n', false)).toBe('explain (format json) select * from todos');
    expect(explainQuery('select 1', true)).toBe('explain (analyze, format json) select 1');
    expect(explainQuery('select 1', true).indexOf('select 1')).toBe(explainPrefix(true).length);
  });

  it('runs a typed EXPLAIN [ANALYZE] [VERBOSE] as the same plan in JSON, and leaves any other text alone', () => {
    expect(asJsonExplain('explain select 1')).toBe('explain (format json) select 1');
    expect(asJsonExplain('  EXPLAIN ANALYSE verbose select * from t;')).toBe('  explain (analyze, verbose, format json) select * from t;');
    expect(asJsonExplain('explain (costs off) select 1')).toBe('explain (costs off) select 1');
    expect(asJsonExplain('explain select 1; select 2')).toBe('explain select 1; select 2');
    expect(asJsonExplain('select explain from t')).toBe('select explain from t');
  });
});

const analyzed = [
  {
    Plan: {
      'Node Type': 'Hash Join',
      'Join Type': 'Inner',
      'Startup Cost': 1.5,
      'Total Cost': 35.25,
      'Plan Rows': 120,
      'Actual Rows': 98,
      'Actual Total Time': 0.412,
      'Actual Loops': 1,
      'Hash Cond': '(t.owner_id = u.id)',
      Plans: [
        { 'Node Type': 'Seq Scan', 'Relation Name': 'todos', Schema: 'public', Alias: 't', 'Total Cost': 22, 'Plan Rows': 1200, Filter: '(NOT is_complete)', 'Rows Removed by Filter': 4 },
        { 'Node Type': 'Hash', 'Total Cost': 1.2, 'Plan Rows': 10, Plans: [{ 'Node Type': 'Index Scan', 'Relation Name': 'users', Schema: 'auth', Alias: 'u', 'Index Name': 'users_pkey', 'Total Cost': 1.1, 'Plan Rows': 10 }] },
      ],
    },
    'Planning Time': 0.08,
    'Execution Time': 0.5,
  },
];

describe('a plan as a tree', () => {
  it('reads each node’s step, table, conditions, estimates and actual figures, children in order', () => {
    const plan = parsePlan(JSON.stringify(analyzed))!;
    expect(plan).toMatchObject({ planningMs: 0.08, executionMs: 0.5 });
    expect(plan.root).toMatchObject({ title: 'Inner Hash Join', estimatedRows: 120, cost: { startup: 1.5, total: 35.25 }, actual: { rows: 98, ms: 0.412, loops: 1 } });
    expect(plan.root.details).toEqual(['Hash condition: (t.owner_id = u.id)']);
    expect(flattenPlan(plan.root).map(({ node, depth }) => [depth, node.title])).toEqual([
      [0, 'Inner Hash Join'],
      [1, 'Seq Scan on public.todos t'],
      [1, 'Hash'],
      [2, 'Index Scan on auth.users u'],
    ]);
    expect(plan.root.children[0]!.details).toEqual(['Filter: (NOT is_complete)', 'Rows removed by filter: 4']);
    expect(plan.root.children[0]!.actual).toBeNull();
  });

  it('takes an already parsed plan, and refuses what is not one', () => {
    expect(parsePlan(analyzed)?.root.title).toBe('Inner Hash Join');
    expect(parsePlan('Seq Scan on todos  (cost=0.00..22.00 rows=1200 width=8)')).toBeNull();
    expect(parsePlan([{ nope: 1 }])).toBeNull();
    expect(parsePlan(null)).toBeNull();
  });
});
