// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import type { SchemaGraph } from '@plinth/contracts-database';
import { diagramModel } from './diagram-model';
import { layoutDiagram } from './diagram-layout';
import { SchemaDiagram } from './SchemaDiagram';

// The diagram's viewport alone, in a router whose table editor page is drawn at once: what the
// pointer does (wheel zoom, drag to move, click to open) without the area's lazy pages.

const column = (name: string, type = 'bigint', over: Partial<SchemaGraph['tables'][number]['columns'][number]> = {}) => ({ name, type, nullable: true, primaryKey: false, unique: false, ...over });
const graph: SchemaGraph = {
  schema: 'public',
  tables: [
    { id: 1, schema: 'public', name: 'authors', type: 'table', rlsEnabled: false, columns: [column('id', 'bigint', { primaryKey: true, nullable: false }), column('mentor_id')] },
    { id: 2, schema: 'public', name: 'posts', type: 'table', rlsEnabled: true, columns: [column('id', 'bigint', { primaryKey: true, nullable: false }), column('author_id'), column('title', 'text')] },
    { id: 3, schema: 'public', name: 'settings', type: 'table', rlsEnabled: false, columns: [column('key', 'text', { primaryKey: true, nullable: false })] },
  ],
  relations: [
    { id: 10, name: 'posts_author_id_fkey', tableId: 2, columns: ['author_id'], target: { tableId: 1, schema: 'public', table: 'authors', columns: ['id'] } },
    { id: 11, name: 'authors_mentor_id_fkey', tableId: 1, columns: ['mentor_id'], target: { tableId: 1, schema: 'public', table: 'authors', columns: ['id'] } },
  ],
};

function TableEditorPage() {
  return <p>Table editor of table {useParams().tableId}</p>;
}

function renderDiagram() {
  const model = diagramModel(graph);
  const layout = layoutDiagram(model);
  render(
    <MemoryRouter initialEntries={['/database/schemas']}>
      <Routes>
        <Route path="/database/schemas" element={<SchemaDiagram model={model} layout={layout} helpId="help" />} />
        <Route path="/editor/:tableId" element={<TableEditorPage />} />
      </Routes>
    </MemoryRouter>,
  );
  const region = screen.getByRole('region', { name: 'Diagram of schema public' });
  const world = region.firstElementChild as HTMLElement;
  const view = () => {
    const m = /translate\((-?[\d.]+)px, (-?[\d.]+)px\) scale\(([\d.]+)\)/.exec(world.style.transform);
    if (!m) throw new Error(`no view in "${world.style.transform}"`);
    return { x: Number(m[1]), y: Number(m[2]), scale: Number(m[3]) };
  };
  return { region, view, layout };
}

describe('schema diagram', () => {
  it('lays related tables out side by side without overlap, the unrelated one apart, and draws a key to its own table', () => {
    const { layout } = renderDiagram();
    const authors = layout.places.get(1)!;
    const posts = layout.places.get(2)!;
    const settings = layout.places.get(3)!;
    // The referenced table stands left of the one referring to it.
    expect(authors.x + diagramModel(graph).tables[0]!.width).toBeLessThan(posts.x);
    expect(settings.y).toBeGreaterThan(Math.max(authors.y, posts.y));
    const paths = [...document.querySelectorAll('path[data-link]')].map((p) => p.getAttribute('data-from'));
    expect(paths.sort()).toEqual(['authors.mentor_id', 'posts.author_id']);
  });

  it('zooms with the wheel around the pointer', () => {
    const { region, view } = renderDiagram();
    const start = view();
    fireEvent.wheel(region, { deltaY: -200, ctrlKey: true, clientX: start.x, clientY: start.y });
    const zoomed = view();
    expect(zoomed.scale).toBeGreaterThan(1);
    // The point under the pointer (the diagram's corner) stays where it was.
    expect(zoomed.x).toBeCloseTo(start.x);
    expect(zoomed.y).toBeCloseTo(start.y);
    fireEvent.wheel(region, { deltaY: 400, clientX: start.x, clientY: start.y });
    expect(view().scale).toBeLessThan(zoomed.scale);
    expect(within(screen.getByRole('group', { name: 'Diagram view' })).getByText(`${Math.round(view().scale * 100)}%`)).toBeTruthy();
  });

  it('moves with a drag, and a drag that ends on a table does not open it; a click does', async () => {
    const user = userEvent.setup();
    const { view } = renderDiagram();
    const start = view();
    const title = within(screen.getByRole('group', { name: 'Table posts' })).getByText('title');
    await user.pointer([
      { keys: '[MouseLeft>]', target: title, coords: { clientX: 100, clientY: 100 } },
      { target: title, coords: { clientX: 160, clientY: 130 } },
      { keys: '[/MouseLeft]', target: title, coords: { clientX: 160, clientY: 130 } },
    ]);
    expect(view()).toEqual({ ...start, x: start.x + 60, y: start.y + 30 });
    expect(screen.queryByText(/Table editor of table/)).toBeNull();

    await user.click(title);
    expect(await screen.findByText('Table editor of table 2')).toBeTruthy();
  });
});
