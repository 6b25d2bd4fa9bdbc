import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi } from '@plinth/area-kit/testing';
import { renderArea } from '../../testing/render-area';

describe('recent log queries', { timeout: 20_000 }, () => {
  it('lists what ran, failed runs with their error, and opens one with its range', async () => {
    const api = createFakeApi({
      recentLogQueries: [
        { id: 2, sql: 'select nope', iso_timestamp_start: '2026-01-02T10:00:00.000Z', iso_timestamp_end: '2026-01-02T11:00:00.000Z', ran_at: '2026-01-02T11:00:00.000Z', rows: null, error: 'column "nope" does not exist' },
        { id: 1, sql: 'select 1', iso_timestamp_start: '2026-01-02T09:00:00.000Z', iso_timestamp_end: '2026-01-02T10:00:00.000Z', ran_at: '2026-01-02T10:00:00.000Z', rows: 3, error: null },
      ],
    });
    const { location } = renderArea('logs/explorer/recent', { api });
    const list = await screen.findByRole('list', { name: 'Recent queries' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]!).getByText('Failed')).toBeTruthy();
    expect(within(items[0]!).getByText('column "nope" does not exist')).toBeTruthy();
    expect(within(items[1]!).getByText('3 rows')).toBeTruthy();
    await userEvent.setup({ delay: null }).click(within(items[1]!).getByRole('button', { name: /^Open query run/ }));
    await waitFor(() => expect(location()).toContain('/logs/explorer?q=select+1&from=2026-01-02T09'));
    expect((await screen.findByLabelText('Range start') as HTMLInputElement).value).not.toBe('');
  });

  it('says when nothing ran yet', async () => {
    renderArea('logs/explorer/recent', { api: createFakeApi() });
    expect(await screen.findByText('No recent queries')).toBeTruthy();
  });
});
