import { Graph, layout } from '@dagrejs/dagre';
import type { BoxPlace, DiagramLayout, DiagramModel, DiagramTable } from './diagram-model';

// Where each table's box stands, laid out by dagre (loaded with this module, only by the schema
// visualizer, see use-diagram-layout.ts). Tables that share a foreign key are ranked left to right,
// a referenced table left of the tables that refer to it, in the order dagre found to cross fewest
// keys. A rank taller than about 1.6·√n tables is then folded into several columns side by side (a
// table that eighty tables refer to gets its referrers in a block, not in one column eighty boxes
// tall), and each column is centred on the diagram's height. Tables with no foreign key to or from
// another table go in a grid below, so a schema of unrelated tables is not one endless column.

const GAP = 40;
const RANK_GAP = 110;

interface Placed {
  table: DiagramTable;
  x: number;
  y: number;
}

/** Columns of boxes: the ranks dagre made, a long one folded into columns of at most `cap` boxes. */
function foldRanks(placed: Placed[], cap: number): Placed[][] {
  const ranks = new Map<number, Placed[]>();
  for (const p of placed) {
    const centre = Math.round(p.x + p.table.width / 2);
    ranks.set(centre, [...(ranks.get(centre) ?? []), p]);
  }
  return [...ranks.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([, rank]) => {
      rank.sort((a, b) => a.y - b.y);
      const folds = Math.ceil(rank.length / cap);
      const size = Math.ceil(rank.length / folds);
      return Array.from({ length: folds }, (_, i) => rank.slice(i * size, (i + 1) * size));
    });
}

const stackedHeight = (column: Placed[]) => column.reduce((sum, p) => sum + p.table.height, 0) + GAP * (column.length - 1);

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
      if (link.from.tableId !== link.to.tableId) g.setEdge(String(link.to.tableId), String(link.from.tableId), {}, String(link.id));
    }
    layout(g);
    const placed = related.map((table) => {
      const n = g.node(String(table.id));
      return { table, x: (n.x ?? 0) - table.width / 2, y: (n.y ?? 0) - table.height / 2 };
    });
    const columns = foldRanks(placed, Math.max(4, Math.ceil(Math.sqrt(related.length * 2.5))));
    // The tallest folded column sets the height; a column dagre spread taller than that is stacked.
    const tallest = Math.max(...columns.map(stackedHeight));
    let x = 0;
    for (const column of columns) {
      const top = column[0]!.y;
      const spread = column[column.length - 1]!.y + column[column.length - 1]!.table.height - top;
      const columnWidth = Math.max(...column.map((p) => p.table.width));
      let y = 0;
      const ys = column.map((p) => {
        if (spread <= tallest) return p.y - top;
        const at = y;
        y += p.table.height + GAP;
        return at;
      });
      const offset = (tallest - Math.min(spread, tallest)) / 2;
      column.forEach((p, i) => places.set(p.table.id, { x: Math.round(x + (columnWidth - p.table.width) / 2), y: Math.round(offset + ys[i]!) }));
      x += columnWidth + RANK_GAP;
    }
    width = x - RANK_GAP;
    height = tallest;
    for (const [id, place] of places) height = Math.max(height, place.y + model.tables.find((t) => t.id === id)!.height);
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
