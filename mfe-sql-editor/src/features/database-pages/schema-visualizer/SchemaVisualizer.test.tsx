import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi, fakeTable, tableColumn, type FakeTable } from '@plinth/area-kit/testing';
import { renderArea } from '../../../testing/render-area';

// The Schema Visualizer (issue 22) rendered as the host mounts the area, against the fake API:
// the schema's tables drawn as boxes with columns and keys, foreign keys as links, schema choice,
// opening a table, and moving and zooming the view by keyboard and pointer.

const inSchema = (schema: string, table: FakeTable): FakeTable => ({ ...table, shape: { ...table.shape, schema } });

function seeded() {
  return createFakeApi({
    tableRows: {
      11: fakeTable(11, 'authors', [tableColumn({ name: 'email', type: 'character varying(200)', nullable: false })]),
      12: fakeTable(12, 'posts', [
        tableColumn({ name: 'author_id', type: 'bigint', kind: 'bigint', references: { tableId: 11, schema: 'public', table: 'authors', column: 'id' } }),
        tableColumn({ name: 'title' }),
      ]),
      21: inSchema('sales', fakeTable(21, 'invoices', [tableColumn({ name: 'author_id', type: 'bigint', kind: 'bigint', references: { tableId: 11, schema: 'public', table: 'authors', column: 'id' } })])),
    },
  });
}

const columnsOf = (table: string) =>
  within(screen.getByRole('list', { name: `Columns of ${table}` }))
    .getAllByRole('listitem')
    .map((row) => ({ text: [...row.children].slice(1).map((cell) => cell.textContent).join(' '), marks: within(row).queryAllByRole('img').map((img) => img.getAttribute('aria-label')) }));

/** The links drawn, as "from → to" of their columns. */
const links = (container: HTMLElement) => [...container.querySelectorAll('path[data-link]')].map((p) => `${p.getAttribute('data-from')} → ${p.getAttribute('data-to')}`);

const worldOf = (region: HTMLElement) => region.firstElementChild as HTMLElement;
const viewOf = (region: HTMLElement) => {
  const m = /translate\((-?[\d.]+)px, (-?[\d.]+)px\) scale\(([\d.]+)\)/.exec(worldOf(region).style.transform);
  if (!m) throw new Error(`no view in "${worldOf(region).style.transform}"`);
  return { x: Number(m[1]), y: Number(m[2]), scale: Number(m[3]) };
};

