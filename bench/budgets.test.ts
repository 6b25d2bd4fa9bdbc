import { describe, expect, it } from 'vitest';
import { budgetProblems, gateFailure, judge, readBudgets, verdictLine, type Budgets, type RouteBudget } from './budgets';

const KB = 1024;
const sqlNew: RouteBudget = { name: 'SQL editor, new query with its code editor', path: '/project/{ref}/sql/new', ready: '[data-testid="sql-code-editor"]', budgetKb: 353, from: 'sql-editor' };
const storage: RouteBudget = { name: 'storage buckets', path: '/project/{ref}/storage/buckets', ready: 'text="All buckets"', budgetKb: 294, from: 'storage' };

describe('the first-load gate', () => {
  it('fails naming the route, its size and its budget when a route is over', () => {
    const verdicts = [
      judge({ name: sqlNew.name, path: '/project/abc/sql/new', bytes: Math.round(360.4 * KB), scripts: 41 }, sqlNew),
      judge({ name: storage.name, path: '/project/abc/storage/buckets', bytes: 250 * KB, scripts: 30 }, storage),
    ];
    const failure = gateFailure(verdicts);
    expect(failure).toContain('1 route is over budget');
    expect(failure).toContain('SQL editor, new query with its code editor (/project/abc/sql/new): 360.4 KB gzip in 41 scripts, over its budget of 353 KB by 7.4 KB');
    expect(failure).not.toContain('storage buckets');
  });

  it('passes a route exactly at its budget and fails it one byte over', () => {
    expect(gateFailure([judge({ name: 'storage buckets', path: '/x', bytes: 294 * KB, scripts: 1 }, storage)])).toBeNull();
    expect(gateFailure([judge({ name: 'storage buckets', path: '/x', bytes: 294 * KB + 1, scripts: 1 }, storage)])).toContain('over its budget of 294 KB');
  });

  it('says how much room a route within budget has left', () => {
    expect(verdictLine(judge({ name: 'storage buckets', path: '/x', bytes: 269.5 * KB, scripts: 30 }, storage))).toBe('ok    storage buckets (/x): 269.5 KB gzip in 30 scripts, budget 294 KB (24.5 KB to spare)');
  });
});

describe('budgets.json', () => {
  it('holds the budgets issue 21 sets, each a fifth of the yardstick figure it names', () => {
    const budgets = readBudgets();
    const byPath = new Map(budgets.routes.map((r) => [r.path, r.budgetKb]));
    expect(byPath.get('/sign-in')).toBe(180);
    expect(byPath.get('/project/{ref}/storage/buckets')).toBe(294);
    expect(byPath.get('/project/{ref}/auth/users')).toBe(316);
    expect(byPath.get('/project/{ref}/sql/new')).toBe(353);
    expect(byPath.get('/project/{ref}/logs/explorer')).toBe(322);
    expect(byPath.get('/project/{ref}/settings/general')).toBe(293);
  });

  it('refuses a budget that does not follow from its yardstick figure, and a source the file lacks', () => {
    const budgets: Budgets = {
      unit: 'KB',
      rule: 'a fifth',
      yardstick: { storage: { kb: 1469, from: 'issue 10' } },
      routes: [
        { ...storage, budgetKb: 320 },
        { ...sqlNew, from: 'sql-editor' },
      ],
    };
    expect(budgetProblems(budgets)).toEqual([
      "storage buckets: budget 320 KB, but a fifth of the yardstick's 1469 KB (storage) is 294 KB",
      'SQL editor, new query with its code editor: "sql-editor" is not a yardstick figure of the file',
    ]);
  });
});
