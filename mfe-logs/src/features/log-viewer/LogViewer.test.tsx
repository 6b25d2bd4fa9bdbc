import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi, logEntry, findDialog } from '@plinth/area-kit/testing';
import { renderArea } from '../../testing/render-area';

// jsdom does no layout: give the table's scrolling element the 400 px a browser would.
let heightSpy: { mockRestore: () => void } | undefined;
beforeEach(() => {
  heightSpy = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.hasAttribute('data-virtual-list') ? 400 : 0;
  });
});
afterEach(() => heightSpy?.mockRestore());

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const paths = () => within(screen.getByRole('grid', { name: 'Log entries' })).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('gridcell').find((c) => c.textContent?.startsWith('/'))?.textContent);

function seeded() {
  return createFakeApi({
    logEntries: [
      logEntry({ service: 'auth', method: 'POST', path: '/token', search: 'grant_type=password', status: 200, event: 'login', timestamp: minutesAgo(5), user_id: 'u-1', role: 'authenticated' }),
      logEntry({ service: 'auth', method: 'POST', path: '/signup', status: 422, event: 'user_signedup', timestamp: minutesAgo(3) }),
      logEntry({ service: 'rest', path: '/todos', status: 200, timestamp: minutesAgo(2) }),
      logEntry({ service: 'rest', path: '/missing', status: 404, timestamp: minutesAgo(1), error: { code: '42P01', message: 'relation "missing" does not exist' } }),
      logEntry({ service: 'storage', path: '/object/avatars/a.png', status: 200, timestamp: minutesAgo(90), storage: { operation: 'object.get', bucket_id: 'avatars', object_name: 'a.png' } }),
    ],
  });
}

describe('log viewer', { timeout: 20_000 }, () => {
  it('shows the auth source newest first with the auth event, and every field of a row in the detail panel', async () => {
    const api = seeded();
    renderArea('logs/auth-logs', { api });
    await waitFor(() => expect(paths()).toEqual(['/signup', '/token?grant_type=password']));
    expect(screen.getByText('user_signedup')).toBeTruthy();
    expect(api.argsOf('logs.listProjectLogs')[0][1]).toMatchObject({ service: 'auth' });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByText('/token?grant_type=password'));
    const panel = await findDialog();
    expect(within(panel).getByText('u-1')).toBeTruthy();
    expect(within(panel).getByText('login')).toBeTruthy();
    expect(within(panel).getByText('?grant_type=password')).toBeTruthy();
  });

  it("gives the detail panel a close button and copy actions only: the entry as JSON, a field's value; × closes it", async () => {
    const api = seeded();
    const { notices } = renderArea('logs/auth-logs', { api });
    await waitFor(() => expect(paths()).toEqual(['/signup', '/token?grant_type=password']));
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
    expect(copied).toMatchObject({ method: 'POST', path: '/token', search: 'grant_type=password', user_id: 'u-1', event: 'login' });
    expect(notices.map((n) => n.message)).toContain('Copied log entry as JSON to clipboard');
    await user.click(within(panel).getByRole('button', { name: 'Copy user id' }));
    expect(await navigator.clipboard.readText()).toBe('u-1');
    await user.click(within(panel).getByRole('button', { name: 'Copy query' }));
    expect(await navigator.clipboard.readText()).toBe('?grant_type=password');

    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(table);
  });

  it('filters by status and search, and widens the range to see older calls', async () => {
    const api = seeded();
    renderArea('logs/edge-logs', { api });
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(paths()).toEqual(['/missing', '/todos', '/signup', '/token?grant_type=password']));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), '4xx');
    await waitFor(() => expect(paths()).toEqual(['/missing', '/signup']));
    await user.type(screen.getByRole('searchbox', { name: 'Search logs' }), 'signup{Enter}');
    await waitFor(() => expect(paths()).toEqual(['/signup']));
    await user.clear(screen.getByRole('searchbox', { name: 'Search logs' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), '');
    await user.type(screen.getByRole('searchbox', { name: 'Search logs' }), '{Enter}');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time range' }), '24h');
    await waitFor(() => expect(paths()).toContain('/object/avatars/a.png'));
  });

  it("offers the source's table in the Logs Explorer, where it runs", async () => {
    const api = seeded();
    const { location } = renderArea('logs/auth-logs', { api });
    await userEvent.setup({ delay: null }).click(await screen.findByRole('link', { name: 'Open in explorer' }));
    await waitFor(() => expect(location()).toMatch(/^\/logs\/explorer\?q=/));
    await waitFor(() => expect(api.argsOf('logQueries.runLogQuery')[0]?.[1]).toMatchObject({ sql: 'select *\nfrom auth_logs\norder by timestamp desc' }));
  });

  it('follows new entries with the live tail, and pauses while the table is scrolled down', async () => {
    const api = seeded();
    renderArea('logs/edge-logs', { api });
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(paths()).toContain('/todos'));
    await user.click(screen.getByRole('switch', { name: 'Live tail' }));
    expect(screen.getByText('Following new entries')).toBeTruthy();
    api.state.logEntries.push(logEntry({ path: '/fresh', timestamp: new Date().toISOString() }));
    await waitFor(() => expect(paths()[0]).toBe('/fresh'), { timeout: 5000 });

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

  it('shows only database errors on the Postgres source', async () => {
    renderArea('logs/postgres-logs', { api: seeded() });
    await waitFor(() => expect(paths()).toEqual(['/missing']));
    expect(screen.getByText('42P01: relation "missing" does not exist')).toBeTruthy();
  });

  it('loads older entries page by page', async () => {
    const api = createFakeApi({ logEntries: Array.from({ length: 130 }, (_, i) => logEntry({ path: `/call-${i}`, timestamp: minutesAgo(i / 10 + 0.1) })) });
    renderArea('logs/edge-logs', { api });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Load older' }));
    await waitFor(() => expect(screen.getByText('No older entries in this range.')).toBeTruthy());
    expect(api.argsOf('logs.listProjectLogs')).toHaveLength(2);
    expect(api.argsOf('logs.listProjectLogs')[1][1]).toHaveProperty('before');
  });

  it('tells how to see rows when there are none, and offers a retry when loading fails', async () => {
    const api = createFakeApi();
    api.failures['logs.listProjectLogs'] = { status: 503, message: 'Log store unavailable' };
    renderArea('logs/edge-logs', { api });
    expect(await screen.findByText('Log store unavailable')).toBeTruthy();
    api.failures['logs.listProjectLogs'] = undefined;
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/after your app calls the project's API/)).toBeTruthy();
  });

  it('says plainly that the platform has no pooler or realtime logs, without calling the API', async () => {
    const api = createFakeApi();
    renderArea('logs/realtime-logs', { api });
    expect(await screen.findByText('No Realtime logs on this platform')).toBeTruthy();
    expect(api.argsOf('logs.listProjectLogs')).toHaveLength(0);
  });
});
