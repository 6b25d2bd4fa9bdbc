import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { LOG_QUERY_TEMPLATES } from '@plinth/contracts-logs';
import { findDialog } from '@plinth/area-kit/testing';
import { useRealApi } from '@plinth/area-kit/testing/real-api';
import { createApi } from '../../api';
import { renderArea } from '../../testing/render-area';
import { explorerAddress } from '../../area/explorer-address';

// The logs explorer over a real project's logs: an app asked three times for a missing table.
const api = useRealApi(createApi);
beforeAll(async () => {
  for (let i = 0; i < 3; i += 1) expect((await api.app({ method: 'GET', path: '/rest/v1/missing' })).status).toBe(404);
});

// jsdom does no layout: give the table's scrolling element the 400 px a browser would.
let heightSpy: { mockRestore: () => void } | undefined;
beforeEach(() => {
  heightSpy = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.hasAttribute('data-virtual-list') ? 400 : 0;
  });
});
afterEach(() => heightSpy?.mockRestore());

/** The query page opened with a text (as Templates, Saved and Recent open it). */
const at = (sql: string, run = false) => explorerAddress({ sql, run }).slice(1);

/** The editor once CodeMirror has loaded in place of the plain field. */
async function editor() {
  const host = await screen.findByTestId('sql-code-editor', {}, { timeout: 5_000 });
  return within(host).findByRole('textbox', { name: 'Log query' });
}

