import type { SchemaGraph, SchemaGraphColumn, SchemaGraphTable } from '@plinth/contracts-database';

// The schema visualizer's diagram in product words, before any layout: each table a box of a
// known size with its columns, each foreign key between two tables of the schema a link from the
// referencing column to the referenced one. Keys to other schemas stay marks on their columns.

/** Box metrics in diagram pixels: the boxes are drawn with exactly these (border 1 px all round). */
export const BOX = { border: 1, header: 36, row: 24, padding: 6, minWidth: 200, maxWidth: 420, charWidth: 7.4, marks: 52 } as const;

export interface ColumnReference {
  schema: string;
  table: string;
  column: string;
  /** The table of the diagram it points to, when it is in this schema. */
  tableId: number | null;
}

export interface DiagramColumn extends SchemaGraphColumn {
  /** The foreign key this column is part of (the first, when several). */
  references: ColumnReference | null;
}

export interface DiagramTable extends Omit<SchemaGraphTable, 'columns'> {
  columns: DiagramColumn[];
  width: number;
  height: number;
}

export interface DiagramLink {
  /** The constraint's id. */
  id: number;
  name: string;
  from: { tableId: number; column: string };
  to: { tableId: number; column: string };
}

export interface DiagramModel {
  schema: string;
  tables: DiagramTable[];
  links: DiagramLink[];
}

/** "public.authors (id)", how a reference is named in a mark's title. */
export function referenceText(ref: ColumnReference): string {
  return `${ref.schema}.${ref.table} (${ref.column})`;
}

function boxWidth(table: SchemaGraphTable): number {
  const longestRow = Math.max(0, ...table.columns.map((c) => c.name.length + c.type.length));
  const text = Math.max(table.name.length + 4, longestRow + 3);
  return Math.round(Math.min(BOX.maxWidth, Math.max(BOX.minWidth, BOX.marks + text * BOX.charWidth + 16)));
}

/** The boxes and links of one schema's graph. */
export function diagramModel(graph: SchemaGraph): DiagramModel {
  const inSchema = new Set(graph.tables.map((t) => t.id));
  const references = new Map<string, ColumnReference>();
  const links: DiagramLink[] = [];
  for (const relation of graph.relations) {
    relation.columns.forEach((column, i) => {
      const key = `${relation.tableId}:${column}`;
      if (references.has(key)) return;
      const target = relation.target;
      references.set(key, { schema: target.schema, table: target.table, column: target.columns[i] ?? target.columns[0] ?? '', tableId: inSchema.has(target.tableId) ? target.tableId : null });
    });
    if (!inSchema.has(relation.tableId) || !inSchema.has(relation.target.tableId) || !relation.columns.length) continue;
    links.push({
      id: relation.id,
      name: relation.name,
      from: { tableId: relation.tableId, column: relation.columns[0]! },
      to: { tableId: relation.target.tableId, column: relation.target.columns[0] ?? '' },
    });
  }
  const tables = graph.tables.map((t) => ({
    ...t,
    columns: t.columns.map((c) => ({ ...c, references: references.get(`${t.id}:${c.name}`) ?? null })),
    width: boxWidth(t),
    height: 2 * BOX.border + BOX.header + Math.max(1, t.columns.length) * BOX.row + BOX.padding,
  }));
  return { schema: graph.schema, tables, links };
}

/** Where a table's box stands: its top-left corner in diagram pixels. */
export interface BoxPlace {
  x: number;
  y: number;
}

export interface DiagramLayout {
  places: Map<number, BoxPlace>;
  width: number;
  height: number;
}

/** The middle of a column's row, from the top of its box (the header's middle for an unknown column). */
export function columnOffset(table: DiagramTable, column: string): number {
  const i = table.columns.findIndex((c) => c.name === column);
  return BOX.border + (i < 0 ? BOX.header / 2 : BOX.header + BOX.padding / 2 + i * BOX.row + BOX.row / 2);
}

const LOOP = 36;

/**
 * The curve of a link: out of the referencing column's row on the side facing the referenced box,
 * into the referenced column's row; out and back on the right for a table's key to itself, and
 * both on the right when the boxes stand one above the other.
 */
export function linkPath(from: DiagramTable, fromPlace: BoxPlace, fromColumn: string, to: DiagramTable, toPlace: BoxPlace, toColumn: string): string {
  const sy = fromPlace.y + columnOffset(from, fromColumn);
  const ty = toPlace.y + columnOffset(to, toColumn);
  if (from.id === to.id) {
    const x = fromPlace.x + from.width;
    return `M ${x} ${sy} C ${x + LOOP * 1.5} ${sy}, ${x + LOOP * 1.5} ${ty}, ${x} ${ty}`;
  }
  const fromRight = fromPlace.x + from.width;
  const toRight = toPlace.x + to.width;
  if (toPlace.x >= fromRight) return curve(fromRight, sy, toPlace.x, ty);
  if (fromPlace.x >= toRight) return curve(fromPlace.x, sy, toRight, ty);
  // Overlapping columns of boxes: leave and enter on the right.
  const x = Math.max(fromRight, toRight) + LOOP;
  return `M ${fromRight} ${sy} C ${x} ${sy}, ${x} ${ty}, ${toRight} ${ty}`;
}

function curve(sx: number, sy: number, tx: number, ty: number): string {
  const bend = Math.max(LOOP, Math.abs(tx - sx) / 2) * Math.sign(tx - sx);
  return `M ${sx} ${sy} C ${sx + bend} ${sy}, ${tx - bend} ${ty}, ${tx} ${ty}`;
}
