import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALL_PERMISSIONS, PERMISSIONS } from '@plinth/shared-contracts';
import type { SqlStatementResult } from '@plinth/contracts-database';
import { createFakeApi } from '@plinth/area-kit/testing';
import { renderArea } from '../../testing/render-area';

const permissions = ALL_PERMISSIONS.filter((p) => p !== PERMISSIONS.USER_CONTENT_CREATE);
const result = (r: Partial<SqlStatementResult>): SqlStatementResult => ({ statement: '', command: 'SELECT', columns: [], rows: [], affectedRows: null, truncated: false, totalRows: 0, ...r });
const plan = [{ Plan: { 'Node Type': 'Seq Scan', 'Relation Name': 'todos', Schema: 'public', Alias: 'todos', 'Total Cost': 22, 'Plan Rows': 1200, 'Actual Rows': 3, 'Actual Total Time': 0.02, 'Actual Loops': 1 } }];

async function typeQuery(text: string) {
  const user = userEvent.setup();
  await screen.findByTestId('sql-code-editor', {}, { timeout: 5_000 });
  await user.click(screen.getByRole('textbox', { name: 'SQL' }));
  await user.keyboard(text);
  return user;
}

beforeEach(() => localStorage.clear());

describe('results of a run', () => {
  it('shows a tab per statement with its row count or command tag, the last one first', async () => {
    const api = createFakeApi({
      runQuery: () => ({
        rows: [],
        columns: [],
        results: [
          result({ command: 'CREATE TABLE' }),
          result({ command: 'INSERT', affectedRows: 2 }),
          result({ command: 'SELECT', columns: [{ name: 'id' }, { name: 'task' }], rows: [[1, 'write'], [2, 'test']], totalRows: 2 }),
        ],
      }),
    });
    renderArea('sql/new', { api, permissions });
    const user = await typeQuery('select 1; select 2');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    const tabs = await screen.findByRole('tablist', { name: 'Statement results' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['1. CREATE TABLECREATE TABLE', '2. INSERTINSERT 2', '3. SELECT2 rows']);
    const grid = await screen.findByRole('grid', { name: 'Results' });
    expect(within(grid).getAllByRole('gridcell').map((c) => c.textContent)).toEqual(['1', 'write', '2', 'test']);
    await user.click(within(tabs).getByRole('tab', { name: /2\. INSERT/ }));
    expect(screen.getByText('Success. 2 rows affected.')).toBeTruthy();
    await user.click(within(tabs).getByRole('tab', { name: /1\. CREATE TABLE/ }));
    expect(screen.getByText('Success. CREATE TABLE')).toBeTruthy();
    // The editor asks for each statement's result and keeps the run in the history.
    expect(api.argsOf('database.runQuery').at(-1)?.[1]).toMatchObject({ resultShape: 'statements', history: true });
  });

  it('shows the first rows of a large result while the rest load, and says how many could be loaded when loading stops', async () => {
    const api = createFakeApi({
      runQuery: () => ({ rows: [], columns: [], results: [result({ columns: [{ name: 'n' }], rows: [[1], [2], [3]], totalRows: 10, cursor: 'run-large-1' })] }),
    });
    api.failures['database.runQueryRows'] = { status: 404, message: 'This result is no longer kept: run the query again to see its rows.', code: 'RESULT_GONE' };
    renderArea('sql/new', { api, permissions });
    const user = await typeQuery('select n from big');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    const grid = await screen.findByRole('grid', { name: 'Results' });
    expect(within(grid).getAllByRole('gridcell').map((c) => c.textContent)).toEqual(['1', '2', '3']);
    expect(await screen.findByText('Only the first 3 rows of 10 could be loaded')).toBeTruthy();
    expect(screen.getByText('This result is no longer kept: run the query again to see its rows.')).toBeTruthy();
    expect(api.argsOf('database.runQueryRows')[0]?.[1]).toEqual({ cursor: 'run-large-1', offset: 3, limit: 7 });
  });

  it('explains the text as a plan tree with the Explain analyze button', async () => {
    const api = createFakeApi({ runQuery: (query) => ({ rows: [], columns: [], results: [result({ command: 'EXPLAIN', columns: [{ name: 'QUERY PLAN' }], rows: [[query.startsWith('explain (analyze, format json) ') ? plan : []]], totalRows: 1 })] }) });
    renderArea('sql/new', { api, permissions });
    const user = await typeQuery('select * from todos');
    await user.click(screen.getByRole('button', { name: 'Explain analyze' }));
    const tree = await screen.findByRole('tree', { name: 'Plan tree' });
    const node = within(tree).getByRole('treeitem', { name: 'Seq Scan on public.todos' });
    expect(node.textContent).toContain('1,200 rows estimated');
    expect(node.textContent).toContain('3 rows in 0.02 ms');
    expect(api.argsOf('database.runQuery').at(-1)?.[1]).toMatchObject({ query: 'explain (analyze, format json) select * from todos' });
  });
});
