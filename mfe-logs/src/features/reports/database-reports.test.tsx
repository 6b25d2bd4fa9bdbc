import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRealApi } from '@plinth/area-kit/testing/real-api';
import { createApi } from '../../api';
import { renderArea } from '../../testing/render-area';

// The Database and Query performance reports of a real project database. The tests run in
// order: the first finds no statement yet; then a table is made in the SQL editor (with an index
// nobody uses), an app reads it through the data API, and a slow statement runs in the SQL editor.
const api = useRealApi(createApi);
const total = (label: string) => document.querySelector(`[data-total="${label}"]`)?.textContent;
const statementsShown = () => within(screen.getByRole('grid', { name: 'Statements' })).getAllByRole('row').slice(1).map((r) => r.textContent ?? '');

let seeding: Promise<void> | undefined;
const seeded = () =>
  (seeding ??= (async () => {
    const sql = (query: string) => api.platform.database.runQuery(api.projectRef, { query });
    await sql("create table todos (id serial primary key, title text not null); create index todos_title_idx on todos (title); grant select on todos to anon; insert into todos (title) select 'todo ' || n from generate_series(1, 200) n");
    for (let i = 1; i <= 6; i += 1) expect((await api.app({ method: 'GET', path: `/rest/v1/todos?id=eq.${i}` })).status).toBe(200);
    await sql('select pg_sleep(1)');
    await api.flushLogs();
    api.reset();
  })());

describe('the Query performance report, before anything ran', { timeout: 20_000 }, () => {
  it('says what appears when nothing ran', async () => {
    renderArea('reports/query-performance', { api });
    expect(await screen.findByRole('heading', { name: 'No statements in this window' })).toBeTruthy();
  });
});

describe('the Database report', { timeout: 30_000 }, () => {
  it("shows the database's size, connections, hit rates and transactions, their history, the largest tables and index use", async () => {
    await seeded();
    const user = userEvent.setup();
    renderArea('reports/database', { api });
    await waitFor(() => expect(total('Database size')).toMatch(/^[\d.]+ MB$/));
    expect(total('Connections')).toMatch(/^\d+ of \d+$/);
    expect(total('Cache hit rate')).toMatch(/^[\d.]+ %$/);
    expect(total('Commits')).toMatch(/^[\d,]+$/);
    expect(total('Rollbacks')).toMatch(/^[\d,]+$/);
    expect(screen.getByRole('img', { name: /^Database size: \d+ samples?, latest [\d.]+ MB$/ })).toBeTruthy();
    // The first sample has no transactions before it: the figure table says so.
    const figures = screen.getByRole('table', { name: 'Commits, figures' });
    expect(within(figures).getAllByRole('row')[1]!.lastElementChild?.textContent).toBe('–');
    const tables = screen.getByRole('grid', { name: 'Largest tables' });
    expect(within(tables).getByText('public.todos')).toBeTruthy();
    const indexes = within(screen.getByRole('grid', { name: 'Index use' }));
    expect(indexes.getByText('todos_pkey')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Last 7 days' }));
    await waitFor(() => expect(api.argsOf('databaseReports.getDatabaseReport').at(-1)![1]).toEqual({ window: '7d' }));
  });

  it('says when an index was never used; a failed load offers a retry', async () => {
    await seeded();
    const user = userEvent.setup();
    api.failures['databaseReports.getDatabaseReport'] = { status: 503, message: 'The project database is not answering' };
    renderArea('reports/database', { api });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load the report');
    delete api.failures['databaseReports.getDatabaseReport'];
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    const indexes = await screen.findByRole('grid', { name: 'Index use' });
    const unused = within(indexes).getByText('todos_title_idx').closest('[role="row"]') as HTMLElement;
    expect(within(unused).getByText('Never used')).toBeTruthy();
  });
});

describe('the Query performance report', { timeout: 30_000 }, () => {
  it('lists the statements most time-consuming first, then slowest or most frequent first, and searches them', async () => {
    await seeded();
    const user = userEvent.setup();
    renderArea('reports/query-performance', { api });
    await screen.findByRole('grid', { name: 'Statements' });
    expect(Number(total('Calls'))).toBeGreaterThanOrEqual(8);
    expect(statementsShown()[0]).toContain('pg_sleep($1)'); // a second in all
    await user.click(screen.getByRole('tab', { name: 'Most frequent' }));
    await waitFor(() => expect(statementsShown()[0]).toContain('todos'));
    expect(api.argsOf('databaseReports.getQueryPerformance').at(-1)![1]).toEqual({ window: '24h', sort: 'calls' });
    await user.click(screen.getByRole('tab', { name: 'Slowest' }));
    await waitFor(() => expect(statementsShown()[0]).toContain('pg_sleep($1)'));
    await user.type(screen.getByRole('searchbox', { name: 'Search statements' }), 'generate_series');
    await waitFor(() => expect(statementsShown()).toHaveLength(1));
    expect(statementsShown()[0]).toContain('insert into todos');
    expect(api.argsOf('databaseReports.getQueryPerformance').at(-1)![1]).toEqual({ window: '24h', sort: 'mean', search: 'generate_series' });
  });

  it('opens a statement whole with every figure', async () => {
    await seeded();
    const user = userEvent.setup();
    renderArea('reports/query-performance', { api });
    await user.click(await screen.findByText('select pg_sleep($1)'));
    const panel = await screen.findByRole('dialog', { name: 'Statement' });
    expect(within(panel).getByText('SQL editor')).toBeTruthy();
    expect(panel.textContent).toContain('Calls1');
    expect(panel.textContent).toMatch(/Fastest[\d,.]+ (ms|s)/);
    expect(panel.textContent).toMatch(/Slowest[\d,.]+ (ms|s)/);
    expect(within(panel).getByRole('button', { name: 'Copy statement' })).toBeTruthy();
  });
});
