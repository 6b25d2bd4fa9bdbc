import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRealApi } from '@plinth/area-kit/testing/real-api';
import { createApi } from '../../api';
import { renderArea } from '../../testing/render-area';

// The API and Storage reports of a real project's request log. The tests run in order: the
// first finds the log empty, the second has an app make four calls.
const api = useRealApi(createApi);
const total = (label: string) => document.querySelector(`[data-total="${label}"]`)?.textContent;

describe('reports', { timeout: 20_000 }, () => {
  it('an empty window says what will appear there; a failed load offers a retry', async () => {
    const user = userEvent.setup();
    api.failures['logs.getApiReport'] = { status: 503, message: 'The log store is not answering' };
    renderArea('reports/api-overview', { api });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load the report');
    delete api.failures['logs.getApiReport'];
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'No requests in this window' })).toBeTruthy();
  });

  it("the API report shows the request log's figures, errors and slowest paths, and asks again for another window", async () => {
    expect((await api.app({ method: 'POST', path: '/auth/v1/signup', body: { email: 'ann@example.com', password: 'ann has a good password 1' } })).status).toBe(200);
    expect((await api.app({ method: 'GET', path: '/rest/v1/missing_table' })).status).toBe(404);
    expect((await api.app({ method: 'POST', path: '/storage/v1/bucket', key: 'service_role', body: { name: 'avatars' } })).status).toBe(200);
    expect((await api.app({ method: 'POST', path: '/storage/v1/object/avatars/a.txt', key: 'service_role', body: 'hello', headers: { 'content-type': 'text/plain' } })).status).toBe(200);
    const user = userEvent.setup();
    renderArea('reports/api-overview', { api });
    await waitFor(() => expect(total('Requests')).toBe('4'));
    expect(total('Errors')).toMatch(/^1 \(25(\.0)? %\)$/);
    expect(total('Average response')).toMatch(/^\d+ ms$/);
    expect(screen.getByRole('img', { name: 'Requests over time: 4 requests, 1 errors' })).toBeTruthy();
    expect(within(screen.getByRole('grid', { name: 'Most frequent errors' })).getByText('GET /rest/v1/missing_table')).toBeTruthy();
    expect(within(screen.getByRole('grid', { name: 'Slowest paths' })).getByText('POST /auth/v1/signup')).toBeTruthy();
    const services = within(screen.getByRole('grid', { name: 'Requests by service' }));
    for (const service of ['auth', 'rest', 'storage']) expect(services.getByText(service)).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Last 7 days' }));
    await waitFor(() => expect(api.argsOf('logs.getApiReport').at(-1)![1]).toEqual({ window: '7d' }));
  });

  it('the Storage report asks for storage calls alone and lists operations', async () => {
    renderArea('reports/storage', { api });
    const operations = await screen.findByRole('grid', { name: 'Requests by operation' });
    expect(within(operations).getAllByRole('row').length).toBeGreaterThan(1);
    expect(api.argsOf('logs.getApiReport')[0]![1]).toEqual({ window: '24h', service: 'storage' });
  });

  it('with the storage_report flag off, the menu has no Storage entry and the page says the report is off', async () => {
    await api.platform.featureFlags.setFeatureFlag(api.organization.slug, 'storage_report', false);
    try {
      renderArea('reports/storage', { api });
      expect(await screen.findByText('The Storage report is turned off for this organization')).toBeTruthy();
      const menu = screen.getByRole('navigation', { name: 'Reports' });
      expect(within(menu).getAllByRole('link').map((l) => l.textContent)).toEqual(['Overview', 'API', 'Database', 'Query performance']);
    } finally {
      await api.platform.featureFlags.setFeatureFlag(api.organization.slug, 'storage_report', null);
    }
  });

  it('the overview leads to every report', async () => {
    renderArea('reports', { api });
    expect((await screen.findByRole('link', { name: 'Open the Database report' })).getAttribute('href')).toMatch(/\/reports\/database$/);
    expect(screen.getByRole('link', { name: 'Open the Query performance report' }).getAttribute('href')).toMatch(/\/reports\/query-performance$/);
  });
});
