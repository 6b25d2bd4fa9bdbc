import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { findDialog } from '@plinth/area-kit/testing';
import { useRealApi } from '@plinth/area-kit/testing/real-api';
import { createApi } from '../../api';
import { renderArea } from '../../testing/render-area';

// The request log of a real project: an app signs up, signs in, reads a table and asks for a
// missing one and a missing column (the platform records each call), against the console API.
const api = useRealApi(createApi);
let userId = '';

// jsdom does no layout: give the table's scrolling element the 400 px a browser would.
let heightSpy: { mockRestore: () => void } | undefined;
beforeEach(() => {
  heightSpy = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.hasAttribute('data-virtual-list') ? 400 : 0;
  });
});
afterEach(() => heightSpy?.mockRestore());

const paths = () => within(screen.getByRole('grid', { name: 'Log entries' })).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('gridcell').find((c) => c.textContent?.startsWith('/'))?.textContent);

beforeAll(async () => {
  // Made in the SQL editor: the console's own call is in the API Edge source too.
  await api.platform.database.runQuery(api.projectRef, { query: "create table todos (id serial primary key, title text not null); insert into todos (title) values ('write logs'); grant select on todos to anon" });
  const credentials = { email: 'ann@example.com', password: 'ann has a good password 1' };
  // A storage call 90 minutes ago: only a wider range than the last hour shows it.
  expect((await api.app({ method: 'GET', path: '/storage/v1/bucket', key: 'service_role', minutesAgo: 90 })).status).toBe(200);
  expect((await api.app({ method: 'POST', path: '/auth/v1/signup', body: credentials })).status).toBe(200);
  const login = await api.app({ method: 'POST', path: '/auth/v1/token?grant_type=password', body: credentials });
  userId = (login.json as { user: { id: string } }).user.id;
  expect((await api.app({ method: 'POST', path: '/auth/v1/token?grant_type=password', body: { ...credentials, password: 'not the password' } })).status).toBe(400);
  expect((await api.app({ method: 'GET', path: '/rest/v1/todos' })).status).toBe(200);
  expect((await api.app({ method: 'GET', path: '/rest/v1/todos?select=nope' })).status).toBe(400);
  expect((await api.app({ method: 'GET', path: '/rest/v1/missing' })).status).toBe(404);
});

