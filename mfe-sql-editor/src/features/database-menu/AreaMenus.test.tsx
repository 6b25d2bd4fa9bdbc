import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ANON_KEY, createFakeApi } from '@plinth/area-kit/testing';
import type { ApiDocs } from '@plinth/contracts-database';
import { renderArea } from '../../testing/render-area';

describe('database and API docs menus', () => {
  it('lists the database pages and marks the current one; Backups only on the hosted platform', async () => {
    const user = userEvent.setup();
    renderArea('database/tables');
    const nav = await screen.findByRole('navigation', { name: 'Database' });
    const labels = within(nav).getAllByRole('link').map((a) => a.textContent);
    expect(labels).toEqual(['Schema Visualizer', 'Tables', 'Functions', 'Triggers', 'Extensions', 'Indexes', 'Roles', 'Replication', 'Backups', 'Migrations', 'Wrappers', 'Webhooks']);
    expect(within(nav).getByRole('link', { name: 'Tables' }).getAttribute('aria-current')).toBe('page');
    await user.click(within(nav).getByRole('link', { name: 'Backups' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Backups' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/database/backups/scheduled');
  });

  it('leaves Backups out in the non-hosted mode', async () => {
    renderArea('database/tables', { buildMode: 'self-hosted' });
    expect(within(await screen.findByRole('navigation', { name: 'Database' })).queryByRole('link', { name: 'Backups' })).toBeNull();
  });

  it('lists API docs pages with the exposed tables and functions', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    const docs: ApiDocs = {
      url: 'http://localhost:3001/ref', schemas: ['public'], anonKey: ANON_KEY, serviceRoleKey: null,
      tables: [{ schema: 'public', name: 'orders', kind: 'table', comment: null, columns: [] }],
      functions: [{ schema: 'public', name: 'add_one', args: [], returns: 'integer', returnsSet: false, volatile: false, comment: null }],
    };
    // The API docs client is the area's own: the kit's fake answers it with these docs.
    Object.assign(api.clients, { apiDocs: { getApiDocs: async () => docs } });
    renderArea('api', { api });
    // The section's menu loads with it (its page links show meanwhile): wait for the tables it lists.
    expect(await screen.findByRole('link', { name: 'orders' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'API Docs' });
    expect(within(nav).getByRole('link', { name: 'add_one()' })).toBeTruthy();
    await user.click(within(nav).getByRole('link', { name: 'Authentication' }));
    expect(screen.getByTestId('location').textContent).toBe('/api?page=auth');
    expect(within(nav).getByRole('link', { name: 'Authentication' }).getAttribute('aria-current')).toBe('page');
    // Without the permission to read it, the service_role key is not offered.
    expect(screen.queryByRole('tab', { name: /service_role/ })).toBeNull();
    await user.click(within(nav).getByRole('link', { name: 'orders' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'orders' })).toBeTruthy();
    expect(screen.getAllByText(/supabase.from\('orders'\)/).length).toBeGreaterThan(0);
    await user.click(within(nav).getByRole('link', { name: 'GraphiQL' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'GraphiQL' })).toBeTruthy();
  });
});
