import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALL_PERMISSIONS, PERMISSIONS } from '@plinth/shared-contracts';
import { createFakeApi, entity, findDialog } from '@plinth/area-kit/testing';
import { renderArea } from '../../testing/render-area';
import { TABLE_EDITOR_STORAGE_KEY, useTableEditorStore } from './table-editor-store';

function seeded() {
  localStorage.removeItem(TABLE_EDITOR_STORAGE_KEY);
  useTableEditorStore.setState({ byProject: {} });
  return createFakeApi({
    entities: [
      entity('orders'),
      entity('customers'),
      entity('active_customers', { type: 'view' }),
      entity('a_table_with_a_rather_long_name'),
      entity('invoices', { schema: 'sales' }),
    ],
  });
}

/** The table editor's DDL calls, answered in memory: a dry run answers SQL, a run drops or adds the entity. */
function fakeTableDdl(api: ReturnType<typeof createFakeApi>) {
  const calls: [string, Record<string, unknown>][] = [];
  (api.clients as unknown as Record<string, unknown>).tableDdl = {
    dropTable: async (_ref: string, id: number, body: { cascade: boolean; dryRun: boolean }) => {
      calls.push(['dropTable', body]);
      if (!body.dryRun) api.state.entities = api.state.entities.filter((e) => e.id !== id);
      return { sql: `drop table "public"."orders"${body.cascade ? ' cascade' : ''};`, ran: !body.dryRun, tableId: id };
    },
    createTable: async (_ref: string, body: { name: string; dryRun: boolean }) => {
      calls.push(['createTable', body]);
      if (!body.dryRun) api.state.entities = [...api.state.entities, entity(body.name)];
      return { sql: `create table "public"."${body.name}" (...);`, ran: !body.dryRun, tableId: body.dryRun ? null : 999 };
    },
  };
  (api.clients as unknown as Record<string, unknown>).tableRows = {
    tableShape: async (_ref: string, id: number) => ({
      id,
      schema: 'public',
      name: 'orders',
      type: 'table',
      readOnly: false,
      paging: 'primary key',
      estimatedRows: 0,
      columns: [{ name: 'id', type: 'bigint', kind: 'bigint', nullable: false, default: null, generated: true, primaryKey: 1, enumValues: null, references: null }],
    }),
  };
  return calls;
}

const tableNames = async () => {
  const list = await screen.findByRole('list', { name: 'Table list' });
  return within(list)
    .getAllByRole('link')
    .map((a) => a.textContent);
};

