import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { findDialog } from '@plinth/area-kit/testing';
import { useRealApi } from '@plinth/area-kit/testing/real-api';
import { createApi } from '../../api';
import { renderArea } from '../../testing/render-area';

const api = useRealApi(createApi);

/** Saves queries for the team through the API; the calls made to save them are forgotten. */
async function saved(...queries: { name: string; description?: string; sql?: string }[]) {
  const made = [];
  for (const q of queries) made.push(await api.clients.logQueries.createSavedLogQuery(api.projectRef, { description: '', sql: 'select count(*) from edge_logs', ...q }));
  api.reset();
  return made;
}
const savedNow = async () => (await api.clients.logQueries.listSavedLogQueries(api.projectRef)).queries;

afterEach(async () => {
  for (const q of await savedNow()) await api.clients.logQueries.deleteSavedLogQuery(api.projectRef, q.id);
});

describe('saved log queries', { timeout: 20_000 }, () => {
  it('renames a saved query and edits its description', async () => {
    const [errors] = await saved({ name: 'Errors', description: 'old', sql: 'select 1' });
    renderArea('logs/explorer/saved', { api });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit Errors' }));
    const dialog = await findDialog('Edit saved query');
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Failing calls');
    const description = within(dialog).getByRole('textbox', { name: /Description/ });
    await user.clear(description);
    await user.type(description, 'Every 4xx and 5xx');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Saved queries' })).getByRole('heading', { name: 'Failing calls' })).toBeTruthy());
    expect(within(screen.getByRole('list', { name: 'Saved queries' })).getByText('Every 4xx and 5xx')).toBeTruthy();
    expect(api.argsOf('logQueries.updateSavedLogQuery')[0]!.slice(1)).toEqual([errors!.id, { name: 'Failing calls', description: 'Every 4xx and 5xx' }]);
    expect((await savedNow()).map((q) => [q.name, q.description, q.sql])).toEqual([['Failing calls', 'Every 4xx and 5xx', 'select 1']]);
  });

  it('deletes a saved query after confirmation, and Cancel keeps it', async () => {
    await saved({ name: 'Errors' }, { name: 'Slow' });
    renderArea('logs/explorer/saved', { api });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Delete Errors' }));
    await user.click(within(await findDialog('Delete "Errors"?')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete Errors' }));
    await user.click(within(await findDialog('Delete "Errors"?')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Saved queries' })).queryByRole('heading', { name: 'Errors' })).toBeNull());
    expect((await savedNow()).map((q) => q.name)).toEqual(['Slow']);
  });

  it('opens a saved query in the query page, and says the page is hosted only elsewhere', async () => {
    await saved({ name: 'Errors', sql: 'select 2' });
    const { location, unmount } = renderArea('logs/explorer/saved', { api });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Open Errors' }));
    await waitFor(() => expect(location()).toMatch(/^\/logs\/explorer\?q=select\+2&saved=\d+$/));
    expect(api.argsOf('logQueries.runLogQuery')).toHaveLength(0);
    unmount();
    renderArea('logs/explorer/saved', { api, buildMode: 'self-hosted' });
    expect(screen.getByText('This page is only available on the hosted platform.')).toBeTruthy();
  });

  it('shows the empty list and a failed load with Retry', async () => {
    api.failures['logQueries.listSavedLogQueries'] = { status: 503, message: 'Log store unavailable' };
    renderArea('logs/explorer/saved', { api });
    expect(await screen.findByText('Log store unavailable')).toBeTruthy();
    api.failures['logQueries.listSavedLogQueries'] = undefined;
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No saved queries')).toBeTruthy();
  });
});

describe('a saved query in the query page', { timeout: 20_000 }, () => {
  it('runs it from Saved Queries and saves the edited text back into it', async () => {
    await saved({ name: 'Errors', description: 'Kept', sql: 'select 2 as two' });
    renderArea('logs/explorer/saved', { api });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Run Errors' }));
    const results = await screen.findByRole('grid', { name: 'Query results' });
    expect(within(results).getByRole('columnheader', { name: /two/ })).toBeTruthy();
    const field = screen.getByRole('textbox', { name: 'Log query' });
    await user.clear(field);
    await user.type(field, 'select 3');
    await user.click(screen.getByRole('button', { name: 'Update "Errors"' }));
    await waitFor(() => expect(api.argsOf('logQueries.updateSavedLogQuery')).toHaveLength(1));
    expect(api.argsOf('logQueries.updateSavedLogQuery')[0]![2]).toEqual({ name: 'Errors', description: 'Kept', sql: 'select 3' });
    await waitFor(async () => expect((await savedNow())[0]!.sql).toBe('select 3'));
    expect(screen.getByRole('button', { name: 'Save as new query' })).toBeTruthy();
  });
});
