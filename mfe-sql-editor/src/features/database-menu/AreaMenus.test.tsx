import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi, entity } from '@plinth/area-kit/testing';
import { renderArea } from '../../testing/render-area';

describe('database and API docs menus', () => {
  it('lists the database pages and marks the current one; Backups only on the hosted platform', async () => {
    const user = userEvent.setup();
    renderArea('database/tables');
    const nav = screen.getByRole('navigation', { name: 'Database' });
    const labels = within(nav).getAllByRole('link').map((a) => a.textContent);
    expect(labels).toEqual(['Schema Visualizer', 'Tables', 'Functions', 'Triggers', 'Extensions', 'Indexes', 'Roles', 'Replication', 'Backups', 'Migrations', 'Wrappers', 'Webhooks']);
    expect(within(nav).getByRole('link', { name: 'Tables' }).getAttribute('aria-current')).toBe('page');
    await user.click(within(nav).getByRole('link', { name: 'Backups' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Backups' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/database/backups/scheduled');
  });

  it('leaves Backups out in the non-hosted mode', () => {
    renderArea('database/tables', { buildMode: 'self-hosted' });
    expect(within(screen.getByRole('navigation', { name: 'Database' })).queryByRole('link', { name: 'Backups' })).toBeNull();
  });

  it('lists API docs pages with the tables of the public schema', async () => {
    const user = userEvent.setup();
    renderArea('api', { api: createFakeApi({ entities: [entity('orders'), entity('hidden', { schema: 'sales' })] }) });
    const nav = screen.getByRole('navigation', { name: 'API Docs' });
    expect(await within(nav).findByRole('link', { name: 'orders' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'hidden' })).toBeNull();
    await user.click(within(nav).getByRole('link', { name: 'Authentication' }));
    expect(screen.getByTestId('location').textContent).toBe('/api?page=auth');
    expect(within(nav).getByRole('link', { name: 'Authentication' }).getAttribute('aria-current')).toBe('page');
    await user.click(within(nav).getByRole('link', { name: 'orders' }));
    expect(screen.getByRole('heading', { level: 1, name: 'orders' })).toBeTruthy();
    await user.click(within(nav).getByRole('link', { name: 'GraphiQL' }));
    expect(screen.getByRole('heading', { level: 1, name: 'GraphiQL' })).toBeTruthy();
  });
});
