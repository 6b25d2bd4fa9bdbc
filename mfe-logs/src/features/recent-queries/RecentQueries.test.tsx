import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRealApi } from '@plinth/area-kit/testing/real-api';
import { createApi } from '../../api';
import { renderArea } from '../../testing/render-area';

const api = useRealApi(createApi);

describe('recent log queries', { timeout: 20_000 }, () => {
  it('says when nothing ran yet', async () => {
    renderArea('logs/explorer/recent', { api });
    expect(await screen.findByText('No recent queries')).toBeTruthy();
  });

  it('lists what ran, failed runs with their error, and opens one with its range', async () => {
    const end = new Date(Date.now() - 3_600_000);
    const start = new Date(end.getTime() - 3_600_000);
    const range = { iso_timestamp_start: start.toISOString(), iso_timestamp_end: end.toISOString() };
    await api.clients.logQueries.runLogQuery(api.projectRef, { sql: 'select 1 union all select 2 union all select 3', limit: 100, ...range });
    await expect(api.clients.logQueries.runLogQuery(api.projectRef, { sql: 'select nope', limit: 100, ...range })).rejects.toThrow(/column "nope" does not exist/);
    const { location } = renderArea('logs/explorer/recent', { api });
    const list = await screen.findByRole('list', { name: 'Recent queries' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]!).getByText('Failed')).toBeTruthy();
    expect(within(items[0]!).getByText(/column "nope" does not exist/)).toBeTruthy();
    expect(within(items[1]!).getByText('3 rows')).toBeTruthy();
    await userEvent.setup({ delay: null }).click(within(items[1]!).getByRole('button', { name: /^Open query run/ }));
    await waitFor(() => expect(location()).toContain(`/logs/explorer?q=select+1+union+all+select+2+union+all+select+3&from=${start.toISOString().slice(0, 13)}`));
    expect(((await screen.findByLabelText('Range start')) as HTMLInputElement).value).not.toBe('');
  });
});