describe('table editor menu', () => {
  it('lists the schema picker groups and the tables of public with their count', async () => {
    renderArea('editor', { api: seeded() });
    const picker = await screen.findByRole('combobox', { name: 'Schema' });
    await waitFor(() => expect(within(picker).getAllByRole('group').map((g) => g.getAttribute('label'))).toEqual(['Schemas', 'Protected schemas']));
    const [open, locked] = within(picker).getAllByRole('group');
    expect(within(open).getAllByRole('option').map((o) => o.textContent)).toEqual(['public', 'sales']);
    expect(within(locked).getAllByRole('option').map((o) => o.textContent)).toEqual(['auth', 'storage']);
    expect(await tableNames()).toEqual(['a_table_with_a_rather_long_name', 'active_customers', 'customers', 'orders']);
    expect(screen.getByText('4 entities')).toBeTruthy();
  });

  it('sorts by entity type and remembers the choice as grouped-alphabetical', async () => {
    const user = userEvent.setup();
    renderArea('editor', { api: seeded() });
    await tableNames();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort tables' }), 'Entity Type');
    await waitFor(async () => expect((await tableNames())[3]).toBe('active_customers'));
    expect(localStorage.getItem(TABLE_EDITOR_STORAGE_KEY)).toContain('grouped-alphabetical');
  });

  it('searches with the trimmed text and says No results found', async () => {
    const user = userEvent.setup();
    const { api } = renderArea('editor', { api: seeded() });
    await tableNames();
    const search = screen.getByRole('searchbox', { name: 'Search tables' });
    await user.type(search, '  cust  ');
    await waitFor(async () => expect(await tableNames()).toEqual(['active_customers', 'customers']));
    expect(api.argsOf('database.listEntities').some(([, params]) => (params as { search?: string }).search === 'cust')).toBe(true);
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(await screen.findByText('No results found')).toBeTruthy();
  });

  it('switches schema and says No entities available for an empty one', async () => {
    const user = userEvent.setup();
    renderArea('editor', { api: seeded() });
    await tableNames();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Schema' }), 'sales');
    await waitFor(async () => expect(await tableNames()).toEqual(['invoices']));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Schema' }), 'auth');
    expect(await screen.findByText('No entities available')).toBeTruthy();
  });

  it('shows Failed to load schemas with a reload button that recovers', async () => {
    const user = userEvent.setup();
    const api = seeded();
    api.failures['database.listSchemas'] = { status: 500, message: 'down' };
    renderArea('editor', { api });
    expect(await screen.findByText('Failed to load schemas')).toBeTruthy();
    delete api.failures['database.listSchemas'];
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByRole('combobox', { name: 'Schema' })).toBeTruthy();
  });

  it('gives long names a tooltip and leads View Policies to the policies page of the table', async () => {
    const user = userEvent.setup();
    const api = seeded();
    const { navigations: hostNavigations } = renderArea('editor', { api });
    await tableNames();
    const long = screen.getByRole('link', { name: 'a_table_with_a_rather_long_name' });
    await user.hover(long);
    expect((await screen.findByRole('tooltip')).textContent).toContain('a_table_with_a_rather_long_name');
    const orders = api.state.entities.find((e) => e.name === 'orders')!;
    await user.click(screen.getByRole('button', { name: 'Actions for orders' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Edit Table', 'Duplicate Table', 'View Policies', 'Delete Table']);
    await user.click(within(menu).getByRole('menuitem', { name: 'View Policies' }));
    expect(hostNavigations).toEqual([`/linked/auth-policies/policies?search=${orders.id}`]);
  });

  it('deletes a table after showing the SQL the API will run', async () => {
    const user = userEvent.setup();
    const api = seeded();
    const calls = fakeTableDdl(api);
    renderArea('editor', { api });
    await tableNames();
    await user.click(screen.getByRole('button', { name: 'Actions for orders' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Table' }));
    const panel = await findDialog('Confirm deletion of table "orders"');
    await user.click(within(panel).getByRole('checkbox', { name: /cascade/ }));
    await user.click(within(panel).getByRole('button', { name: 'Review SQL' }));
    expect(await within(panel).findByText('drop table "public"."orders" cascade;')).toBeTruthy();
    expect(calls).toEqual([['dropTable', { cascade: true, dryRun: true }]]);
    await user.click(within(panel).getByRole('button', { name: 'Delete' }));
    await waitFor(async () => expect(await tableNames()).not.toContain('orders'));
    expect(calls).toEqual([
      ['dropTable', { cascade: true, dryRun: true }],
      ['dropTable', { cascade: true, dryRun: false }],
    ]);
  });

  it('creates a table with a foreign key, RLS on, after showing its SQL', async () => {
    const user = userEvent.setup();
    const api = seeded();
    const calls = fakeTableDdl(api);
    renderArea('editor', { api });
    await tableNames();
    await user.click(screen.getByRole('button', { name: 'Create table' }));
    const panel = await findDialog('Create a new table under public');
    await user.click(within(panel).getByRole('button', { name: 'Review SQL' }));
    expect(within(panel).getByText('Please provide a name for your table')).toBeTruthy();
    await user.type(within(panel).getAllByRole('textbox', { name: /^Name/ })[0]!, 'order_lines');
    await user.click(within(panel).getByRole('button', { name: 'Add column' }));
    const column = within(panel).getByRole('group', { name: 'Column 3' });
    await user.type(within(column).getByRole('textbox', { name: 'Name' }), 'order_id');
    await user.clear(within(column).getByRole('combobox', { name: 'Type' }));
    await user.type(within(column).getByRole('combobox', { name: 'Type' }), 'int8');
    const orders = api.state.entities.find((e) => e.name === 'orders')!;
    await user.selectOptions(within(column).getByRole('combobox', { name: 'References table' }), String(orders.id));
    await user.click(within(panel).getByRole('button', { name: 'Review SQL' }));
    expect(await within(panel).findByText(/create table/)).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Create table' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    const [, sent] = calls[1]!;
    expect(sent).toMatchObject({
      schema: 'public',
      name: 'order_lines',
      rls: true,
      dryRun: false,
      columns: [
        { name: 'id', type: 'int8', primaryKey: true, identity: true },
        { name: 'created_at', type: 'timestamptz', default: { value: 'now()', expression: true }, nullable: false },
        { name: 'order_id', type: 'int8', references: { tableId: orders.id, column: 'id', onDelete: 'no action' } },
      ],
    });
  });

  it('disables Create table with the spec tooltip without the write permission', async () => {
    const user = userEvent.setup();
    renderArea('editor', { api: seeded(), permissions: [PERMISSIONS.SQL_ADMIN_READ] });
    const create = await screen.findByRole('button', { name: 'Create table' });
    expect(create.getAttribute('aria-disabled')).toBe('true');
    await user.hover(create);
    expect((await screen.findByRole('tooltip')).textContent).toContain('You need additional permissions to create tables');
  });

  it('shows a no-access page without SQL admin read', () => {
    renderArea('editor', { api: seeded(), permissions: ALL_PERMISSIONS.filter((p) => p !== PERMISSIONS.SQL_ADMIN_READ) });
    expect(screen.getByRole('heading', { name: 'No access to the table editor' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Table editor' })).toBeNull();
  });
});