describe('schema visualizer', () => {
  it('draws each table of the schema as a box with its columns, types and keys, and each foreign key as a link', async () => {
    const api = seeded();
    const { container } = renderArea('database/schemas', { api });
    await screen.findByRole('region', { name: 'Diagram of schema public' });

    expect(screen.getByRole('group', { name: 'Table authors' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Table invoices' })).toBeNull();
    expect(columnsOf('authors')).toEqual([
      { text: 'id bigint', marks: ['Primary key', 'Not null'] },
      { text: 'email character varying(200)', marks: ['Not null'] },
    ]);
    expect(columnsOf('posts')).toEqual([
      { text: 'id bigint', marks: ['Primary key', 'Not null'] },
      { text: 'author_id bigint', marks: ['Foreign key to public.authors (id)', 'Nullable'] },
      { text: 'title text', marks: ['Nullable'] },
    ]);
    expect(links(container)).toEqual(['posts.author_id → authors.id']);
    expect(screen.getByText('2 tables, 1 foreign key between them')).toBeTruthy();
    expect(api.argsOf('databaseObjects.getSchemaGraph')).toEqual([[expect.any(String), 'public']]);
  });

  it('draws the schema chosen in the picker, a key into another schema as a mark without a link', async () => {
    const user = userEvent.setup();
    const api = seeded();
    const view = renderArea('database/schemas', { api });
    await screen.findByRole('group', { name: 'Table posts' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Schema' }), 'sales');
    await screen.findByRole('region', { name: 'Diagram of schema sales' });
    expect(screen.getByRole('group', { name: 'Table invoices' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Table posts' })).toBeNull();
    expect(columnsOf('invoices')[1]!.marks).toEqual(['Foreign key to public.authors (id)', 'Nullable']);
    expect(links(view.container)).toEqual([]);
    expect(view.location()).toBe('/database/schemas?schema=sales');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Schema' }), 'auth');
    expect(await screen.findByText('No tables in schema auth')).toBeTruthy();
  });

  it('opens a clicked table, or the focused one on Enter, in the table editor', async () => {
    const user = userEvent.setup();
    const first = renderArea('database/schemas', { api: seeded() });
    const posts = await screen.findByRole('group', { name: 'Table posts' });
    await user.click(within(posts).getByText('title'));
    await waitFor(() => expect(first.location()).toBe('/editor/12'));
    first.unmount();

    const second = renderArea('database/schemas', { api: seeded() });
    const name = within(await screen.findByRole('group', { name: 'Table authors' })).getByRole('link', { name: 'authors' });
    name.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(second.location()).toBe('/editor/11'));
  });

  it('moves with the arrow keys, zooms with + and − and the buttons, and fits the whole diagram with 0 or Fit to view', async () => {
    const user = userEvent.setup();
    renderArea('database/schemas', { api: seeded() });
    const region = await screen.findByRole('region', { name: 'Diagram of schema public' });
    const controls = screen.getByRole('group', { name: 'Diagram view' });
    expect(within(controls).getByText('100%')).toBeTruthy();
    region.focus();

    const start = viewOf(region);
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowDown}');
    expect(viewOf(region)).toEqual({ x: start.x - 120, y: start.y - 60, scale: 1 });
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(viewOf(region).x).toBe(start.x + 120);

    await user.keyboard('+');
    expect(within(controls).getByText('125%')).toBeTruthy();
    await user.keyboard('--');
    expect(within(controls).getByText('80%')).toBeTruthy();
    await user.click(within(controls).getByRole('button', { name: 'Zoom in' }));
    await user.click(within(controls).getByRole('button', { name: 'Zoom in' }));
    expect(within(controls).getByText('125%')).toBeTruthy();
    await user.click(within(controls).getByRole('button', { name: 'Zoom out' }));
    expect(within(controls).getByText('100%')).toBeTruthy();

    // A viewport smaller than the diagram: fitting shrinks the diagram into it, centred.
    Object.defineProperty(region, 'clientWidth', { value: 300, configurable: true });
    Object.defineProperty(region, 'clientHeight', { value: 200, configurable: true });
    const world = worldOf(region);
    const diagram = { width: parseFloat(world.style.width), height: parseFloat(world.style.height) };
    region.focus();
    await user.keyboard('0');
    const fitted = viewOf(region);
    expect(fitted.scale).toBeLessThan(1);
    expect(fitted.x).toBeGreaterThanOrEqual(0);
    expect(fitted.y).toBeGreaterThanOrEqual(0);
    expect(fitted.x + diagram.width * fitted.scale).toBeLessThanOrEqual(300);
    expect(fitted.y + diagram.height * fitted.scale).toBeLessThanOrEqual(200);
    expect(within(controls).getByText(`${Math.round(fitted.scale * 100)}%`)).toBeTruthy();

    await user.keyboard('++');
    await user.click(within(controls).getByRole('button', { name: 'Fit to view' }));
    expect(viewOf(region)).toEqual(fitted);
  });

  it('shows that the schema is loading until it comes', async () => {
    const api = seeded();
    const real = api.clients.databaseObjects;
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    (api.clients as unknown as Record<string, unknown>).databaseObjects = new Proxy(real, {
      get: (target, name) => (name === 'getSchemaGraph' ? (...args: Parameters<typeof real.getSchemaGraph>) => held.then(() => real.getSchemaGraph(...args)) : Reflect.get(target, name)),
    });
    renderArea('database/schemas', { api });
    expect(await screen.findByRole('status', { name: 'Loading schema public' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Table authors' })).toBeNull();
    answer();
    expect(await screen.findByRole('group', { name: 'Table authors' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading schema public' })).toBeNull();
  });

  it('says when the schema could not be loaded, and draws it on Retry', async () => {
    const user = userEvent.setup();
    const api = seeded();
    api.failures['databaseObjects.getSchemaGraph'] = { status: 500, message: 'The database is not answering' };
    renderArea('database/schemas', { api });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load schema public');
    expect(alert.textContent).toContain('The database is not answering');

    delete api.failures['databaseObjects.getSchemaGraph'];
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('group', { name: 'Table authors' })).toBeTruthy();
  });

  it('says so when the schema has no tables', async () => {
    renderArea('database/schemas', { api: createFakeApi() });
    expect(await screen.findByText('No tables in schema public')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: /Diagram of schema/ })).toBeNull());
  });
});
