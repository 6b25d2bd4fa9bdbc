import { createFakeApi, policy, type FakeApi, findDialog } from '@plinth/area-kit/testing';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { TableSchema, type Table } from '@plinth/contracts-database';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderArea } from '../../testing/render-area';

const table = (id: number, name: string, rls: boolean, schema = 'public'): Table => TableSchema.parse({ id, name, schema, rls_enabled: rls });

/** The fake platform API with tables in two schemas, one policy and the kit's default roles. */
function policiesApi(): FakeApi {
  return createFakeApi({
    tables: [table(1, 'todos', true), table(2, 'notes', false), table(3, 'users', true, 'auth')],
    policies: [
      policy('Own todos', { schema: 'public', table: 'todos', table_id: 1, definition: '(auth.uid() = user_id)', roles: ['anon', 'authenticated', 'editors', 'admins', 'auditors'] }),
    ],
  });
}

describe('RLS policies page', () => {
  it('shows a section per table with its policies, the RLS-disabled warning word for word, and at most 3 roles', async () => {
    renderArea('auth/policies', { api: policiesApi() });
    const todos = await screen.findByRole('group', { name: 'Table todos' });
    expect(within(todos).getByText('RLS enabled')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Policy Own todos' }).textContent).toContain('anon, authenticated, editors + 2 more roles');
    expect(screen.getByText('Your table is publicly readable and writable; anyone with the anon key can modify or delete data.')).toBeTruthy();
    expect(screen.getByText('No policies created yet')).toBeTruthy();
    expect(screen.queryByText('users')).toBeNull();
  });

  it('shows the table sections while their policies still load, then fills them in', async () => {
    const api = policiesApi();
    let release = () => {};
    const arrived = new Promise<void>((resolve) => (release = resolve));
    const database = api.clients.database;
    api.clients.database = new Proxy(database, {
      get: (target, key: string) =>
        key === 'listPolicies' ? async (...args: Parameters<typeof database.listPolicies>) => arrived.then(() => target.listPolicies(...args)) : (target as Record<string, unknown>)[key],
    });
    renderArea('auth/policies', { api });
    const todos = await screen.findByRole('group', { name: 'Table todos' });
    expect(within(todos).getByText('RLS enabled')).toBeTruthy();
    expect(screen.getAllByText('Loading policies…')).toHaveLength(2);
    expect(screen.queryByRole('group', { name: 'Policy Own todos' })).toBeNull();
    release();
    await screen.findByRole('group', { name: 'Policy Own todos' });
    expect(screen.queryByText('Loading policies…')).toBeNull();
    expect(screen.getByText('No policies created yet')).toBeTruthy();
  });

  it('narrows to one table by ?search and by the search box', async () => {
    const user = userEvent.setup();
    renderArea('auth/policies?search=2', { api: policiesApi() });
    await screen.findByRole('group', { name: 'Table notes' });
    expect(screen.queryByRole('group', { name: 'Table todos' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show all tables' }));
    await user.type(screen.getByRole('textbox', { name: 'Search for a table' }), 'tod');
    await screen.findByRole('group', { name: 'Table todos' });
    expect(screen.queryByRole('group', { name: 'Table notes' })).toBeNull();
  });

  it('opens the schema of a table known by id only', async () => {
    renderArea('auth/policies?search=3', { api: policiesApi() });
    const users = await screen.findByRole('group', { name: 'Table users' });
    expect(within(users).getByText('Locked')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Schema/ }).textContent).toContain('auth');
  });

  it('toggles RLS after a confirmation, and names the failure', async () => {
    const user = userEvent.setup();
    const api = policiesApi();
    const { notices } = renderArea('auth/policies', { api });
    const notes = await screen.findByRole('group', { name: 'Table notes' });
    await user.click(within(notes).getByRole('button', { name: 'Enable RLS' }));
    const confirm = await findDialog('Enable row level security for notes?');
    await user.click(within(confirm).getByRole('button', { name: 'Enable RLS' }));
    await waitFor(() => expect(api.state.tables.find((t) => t.id === 2)?.rls_enabled).toBe(true));
    expect(notices.at(-1)?.message).toBe('Row level security enabled for public.notes');

    api.failures['database.updateTable'] = { status: 400, message: 'must be owner of table todos' };
    const todos = await screen.findByRole('group', { name: 'Table todos' });
    await user.click(within(todos).getByRole('button', { name: 'Disable RLS' }));
    await user.click(within(await findDialog()).getByRole('button', { name: 'Disable RLS' }));
    await waitFor(() => expect(notices.at(-1)?.message).toBe('Failed to toggle RLS: must be owner of table todos'));
  });

  it('deletes a policy after a confirmation', async () => {
    const user = userEvent.setup();
    const api = policiesApi();
    const { notices } = renderArea('auth/policies', { api });
    await user.click(await screen.findByRole('button', { name: 'Actions for policy Own todos' }));
    await user.click(await screen.findByRole('menuitem', { name: /Delete policy/ }));
    await user.click(await screen.findByRole('button', { name: 'Delete policy' }));
    await waitFor(() => expect(notices.at(-1)?.message).toBe('Successfully deleted policy!'));
    expect(api.state.policies).toHaveLength(0);
  });

  it('disables create, toggle and edit with the spec’s tooltips for a member without SQL admin write', async () => {
    renderArea('auth/policies', { api: policiesApi(), permissions: [PERMISSIONS.SQL_ADMIN_READ] });
    const todos = await screen.findByRole('group', { name: 'Table todos' });
    expect(within(todos).getByRole('button', { name: 'Create policy' }).getAttribute('aria-disabled')).toBe('true');
    expect(within(todos).getByRole('button', { name: 'Disable RLS' }).getAttribute('aria-disabled')).toBe('true');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Actions for policy Own todos' }));
    expect(await screen.findByText('You need additional permissions to edit RLS policies')).toBeTruthy();
  });

  it('locks the tables of a protected schema, and leads an empty schema to the table editor', async () => {
    const user = userEvent.setup();
    const { navigations } = renderArea('auth/policies?schema=auth', { api: policiesApi() });
    const users = await screen.findByRole('group', { name: 'Table users' });
    expect(within(users).getByText('Locked')).toBeTruthy();
    expect(within(users).queryByRole('button', { name: 'Create policy' })).toBeNull();

    await user.click(screen.getByRole('button', { name: /Schema/ }));
    await user.click(screen.getByRole('option', { name: /sales/ }));
    await user.click(await screen.findByRole('button', { name: 'Create a table' }));
    expect(navigations.at(-1)).toMatch(/\/linked\/sql-editor\/tableEditor/);
  });
});
