import { Graph, layout } from '@dagrejs/dagre';
import type { BoxPlace, DiagramLayout, DiagramModel } from './diagram-model';

// Where each table's box stands, laid out by dagre (loaded with this module, only by the schema
// visualizer, see use-diagram-layout.ts). Tables that share a foreign key are ranked left to right,
// a referenced table left of the tables that refer to it; tables with no foreign key to or from
// another table go in a grid below them, so a schema of unrelated tables does not become one
// endless column.

const GAP = 40;
const RANK_GAP = 110;

export function layoutDiagram(model: DiagramModel): DiagramLayout {
  const linked = new Set<number>();
  for (const link of model.links) {
    if (link.from.tableId === link.to.tableId) continue;
    linked.add(link.from.tableId);
    linked.add(link.to.tableId);
  }
  const places = new Map<number, BoxPlace>();
  let width = 0;
  let height = 0;

  const related = model.tables.filter((t) => linked.has(t.id));
  if (related.length) {
    const g = new Graph({ multigraph: true });
    g.setGraph({ rankdir: 'LR', nodesep: GAP, ranksep: RANK_GAP, marginx: 0, marginy: 0 });
    g.setDefaultEdgeLabel(() => ({}));
    for (const t of related) g.setNode(String(t.id), { width: t.width, height: t.height });
    for (const link of model.links) {
      if (link.from.tableId !== link.to.tableId) g.setEdge(String(link.to.tableId), String(link.from.tableId), { minlen: 1 }, String(link.id));
    }
    layout(g);
    for (const t of related) {
      const n = g.node(String(t.id));
      const place = { x: Math.round((n.x ?? 0) - t.width / 2), y: Math.round((n.y ?? 0) - t.height / 2) };
      places.set(t.id, place);
      width = Math.max(width, place.x + t.width);
      height = Math.max(height, place.y + t.height);
    }
  }

  const alone = model.tables.filter((t) => !linked.has(t.id));
  if (alone.length) {
    const top = related.length ? height + RANK_GAP : 0;
    const widest = Math.max(...alone.map((t) => t.width));
    // About as wide as the related tables, or a square-ish block of its own.
    const perRow = Math.max(1, Math.min(alone.length, Math.max(Math.round(width / (widest + GAP)), Math.ceil(Math.sqrt(alone.length * 1.6)))));
    let y = top;
    for (let i = 0; i < alone.length; i += perRow) {
      const row = alone.slice(i, i + perRow);
      row.forEach((t, j) => places.set(t.id, { x: j * (widest + GAP), y }));
      width = Math.max(width, row.length * (widest + GAP) - GAP);
      y += Math.max(...row.map((t) => t.height)) + GAP;
    }
    height = y - GAP;
  }
  return { places, width, height };
}
