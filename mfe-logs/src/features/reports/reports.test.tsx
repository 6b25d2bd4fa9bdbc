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
    api.failures['apiReports.getApiRangeReport'] = { status: 503, message: 'The log store is not answering' };
    renderArea('reports/api-overview', { api });
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toContain('Failed to load the report');
    delete api.failures['apiReports.getApiRangeReport'];
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
    expect(total('Average response')).toMatch(/^[\d,]+(\.\d)? ms$/);
    expect(screen.getByRole('img', { name: 'Requests over time: 4 requests, 1 errors' })).toBeTruthy();
    // The chart's figures as a table: the four calls, one failed, in the buckets of the window.
    const figures = screen.getByRole('table', { name: 'Requests over time, figures' });
    const cells = within(figures).getAllByRole('row').slice(1).map((row) => [...row.querySelectorAll('td')].slice(1).map((td) => Number(td.textContent)));
    expect(cells.reduce((n, [ok, failed]) => n + ok! + failed!, 0)).toBe(4);
    expect(cells.reduce((n, [, failed]) => n + failed!, 0)).toBe(1);
    expect(total('Median (p50)')).toMatch(/^[\d,]+(\.\d)? ms$/);
    expect(total('99th percentile')).toMatch(/^[\d,]+(\.\d)? ms$/);
    // No download yet: no cacheable read, and the figure says what it would count.
    expect(total('Cache hit rate')).toBe('–');
    expect(screen.getByText(/answered 304 Not Modified: 0 of 0/)).toBeTruthy();
    expect(within(screen.getByRole('grid', { name: 'Top paths' })).getByText('POST /auth/v1/signup')).toBeTruthy();
    const errorPaths = within(screen.getByRole('grid', { name: 'Error paths' }));
    expect(errorPaths.getByText('GET /rest/v1/missing_table')).toBeTruthy();
    expect(errorPaths.getByText('404')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Response time percentiles, figures' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Egress over time, figures' })).toBeTruthy();
    expect(within(screen.getByRole('grid', { name: 'Most frequent errors' })).getByText('GET /rest/v1/missing_table')).toBeTruthy();
    expect(within(screen.getByRole('grid', { name: 'Slowest paths' })).getByText('POST /auth/v1/signup')).toBeTruthy();
    const services = within(screen.getByRole('grid', { name: 'Requests by service' }));
    for (const service of ['auth', 'rest', 'storage']) expect(services.getByText(service)).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Last 7 days' }));
    await waitFor(() => expect(api.argsOf('apiReports.getApiRangeReport').at(-1)![1]).toEqual({ window: '7d' }));
    // A custom range: a start after the end is refused on the page; a good one is asked for as ISO times.
    await user.click(screen.getByRole('tab', { name: 'Custom range' }));
    const start = screen.getByLabelText('Range start');
    const end = screen.getByLabelText('Range end');
    await user.clear(start);
    await user.type(start, '2030-01-02T10:00');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Choose a start before the end of the range.')).toBeTruthy();
    await user.clear(start);
    const from = new Date(Date.now() - 30 * 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    await user.type(start, local(from));
    // The end a few minutes ahead (the field has minutes only): the API stops the range at now.
    await user.clear(end);
    await user.type(end, local(new Date(Date.now() + 3 * 60_000)));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(Object.keys(api.argsOf('apiReports.getApiRangeReport').at(-1)![1] as object).sort()).toEqual(['end', 'start']));
    const asked = api.argsOf('apiReports.getApiRangeReport').at(-1)![1] as { start: string; end: string };
    expect(Date.parse(asked.end) - Date.parse(asked.start)).toBeGreaterThan(30 * 60_000);
    await waitFor(() => expect(total('Requests')).toBe('4'));
  });

  it('the Storage report asks for storage calls alone and lists operations', async () => {
    renderArea('reports/storage', { api });
    const operations = await screen.findByRole('grid', { name: 'Requests by operation' });
    expect(within(operations).getAllByRole('row').length).toBeGreaterThan(1);
    expect(api.argsOf('apiReports.getApiRangeReport')[0]![1]).toEqual({ window: '24h', service: 'storage' });
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