const cells = () =>
  within(screen.getByRole('grid', { name: 'Query results' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('gridcell').map((c) => c.textContent));

/** A minute of today, `minutes` from now, as a datetime-local field takes it (local time). */
function localMinute(minutes: number) {
  const d = new Date(Date.now() + minutes * 60_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

const errorsByPath = LOG_QUERY_TEMPLATES.find((t) => t.id === 'errors-by-path')!;

describe('logs explorer query page', { timeout: 20_000 }, () => {
  it('runs a template from the Templates page: it opens in the query page and its rows show', async () => {
    const { location } = renderArea('logs/explorer/templates', { api });
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('heading', { name: /API Edge/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Run Errors by path' }));
    await waitFor(() => expect(location()).toMatch(/^\/logs\/explorer\?q=/));
    await waitFor(() => expect(cells()).toEqual([['rest', '/missing', '404', '3']]));
    expect(api.argsOf('logQueries.runLogQuery')[0]![1]).toMatchObject({ sql: errorsByPath.sql });
    expect(screen.getByText(/^1 row from/)).toBeTruthy();
  });

  it('runs the text typed with Mod+Enter, and says when the rows stop at the row limit', async () => {
    renderArea(at(''), { api });
    const user = userEvent.setup();
    // The page opens with a plain field; the shared SQL editor comes when the pointer reaches it.
    const plain = await screen.findByRole('textbox', { name: 'Log query' });
    expect(screen.queryByTestId('sql-code-editor')).toBeNull();
    await user.hover(plain);
    await user.click(await editor());
    await user.keyboard('select n from generate_series(1, 1001) n');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('Results truncated')).toBeTruthy();
    expect(screen.getByText(/Only the first 1,000 rows are shown/)).toBeTruthy();
    expect(api.argsOf('logQueries.runLogQuery')[0]![1]).toMatchObject({ sql: 'select n from generate_series(1, 1001) n', limit: 1000 });
  });

  it('runs from the plain field with Ctrl+Enter before the editor has come', async () => {
    renderArea(at(''), { api });
    const plain = await screen.findByRole('textbox', { name: 'Log query' });
    plain.focus();
    const user = userEvent.setup({ delay: null });
    await user.keyboard('select 5{Control>}{Enter}{/Control}');
    await waitFor(() => expect(api.argsOf('logQueries.runLogQuery')[0]?.[1]).toMatchObject({ sql: 'select 5' }));
    expect(await screen.findByText(/^1 row from/)).toBeTruthy();
  });

  it("shows the API's message for bad SQL with the line and column it points at, and the time-out", async () => {
    const view = renderArea(at('select nope from edge_logs', true), { api });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The query is not valid')).toBeTruthy();
    expect(alert.textContent).toContain('column "nope" does not exist (at character 8) — line 1, column 8');
    view.unmount();
    // The API's answer when a query runs past the log query time-out (10 s: too long to wait for here).
    api.failures['logQueries.runLogQuery'] = { status: 400, message: 'The query was stopped after 10 s, the log query time-out: narrow the time range or filter more', code: 'log_query_timeout' };
    renderArea(at('select count(*) from edge_logs', true), { api });
    expect(within(await screen.findByRole('alert')).getByText('The query took too long')).toBeTruthy();
  });

  it('sends the chosen time range, and a custom one, to the API', async () => {
    renderArea(at('select 1'), { api });
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time range' }), '3h');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(api.argsOf('logQueries.runLogQuery')).toHaveLength(1));
    const sent = api.argsOf('logQueries.runLogQuery')[0]![1] as { iso_timestamp_start: string; iso_timestamp_end: string };
    expect(Date.parse(sent.iso_timestamp_end) - Date.parse(sent.iso_timestamp_start)).toBe(3 * 3_600_000);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Time range' }), 'custom');
    const start = screen.getByLabelText('Range start');
    const end = screen.getByLabelText('Range end');
    // Half an hour of today, in the field's local time.
    const [from, to] = [localMinute(-60), localMinute(-30)];
    await user.clear(start);
    await user.type(start, from);
    await user.clear(end);
    await user.type(end, to);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(api.argsOf('logQueries.runLogQuery')).toHaveLength(2));
    const custom = api.argsOf('logQueries.runLogQuery')[1]![1] as { iso_timestamp_start: string; iso_timestamp_end: string };
    expect(custom.iso_timestamp_start).toBe(new Date(from).toISOString());
    expect(custom.iso_timestamp_end).toBe(new Date(to).toISOString());
    expect(await screen.findByText(/^1 row from/)).toBeTruthy();
  });

  it("offers only the ranges the plan keeps, and shows the API's refusal of an empty range", async () => {
    renderArea(at('select 1'), { api });
    const user = userEvent.setup({ delay: null });
    const week = await screen.findByRole('option', { name: 'Last 7 days (beyond your plan)' });
    expect((week as HTMLOptionElement).disabled).toBe(true);
    expect(screen.getByText('Your plan keeps 1 day of logs.')).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time range' }), 'custom');
    const start = screen.getByLabelText('Range start');
    const end = screen.getByLabelText('Range end');
    await user.clear(start);
    await user.type(start, '2020-01-02T10:00');
    await user.clear(end);
    await user.type(end, '2020-01-02T10:30');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('logs are kept 1 day on this plan');
  });

  it('draws the events of the range per time bucket above the rows, with the figures as a table', async () => {
    const sql = "select timestamp, path from edge_logs where path = '/missing'";
    renderArea(at(sql, true), { api });
    // The bucket follows the range (a minute over the last hour, 5 minutes over 3 hours...).
    expect(await screen.findByRole('img', { name: /^Histogram: 3 rows, at most [1-3] in one / })).toBeTruthy();
    expect(screen.getByText(/^3 rows over the range, per \d+ (minute|hour)s? \(by timestamp\)$/)).toBeTruthy();
    const table = screen.getByRole('table', { name: /^rows per /, hidden: true });
    expect(within(table).getAllByRole('row', { hidden: true }).length).toBeGreaterThan(30);
  });

  it('counts every row of the range when the result stopped at the row limit, and says when it could count the rows shown only', async () => {
    const sql = "select now() - interval '5 minutes' as timestamp from generate_series(1, 1001)";
    const first = renderArea(at(sql, true), { api });
    // 1,000 rows shown; the histogram asks the API for the whole range and counts all 1,001.
    expect(await screen.findByRole('img', { name: /^Histogram: 1,001 rows, at most 1,001 in one / }, { timeout: 40_000 })).toBeTruthy();
    expect(screen.getByText(/every row the query matches, not only the rows shown/)).toBeTruthy();
    const asked = api.argsOf('apiReports.getLogHistogram').at(-1)![1] as Record<string, unknown>;
    expect(asked).toMatchObject({ sql, time_column: 'timestamp' });
    expect(asked).not.toHaveProperty('count_column');
    const table = screen.getByRole('table', { name: /^rows per /, hidden: true });
    expect(within(table).getAllByRole('cell', { hidden: true }).some((c) => c.textContent === '1,001')).toBe(true);
    first.unmount();
    // When the count fails, the histogram says it counted the rows shown only.
    api.failures['apiReports.getLogHistogram'] = { status: 503, message: 'The log store is not answering' };
    try {
      renderArea(at(`${sql} -- again`, true), { api });
      expect(await screen.findByRole('img', { name: /^Histogram \(partial\): 1,000 rows/ }, { timeout: 10_000 })).toBeTruthy();
      expect(await screen.findByText(/partial: counted from the rows shown only, the result was truncated/, {}, { timeout: 10_000 })).toBeTruthy();
    } finally {
      delete api.failures['apiReports.getLogHistogram'];
    }
  });

  it("opens a row's every column in a side panel that copies it as JSON", async () => {
    const sql = "select '2026-01-02T10:00:00Z' as timestamp, '/todos' as path, json_build_object('ip', '10.0.0.1') as metadata union all select '2026-01-02T10:01:00Z', '/token', null";
    const { notices } = renderArea(at(sql, true), { api });
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(cells()).toHaveLength(2));
    await user.click(screen.getByText('/token'));
    const panel = await findDialog('Event at 2026-01-02T10:01:00Z');
    expect(within(panel).getByText('NULL')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Copy as JSON' }));
    expect(JSON.parse(await navigator.clipboard.readText())).toEqual({ timestamp: '2026-01-02T10:01:00Z', path: '/token', metadata: null });
    expect(notices.map((n) => n.message)).toContain('Copied row as JSON to clipboard');
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Copy as CSV' }));
    expect(await navigator.clipboard.readText()).toBe('timestamp,path,metadata\r\n2026-01-02T10:00:00Z,/todos,"{""ip"":""10.0.0.1""}"\r\n2026-01-02T10:01:00Z,/token,');
  });

  it('saves the query for the team and finds it under Saved Queries, and lists what ran under Recent', async () => {
    const sql = 'select status, count(*) from edge_logs group by status';
    const { location } = renderArea(at(sql, true), { api });
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(cells()).toEqual([['404', '3']]));
    await user.click(screen.getByRole('button', { name: 'Save query' }));
    const dialog = await findDialog('Save query');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Please enter a query name')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Calls by status');
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'How calls end');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.argsOf('logQueries.createSavedLogQuery')[0]![1]).toEqual({ name: 'Calls by status', description: 'How calls end', sql });

    await user.click(screen.getByRole('link', { name: 'Saved Queries' }));
    await waitFor(() => expect(location()).toBe('/logs/explorer/saved'));
    const saved = await screen.findByRole('list', { name: 'Saved queries' });
    expect(within(saved).getByRole('heading', { name: 'Calls by status' })).toBeTruthy();
    expect(within(saved).getByText('How calls end')).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Recent' }));
    const recent = await screen.findByRole('list', { name: 'Recent queries' });
    const run = within(recent).getAllByRole('listitem')[0]!;
    expect(within(run).getByText(sql)).toBeTruthy();
    expect(within(run).getByText('1 row')).toBeTruthy();
  });

  it('shows the full-page notice without analytics read permission, calling nothing', () => {
    renderArea('logs/explorer/templates', { api, permissions: [PERMISSIONS.STORAGE_ADMIN_READ] });
    expect(screen.getByText('Access to logs is restricted')).toBeTruthy();
    expect(api.callNames().filter((n) => n.startsWith('logQueries.'))).toEqual([]);
  });
});
