import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALL_PERMISSIONS, PERMISSIONS } from '@plinth/shared-contracts';
import { createFakeApi, snippet } from '@plinth/area-kit/testing';
import { renderArea } from '../../testing/render-area';

describe('SQL editor page', () => {
  it('runs the text with Ctrl+Enter and shows the rows', async () => {
    const user = userEvent.setup();
    const api = createFakeApi({
      runQuery: (query) =>
        query.includes('from orders')
          ? { rows: [{ id: 1, total: 12.5 }, { id: 2, total: null }], columns: [{ name: 'id' }, { name: 'total' }] }
          : { status: 400, message: 'relation "nope" does not exist' },
    });
    renderArea('sql/new', { api });
    await user.type(screen.getByRole('textbox', { name: 'SQL' }), 'select * from orders');
    await user.keyboard('{Control>}{Enter}{/Control}');
    const table = await screen.findByRole('table', { name: 'Results' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual(['idtotal', '112.5', '2NULL']);
    expect(screen.getByText('2 rows')).toBeTruthy();
  });

  it('shows the database error of a failed statement', async () => {
    const user = userEvent.setup();
    renderArea('sql/new', { api: createFakeApi({ runQuery: () => ({ status: 400, message: 'relation "nope" does not exist' }) }) });
    await user.type(screen.getByRole('textbox', { name: 'SQL' }), 'select * from nope');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error: relation "nope" does not exist');
  });

  it('saves a new query as a personal query and opens it', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    renderArea('sql/new', { api });
    await user.type(screen.getByRole('textbox', { name: 'SQL' }), 'select 42');
    await user.click(screen.getByRole('button', { name: 'Save query' }));
    expect(await screen.findByRole('heading', { name: 'Untitled query' })).toBeTruthy();
    expect(api.state.snippets.map((s) => s.content.sql)).toEqual(['select 42']);
    expect(within(screen.getByRole('region', { name: 'Your queries' })).getByRole('link', { name: 'Untitled query' })).toBeTruthy();
  });

  it('opens a saved query and moves it into Favorites', async () => {
    const user = userEvent.setup();
    const saved = snippet({ name: 'Top customers', content: { sql: 'select name from customers', favorite: false, schema_version: '1.0' } });
    renderArea(`sql/${saved.id}`, { api: createFakeApi({ snippets: [saved] }) });
    expect(await screen.findByRole('heading', { name: 'Top customers' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'SQL' }) as HTMLTextAreaElement).value).toBe('select name from customers');
    await user.click(screen.getByRole('button', { name: 'Add to favorites' }));
    const favorites = screen.getByRole('region', { name: 'Favorites' });
    expect(await within(favorites).findByRole('link', { name: 'Top customers' })).toBeTruthy();
  });

  it('disables Run without the permission to run SQL', async () => {
    renderArea('sql/new', { permissions: ALL_PERMISSIONS.filter((p) => p !== PERMISSIONS.SQL_QUERY_RUN) });
    expect(screen.getByRole('button', { name: 'Run' }).getAttribute('aria-disabled')).toBe('true');
  });
});
