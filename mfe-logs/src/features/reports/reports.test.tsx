import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiReport, createFakeApi } from '@plinth/area-kit/testing';
import { renderArea } from '../../testing/render-area';

const total = (label: string) => document.querySelector(`[data-total="${label}"]`)?.textContent;

describe('reports', { timeout: 20_000 }, () => {
  it("the API report shows the request log's figures, errors and slowest paths, and asks again for another window", async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    api.state.apiReport = apiReport();
    renderArea('reports/api-overview', { api });
    await waitFor(() => expect(total('Requests')).toBe('12'));
    expect(total('Errors')).toBe('1 (8.3 %)');
    expect(total('Average response')).toBe('15 ms');
    expect(screen.getByRole('img', { name: 'Requests over time: 12 requests, 1 errors' })).toBeTruthy();
    expect(within(screen.getByRole('grid', { name: 'Most frequent errors' })).getByText('GET /rest/v1/missing_table')).toBeTruthy();
    expect(within(screen.getByRole('grid', { name: 'Slowest paths' })).getByText('GET /rest/v1/todos')).toBeTruthy();
    expect(within(screen.getByRole('grid', { name: 'Requests by service' })).getByText('rest')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Last 7 days' }));
    await waitFor(() => expect(api.argsOf('logs.getApiReport').at(-1)![1]).toEqual({ window: '7d' }));
  });

  it('an empty window says what will appear there; a failed load offers a retry', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    api.failures['logs.getApiReport'] = { status: 503, message: 'The log store is not answering' };
    renderArea('reports/api-overview', { api });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load the report');
    delete api.failures['logs.getApiReport'];
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'No requests in this window' })).toBeTruthy();
  });

  it('the Storage report asks for storage calls alone and lists operations', async () => {
    const api = createFakeApi();
    api.state.apiReport = apiReport();
    renderArea('reports/storage', { api });
    expect(await screen.findByRole('grid', { name: 'Requests by operation' })).toBeTruthy();
    expect(api.argsOf('logs.getApiReport')[0]![1]).toEqual({ window: '24h', service: 'storage' });
  });

  it('with the storage_report flag off, the menu has no Storage entry and the page says the report is off', async () => {
    const api = createFakeApi();
    api.state.featureFlags = { storage_report: false };
    renderArea('reports/storage', { api });
    expect(await screen.findByText('The Storage report is turned off for this organization')).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Reports' });
    expect(within(menu).getAllByRole('link').map((l) => l.textContent)).toEqual(['Overview', 'API', 'Database', 'Query performance']);
  });

  it('reports of figures the platform does not measure say so, with no numbers', async () => {
    renderArea('reports/query-performance');
    expect(await screen.findByText('The platform does not measure per-query statistics yet')).toBeTruthy();
    expect(document.querySelector('[data-total]')).toBeNull();
  });
});