describe('log viewer', { timeout: 20_000 }, () => {
  it('shows the auth source newest first with the auth event, and every field of a row in the detail panel', async () => {
    renderArea('logs/auth-logs', { api });
    await waitFor(() => expect(paths()).toEqual(['/token?grant_type=password', '/token?grant_type=password', '/signup']));
    expect(screen.getByText('user_signedup')).toBeTruthy();
    expect(screen.getByText('login_failed')).toBeTruthy();
    expect(api.argsOf('logs.listProjectLogs')[0]![1]).toMatchObject({ service: 'auth' });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByText('login'));
    const panel = await findDialog();
    expect(within(panel).getByText(userId)).toBeTruthy();
    expect(within(panel).getByText('login')).toBeTruthy();
    expect(within(panel).getByText('?grant_type=password')).toBeTruthy();
  });

  it("gives the detail panel a close button and copy actions only: the entry as JSON, a field's value; × closes it", async () => {
    const { notices } = renderArea('logs/auth-logs', { api });
    await waitFor(() => expect(paths()).toHaveLength(3));
    const user = userEvent.setup({ delay: null });
    const table = screen.getByRole('grid', { name: 'Log entries' });
    table.focus();
    await user.keyboard('{ArrowDown}{Enter}');
    const panel = await findDialog('POST /token');
    const buttons = within(panel).getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent);
    expect(buttons).not.toContain('Cancel');
    expect(buttons).not.toContain('Confirm');
    expect(buttons).toContain('Close');
    // A field without a value has nothing to copy.
    expect(within(panel).queryByRole('button', { name: 'Copy database error' })).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Copy as JSON' }));
    const copied = JSON.parse(await navigator.clipboard.readText());
    expect(copied).toMatchObject({ service: 'auth', method: 'POST', path: '/token', search: 'grant_type=password', status: 200, user_id: userId, event: 'login' });
    expect(notices.map((n) => n.message)).toContain('Copied log entry as JSON to clipboard');
    await user.click(within(panel).getByRole('button', { name: 'Copy user id' }));
    expect(await navigator.clipboard.readText()).toBe(userId);
    await user.click(within(panel).getByRole('button', { name: 'Copy query' }));
    expect(await navigator.clipboard.readText()).toBe('?grant_type=password');

    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(table);
  });

  it('filters by status and search, and widens the range to see older calls', async () => {
    renderArea('logs/edge-logs', { api });
    const user = userEvent.setup({ delay: null });
    // Every call about the project, the console's SQL run among them.
    await waitFor(() =>
      expect(paths()).toEqual(['/missing', '/todos?select=nope', '/todos', '/token?grant_type=password', '/token?grant_type=password', '/signup', `/api/platform/pg-meta/${api.projectRef}/query`]),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), '4xx');
    await waitFor(() => expect(paths()).toEqual(['/missing', '/todos?select=nope', '/token?grant_type=password']));
    await user.type(screen.getByRole('searchbox', { name: 'Search logs' }), 'nope{Enter}');
    await waitFor(() => expect(paths()).toEqual(['/todos?select=nope']));
    await user.clear(screen.getByRole('searchbox', { name: 'Search logs' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), '');
    await user.type(screen.getByRole('searchbox', { name: 'Search logs' }), '{Enter}');
    expect(paths()).not.toContain('/bucket');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time range' }), '24h');
    await waitFor(() => expect(paths().at(-1)).toBe('/bucket'));
  });

  it("offers the source's table in the Logs Explorer, where it runs", async () => {
    const { location } = renderArea('logs/auth-logs', { api });
    await userEvent.setup({ delay: null }).click(await screen.findByRole('link', { name: 'Open in explorer' }));
    await waitFor(() => expect(location()).toMatch(/^\/logs\/explorer\?q=/));
    await waitFor(() => expect(api.argsOf('logQueries.runLogQuery')[0]?.[1]).toMatchObject({ sql: 'select *\nfrom auth_logs\norder by timestamp desc' }));
    // The three auth calls, as rows of the log tables.
    expect(await screen.findByText(/^3 rows from/)).toBeTruthy();
  });

  it('shows only database errors on the Postgres source', async () => {
    renderArea('logs/postgres-logs', { api });
    await waitFor(() => expect(paths()).toEqual(['/missing', '/todos?select=nope']));
    expect(screen.getByText(/^42703: column todos\.nope does not exist/)).toBeTruthy();
    expect(screen.getByText(/^PGRST205: /)).toBeTruthy();
  });

  it('follows new entries with the live tail, and pauses while the table is scrolled down', async () => {
    renderArea('logs/edge-logs', { api });
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(paths()).toContain('/todos'));
    await user.click(screen.getByRole('switch', { name: 'Live tail' }));
    expect(screen.getByText('Following new entries')).toBeTruthy();
    await api.app({ method: 'GET', path: '/rest/v1/todos?select=title' });
    await waitFor(() => expect(paths()[0]).toBe('/todos?select=title'), { timeout: 5000 });

    const list = document.querySelector('[data-virtual-list]') as HTMLElement;
    list.scrollTop = 200;
    fireEvent.scroll(list);
    expect(await screen.findByText('Paused: scroll to the top to follow')).toBeTruthy();
    const calls = api.argsOf('logs.listProjectLogs').length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(api.argsOf('logs.listProjectLogs')).toHaveLength(calls);
    list.scrollTop = 0;
    fireEvent.scroll(list);
    expect(await screen.findByText('Following new entries')).toBeTruthy();
  });

  it('loads older entries page by page', async () => {
    await Promise.all(Array.from({ length: 110 }, (_, i) => api.app({ method: 'GET', path: `/rest/v1/todos?id=eq.${i}` })));
    renderArea('logs/postgrest-logs', { api });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Load older' }));
    await waitFor(() => expect(screen.getByText('No older entries in this range.')).toBeTruthy());
    expect(api.argsOf('logs.listProjectLogs')).toHaveLength(2);
    expect(api.argsOf('logs.listProjectLogs')[1]![1]).toHaveProperty('before');
  });

  it('tells how to see rows when there are none, and offers a retry when loading fails', async () => {
    // Storage was called only before the last hour.
    api.failures['logs.listProjectLogs'] = { status: 503, message: 'Log store unavailable' };
    renderArea('logs/storage-logs', { api });
    expect(await screen.findByText('Log store unavailable')).toBeTruthy();
    api.failures['logs.listProjectLogs'] = undefined;
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/after your app calls the project's API/)).toBeTruthy();
  });

  it('says plainly that the platform has no pooler or realtime logs, without calling the API', async () => {
    renderArea('logs/realtime-logs', { api });
    expect(await screen.findByText('No Realtime logs on this platform')).toBeTruthy();
    expect(api.argsOf('logs.listProjectLogs')).toHaveLength(0);
  });
});
