import { describe, expect, it } from 'vitest';
import type { SchemaGraph } from '@plinth/contracts-database';
import { diagramModel, type DiagramLayout, type DiagramModel } from './diagram-model';
import { layoutDiagram } from './diagram-layout';
import { fitView } from './viewport';

const columns = (...names: string[]) => names.map((name, i) => ({ name, type: i === 0 ? 'bigint' : 'text', nullable: i > 0, primaryKey: i === 0, unique: false }));

/** A schema of `n` tables: table i refers to table ⌊(i−1)/3⌋ (a tree three wide), every fourth also to one of the first ten. */
function treeSchema(n: number): SchemaGraph {
  const tables: SchemaGraph['tables'] = [];
  const relations: SchemaGraph['relations'] = [];
  for (let i = 0; i < n; i++) {
    tables.push({ id: i + 1, schema: 'big', name: `t${i}`, type: 'table', rlsEnabled: false, columns: columns('id', 'name', 'parent_id', 'other_id') });
    if (i > 0) relations.push({ id: 1000 + i, name: `t${i}_parent`, tableId: i + 1, columns: ['parent_id'], target: { tableId: Math.floor((i - 1) / 3) + 1, schema: 'big', table: 't', columns: ['id'] } });
    if (i > 10 && i % 4 === 0) relations.push({ id: 2000 + i, name: `t${i}_other`, tableId: i + 1, columns: ['other_id'], target: { tableId: (i % 10) + 1, schema: 'big', table: 't', columns: ['id'] } });
  }
  return { schema: 'big', tables, relations };
}

function overlaps(model: DiagramModel, layout: DiagramLayout): string[] {
  const boxes = model.tables.map((t) => ({ name: t.name, ...layout.places.get(t.id)!, width: t.width, height: t.height }));
  const found: string[] = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height) found.push(`${a.name} over ${b.name}`);
    }
  return found;
}

describe('diagram layout', () => {
  it('folds the sixty tables that refer to one table into columns side by side, none over another', () => {
    const graph: SchemaGraph = {
      schema: 'public',
      tables: [
        { id: 1, schema: 'public', name: 'users', type: 'table', rlsEnabled: false, columns: columns('id', 'email') },
        ...Array.from({ length: 60 }, (_, i) => ({ id: i + 2, schema: 'public', name: `notes_${i}`, type: 'table' as const, rlsEnabled: false, columns: columns('id', 'user_id') })),
      ],
      relations: Array.from({ length: 60 }, (_, i) => ({ id: 100 + i, name: `notes_${i}_user_id_fkey`, tableId: i + 2, columns: ['user_id'], target: { tableId: 1, schema: 'public', table: 'users', columns: ['id'] } })),
    };
    const model = diagramModel(graph);
    const layout = layoutDiagram(model);
    expect(overlaps(model, layout)).toEqual([]);
    const users = layout.places.get(1)!;
    const referrers = model.tables.slice(1).map((t) => layout.places.get(t.id)!);
    expect(referrers.every((p) => p.x > users.x + model.tables[0]!.width)).toBe(true);
    expect(new Set(referrers.map((p) => p.x)).size).toBeGreaterThanOrEqual(4);
    expect(layout.height).toBeLessThan(layout.width * 2);
  });

  it('lays 200 related tables out without overlap, whole in a 1200 × 600 view at a twentieth of their size or more', () => {
    const model = diagramModel(treeSchema(200));
    const layout = layoutDiagram(model);
    expect(overlaps(model, layout)).toEqual([]);
    const view = fitView(layout, { width: 1200, height: 600 });
    expect(view.scale).toBeGreaterThan(0.05);
    expect(layout.width * view.scale).toBeLessThanOrEqual(1200);
    expect(layout.height * view.scale).toBeLessThanOrEqual(600);
  });

  it('puts tables without foreign keys in a grid below the related ones', () => {
    const graph = treeSchema(4);
    graph.tables.push(...Array.from({ length: 9 }, (_, i) => ({ id: 50 + i, schema: 'big', name: `lonely_${i}`, type: 'table' as const, rlsEnabled: false, columns: columns('id') })));
    const model = diagramModel(graph);
    const layout = layoutDiagram(model);
    expect(overlaps(model, layout)).toEqual([]);
    const relatedBottom = Math.max(...[1, 2, 3, 4].map((id) => layout.places.get(id)!.y + model.tables.find((t) => t.id === id)!.height));
    const lonely = model.tables.filter((t) => t.name.startsWith('lonely')).map((t) => layout.places.get(t.id)!);
    expect(lonely.every((p) => p.y > relatedBottom)).toBe(true);
    expect(new Set(lonely.map((p) => p.y)).size).toBeGreaterThan(1);
    expect(new Set(lonely.map((p) => p.x)).size).toBeGreaterThan(1);
  });
});
