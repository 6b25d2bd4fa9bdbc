import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PERMISSIONS } from '@plinth/shared-contracts';
import type { RowPage, RowPageRequest, TableShape } from '@plinth/contracts-database';
import { createFakeApi } from '@plinth/area-kit/testing';
import { renderArea } from '../../testing/render-area';

const people: TableShape = {
  id: 5,
  schema: 'public',
  name: 'people',
  type: 'table',
  readOnly: false,
  paging: 'primary key',
  estimatedRows: 2,
  columns: [
    { name: 'id', type: 'bigint', kind: 'bigint', nullable: false, default: null, generated: true, primaryKey: 1, enumValues: null, references: null },
    { name: 'name', type: 'text', kind: 'text', nullable: true, default: null, generated: false, primaryKey: null, enumValues: null, references: null },
    { name: 'age', type: 'integer', kind: 'number', nullable: true, default: null, generated: false, primaryKey: null, enumValues: null, references: null },
  ],
};

/** The rows API in memory for one table: pages by the request, writes recorded. */
function withRows(shape: TableShape, rows: Record<string, unknown>[]) {
  const api = createFakeApi();
  const calls: [string, unknown][] = [];
  (api.clients as unknown as Record<string, unknown>).tableRows = {
    tableShape: async () => shape,
    rowPage: async (_ref: string, _id: number, body: RowPageRequest): Promise<RowPage> => {
      calls.push(['rowPage', body]);
      return { rows: rows.map((r) => ({ ...r })), keys: rows.map((r) => (shape.paging === 'primary key' ? { id: String(r.id) } : null)), next: null, previous: null };
    },
    updateRow: async (_ref: string, _id: number, body: { key: Record<string, string>; values: Record<string, unknown> }) => {
      calls.push(['updateRow', body]);
      const row = rows.find((r) => String(r.id) === body.key.id)!;
      Object.assign(row, body.values);
      return { row, key: body.key };
    },
  };
  return { api, calls };
}

describe('table grid', () => {
  it('edits a cell in place by double-click, sending the typed number by the row key', async () => {
    const user = userEvent.setup();
    const { api, calls } = withRows(people, [
      { id: '1', name: 'Ann', age: 30 },
      { id: '2', name: 'Bob', age: null },
    ]);
    renderArea('editor/5', { api });
    const grid = await screen.findByRole('grid', { name: 'Rows of people' }, { timeout: 10_000 }); // the grid's chunk loads first
    expect(within(grid).getByText('Bob')).toBeTruthy();
    await user.dblClick(within(grid).getByText('NULL'));
    const field = within(grid).getByRole('textbox', { name: 'age of row 2' });
    await user.type(field, 'abc{Enter}');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter(([n]) => n === 'updateRow')).toEqual([]);
    await user.clear(field);
    await user.type(field, '41{Enter}');
    await waitFor(() => expect(calls.filter(([n]) => n === 'updateRow')).toHaveLength(1));
    expect(calls.filter(([n]) => n === 'updateRow')).toEqual([['updateRow', { key: { id: '2' }, values: { age: 41 } }]]);
    // The grid reads the table again after the write.
    expect(await within(grid).findByText('41')).toBeTruthy();
  });

  it('keeps a view read-only', async () => {
    const user = userEvent.setup();
    const view = { ...people, type: 'view' as const, readOnly: true, paging: 'offset' as const };
    const { api } = withRows(view, [{ id: '1', name: 'Ann', age: 30 }]);
    renderArea('editor/5', { api });
    const grid = await screen.findByRole('grid', { name: 'Rows of people' }, { timeout: 10_000 }); // the grid's chunk loads first
    await user.dblClick(within(grid).getByText('Ann'));
    expect(within(grid).queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Insert row' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('disables Insert row with the reason without the write permission', async () => {
    const user = userEvent.setup();
    const { api } = withRows(people, [{ id: '1', name: 'Ann', age: 30 }]);
    renderArea('editor/5', { api, permissions: [PERMISSIONS.SQL_ADMIN_READ] });
    const insert = await screen.findByRole('button', { name: 'Insert row' });
    expect(insert.getAttribute('aria-disabled')).toBe('true');
    await user.hover(insert);
    expect((await screen.findByRole('tooltip')).textContent).toContain('You need additional permissions to edit rows');
  });
});
