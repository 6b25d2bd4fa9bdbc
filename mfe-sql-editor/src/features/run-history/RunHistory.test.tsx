import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SqlHistoryPage } from '@plinth/contracts-database';
import { createFakeApi } from '@plinth/area-kit/testing';
import { renderArea } from '../../testing/render-area';

const page: SqlHistoryPage = {
  entries: [
    { id: 2, sql: 'select * from missing', ranAt: '2026-11-24T10:05:00.000Z', durationMs: 3, rows: null, status: 'error', error: 'relation "missing" does not exist' },
    { id: 1, sql: 'select n from generate_series(1, 7) n', ranAt: '2026-11-24T10:00:00.000Z', durationMs: 4_230, rows: 7, status: 'success', error: null },
  ],
  next: null,
};

/** The fake API with the history route answered. */
function apiWithHistory() {
  const api = createFakeApi();
  const database = api.clients.database;
  api.clients.database = new Proxy(database, {
    get: (target, key) => (key === 'listSqlHistory' ? async () => page : Reflect.get(target, key)),
  });
  return api;
}

beforeEach(() => localStorage.clear());

describe('query history', () => {
  it('lists the runs with duration, rows and status, and opens one as a new query', async () => {
    const api = apiWithHistory();
    renderArea('sql/history', { api });
    const table = await screen.findByRole('grid', { name: 'Query history' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('select * from missing');
    expect(rows[0]!.textContent).toContain('Error');
    expect(rows[0]!.textContent).toContain('—');
    expect(rows[1]!.textContent).toContain('4.2 s');
    expect(rows[1]!.textContent).toContain('Success');
    await userEvent.click(within(rows[1]!).getByText('select n from generate_series(1, 7) n'));
    await waitFor(() => expect(api.state.snippets.map((s) => s.content.sql)).toEqual(['select n from generate_series(1, 7) n']));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/sql/${api.state.snippets[0]!.id}`));
  });
});
