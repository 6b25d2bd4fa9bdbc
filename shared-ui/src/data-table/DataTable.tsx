import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { css } from '@emotion/react';
import { flexRender, getCoreRowModel, getSortedRowModel, useReactTable, type ColumnDef, type RowSelectionState, type ColumnSizingState, type SortingFn, type SortingState, type Updater } from '@tanstack/react-table';
import { densityValues, tokens, type Density } from '@plinth/shared-ui/theme';
import { VirtualList, type VirtualListHandle } from '@plinth/shared-ui/virtual-list';
import { SortableIcon, SortAscendingIcon, SortDescendingIcon } from '@plinth/shared-ui/icons';
import { compareValues, nextSort, type SortState } from './sort-rows';

export interface DataTableColumn<T> {
  key: string;
  /** Column title, also the name of its sort button. */
  header: string;
  cell: (row: T) => ReactNode;
  /** The value the column sorts by; the column is sortable when given. */
  sortValue?: (row: T) => string | number | null | undefined;
  /** CSS grid track: '2fr', '120px', 'minmax(160px, 1fr)'. Default 'minmax(0, 1fr)'. */
  width?: string;
  /** Width in pixels, instead of `width`; when every column has one, the table scrolls sideways once wider than its box. */
  size?: number;
  /** With a `size`: an edge on its header to drag (or move with the arrow keys) to resize it, 48 to 1200 px. */
  resizable?: boolean;
  /** Numbers read best aligned to the end. */
  align?: 'start' | 'end';
}

export interface DataTableProps<T> {
  'aria-label': string;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  getRowId: (row: T) => string;
  /** Height of the scrolling table: pixels or a CSS length. */
  height: number | string;
  density?: Density;
  /** Adds a checkbox column; Space selects the focused row, Ctrl or ⌘ A every row. */
  selectable?: boolean;
  selected?: ReadonlySet<string>;
  onSelectedChange?: (selected: Set<string>) => void;
  /** Enter on a row, or a click on it. */
  onRowActivate?: (row: T) => void;
  defaultSort?: SortState;
  /** Shown under the headers when there are no rows. */
  empty?: ReactNode;
  /** Called near the end of the rows, to load more. */
  onEndReached?: () => void;
  /** A first column numbering the rows ('#'). */
  rowNumbers?: boolean;
  /**
   * The focused cell moves, not the row: arrows in both directions, Home/End along the row,
   * Ctrl/⌘ Home/End to the first and last row; Enter or a double click calls `onCellActivate`.
   */
  cellNavigation?: boolean;
  onCellActivate?: (cell: ActiveCell<T>) => void;
  /** The focused cell, each time it moves (with `cellNavigation`). */
  onActiveCellChange?: (cell: ActiveCell<T>) => void;
  /**
   * Long cells wrap onto more lines (up to four, line breaks kept) instead of ending in an ellipsis,
   * and each row takes the height of its tallest cell (rows measured as they are drawn, the virtual
   * list's `measureRows`).
   */
  wrap?: boolean;
}

export interface ActiveCell<T> {
  row: T;
  rowIndex: number;
  columnKey: string;
}

const RESIZE_MIN = 48;
const RESIZE_MAX = 1200;
const RESIZE_STEP = 16;
const NUMBER_WIDTH = 64;

const c = tokens.color;

const rowBase = css({
  display: 'grid',
  alignItems: 'center',
  borderBottom: `1px solid ${c.border}`,
  fontSize: tokens.fontSize.sm,
  lineHeight: tokens.lineHeight.snug,
});

const cellStyle = css({ padding: `0 ${tokens.density.cellX}`, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
/** Lines a wrapped cell shows at most; the row's detail (`onRowActivate`) has the rest. */
const WRAP_LINES = 4;
const wrappedCell = css({ display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: WRAP_LINES, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', paddingTop: tokens.space.xs, paddingBottom: tokens.space.xs });

const headerButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: tokens.space.xs,
  maxWidth: '100%',
  padding: 0,
  border: 'none',
  background: 'none',
  color: 'inherit',
  font: 'inherit',
  cursor: 'pointer',
  '&:hover': { color: c.text },
  '&:focus-visible': tokens.focusRing,
});

/** Numbers by size, text in natural order (file2 before file10); rows without a value are kept last by the table. */
const naturalOrder: SortingFn<unknown> = (a, b, columnId) => compareValues(a.getValue(columnId), b.getValue(columnId));

/**
 * A table of many rows: sticky column headers, sortable columns, row hover and selection, two
 * densities, and only the rows in view mounted (the virtual list), so ten thousand rows stay fast.
 * Keyboard: the table is one tab stop; arrows, Page Up/Down, Home and End move the focused row.
 * The row model (sorting, selection, columns and cells) is @tanstack/react-table's; the rows are
 * placed by the virtual list (@tanstack/react-virtual).
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, getRowId, height, density = 'comfortable', selectable = false, selected, onSelectedChange, onRowActivate, defaultSort, empty, onEndReached, rowNumbers = false, cellNavigation = false, onCellActivate, onActiveCellChange, wrap = false } = props;
  const [sort, setSort] = useState<SortState | null>(defaultSort ?? null);
  const [active, setActive] = useState(0);
  const [activeColumn, setActiveColumn] = useState(0);
  const [columnSizing, setColumnSizing] = useState<ColumnSizingState>({});
  const [focused, setFocused] = useState(false);
  const listRef = useRef<VirtualListHandle>(null);
  const baseId = useId();
  const rowHeight = densityValues[density].row;

  const columnDefs = useMemo<ColumnDef<T>[]>(
    () =>
      columns.map((col) => ({
        id: col.key,
        header: col.header,
        // Sortable columns give the value they sort by; a row without one sorts last either way.
        accessorFn: col.sortValue ? (row: T) => col.sortValue?.(row) ?? undefined : undefined,
        cell: (info) => col.cell(info.row.original),
        enableSorting: Boolean(col.sortValue),
        sortingFn: naturalOrder as SortingFn<T>,
        sortUndefined: 'last' as const,
        ...(col.size !== undefined ? { size: col.size, minSize: RESIZE_MIN, maxSize: RESIZE_MAX } : {}),
        enableResizing: Boolean(col.resizable && col.size !== undefined),
      })),
    [columns],
  );
  const sorting = useMemo<SortingState>(() => (sort ? [{ id: sort.key, desc: sort.direction === 'descending' }] : []), [sort]);
  const rowSelection = useMemo<RowSelectionState>(() => Object.fromEntries([...(selected ?? [])].map((id) => [id, true])), [selected]);
  const table = useReactTable<T>({
    data: rows as T[],
    columns: columnDefs,
    getRowId: (row) => getRowId(row),
    state: { sorting, rowSelection, columnSizing },
    onColumnSizingChange: setColumnSizing,
    columnResizeMode: 'onChange',
    enableColumnResizing: true,
    enableRowSelection: selectable,
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => {
      const next = typeof updater === 'function' ? updater(rowSelection) : updater;
      onSelectedChange?.(new Set(Object.keys(next).filter((id) => next[id])));
    },
    manualSorting: false,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  const sorted = table.getRowModel().rows;

  const leafColumns = table.getAllLeafColumns();
  const track = (col: DataTableColumn<T>, index: number) => (col.size !== undefined ? `${leafColumns[index].getSize()}px` : (col.width ?? 'minmax(0, 1fr)'));
  const template = [selectable ? '40px' : null, rowNumbers ? `${NUMBER_WIDTH}px` : null, ...columns.map(track)].filter(Boolean).join(' ');
  // Columns all in pixels: the rows are as wide as they add up to, and the table scrolls sideways.
  const fixedWidth = columns.length > 0 && columns.every((col) => col.size !== undefined);
  const rowWidth = fixedWidth ? (selectable ? 40 : 0) + (rowNumbers ? NUMBER_WIDTH : 0) + leafColumns.reduce((sum, column) => sum + column.getSize(), 0) : undefined;
  const cellId = (row: number, col: number) => `${baseId}-r${row}-c${col}`;
  const activeCol = Math.min(activeColumn, Math.max(columns.length - 1, 0));
  // Asked only of a table with checkboxes: each walks every row.
  const allChosen = selectable && sorted.length > 0 && table.getIsAllRowsSelected();
  const someChosen = selectable && !allChosen && table.getIsSomeRowsSelected();
  const activeIndex = Math.min(active, Math.max(sorted.length - 1, 0));
  const widthOf = new Map(columns.map((col) => [col.key, col]));

  const moveTo = (index: number, column = activeCol) => {
    const clamped = Math.max(0, Math.min(sorted.length - 1, index));
    const col = Math.max(0, Math.min(columns.length - 1, column));
    setActive(clamped);
    setActiveColumn(col);
    listRef.current?.scrollToIndex(clamped);
    if (cellNavigation && sorted[clamped] && columns[col]) onActiveCellChange?.({ row: sorted[clamped].original, rowIndex: clamped, columnKey: columns[col].key });
  };
  const activateCell = (index: number, column: number) => {
    if (sorted[index] && columns[column]) onCellActivate?.({ row: sorted[index].original, rowIndex: index, columnKey: columns[column].key });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || sorted.length === 0) return;
    const page = Math.max(1, Math.floor((typeof height === 'number' ? height : 400) / rowHeight) - 1);
    const mod = event.ctrlKey || event.metaKey;
    if (cellNavigation) {
      const cellMoves: Record<string, [number, number]> = {
        ArrowDown: [activeIndex + 1, activeCol],
        ArrowUp: [activeIndex - 1, activeCol],
        ArrowRight: [activeIndex, activeCol + 1],
        ArrowLeft: [activeIndex, activeCol - 1],
        PageDown: [activeIndex + page, activeCol],
        PageUp: [activeIndex - page, activeCol],
        Home: [mod ? 0 : activeIndex, 0],
        End: [mod ? sorted.length - 1 : activeIndex, columns.length - 1],
      };
      if (event.key in cellMoves) {
        event.preventDefault();
        moveTo(...cellMoves[event.key]);
      } else if (event.key === 'Enter') {
        event.preventDefault();
        activateCell(activeIndex, activeCol);
      }
      return;
    }
    const moves: Record<string, number> = { ArrowDown: activeIndex + 1, ArrowUp: activeIndex - 1, PageDown: activeIndex + page, PageUp: activeIndex - page, Home: 0, End: sorted.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      moveTo(moves[event.key]);
    } else if (event.key === ' ' && selectable) {
      event.preventDefault();
      sorted[activeIndex].toggleSelected();
    } else if (event.key === 'Enter' && onRowActivate) {
      event.preventDefault();
      onRowActivate(sorted[activeIndex].original);
    } else if (selectable && event.key.toLowerCase() === 'a' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      table.toggleAllRowsSelected(true);
    }
  };

  const header = (
    <div role="row" aria-rowindex={1} css={[rowBase, { gridTemplateColumns: template, width: rowWidth, height: rowHeight, background: c.surface, color: c.textMuted, fontWeight: tokens.fontWeight.medium, fontSize: tokens.fontSize.xs }]}>
      {selectable ? (
        <div role="columnheader" css={cellStyle}>
          <input
            type="checkbox"
            aria-label="Select all rows"
            checked={allChosen}
            ref={(el) => {
              if (el) el.indeterminate = someChosen;
            }}
            onChange={() => table.toggleAllRowsSelected(!allChosen)}
            css={{ accentColor: c.brand, margin: 0 }}
          />
        </div>
      ) : null}
      {rowNumbers ? (
        <div role="columnheader" css={[cellStyle, { textAlign: 'end' }]}>
          #
        </div>
      ) : null}
      {table.getHeaderGroups()[0].headers.map((head, index) => {
        const col = widthOf.get(head.column.id)!;
        const sortedAs = head.column.getIsSorted();
        const direction = sortedAs === 'asc' ? 'ascending' : sortedAs === 'desc' ? 'descending' : undefined;
        const SortGlyph = direction === 'ascending' ? SortAscendingIcon : direction === 'descending' ? SortDescendingIcon : SortableIcon;
        const title = flexRender(head.column.columnDef.header, head.getContext());
        return (
          <div
            key={head.id}
            role="columnheader"
            aria-sort={head.column.getCanSort() ? (direction ?? 'none') : undefined}
            aria-colindex={cellNavigation ? index + 1 + (rowNumbers ? 1 : 0) + (selectable ? 1 : 0) : undefined}
            title={col.header}
            css={[cellStyle, { position: 'relative', textAlign: col.align === 'end' ? 'end' : 'start' }]}
          >
            {head.column.getCanSort() ? (
              <button type="button" css={headerButton} onClick={() => setSort(nextSort(sort, col.key))}>
                {title}
                <span css={{ display: 'inline-flex', opacity: direction ? 1 : 0.55 }}>
                  <SortGlyph size={12} />
                </span>
              </button>
            ) : (
              title
            )}
            {head.column.getCanResize() ? (
              <div
                role="separator"
                aria-orientation="vertical"
                aria-label={`Resize column ${col.header}`}
                aria-valuenow={head.column.getSize()}
                aria-valuemin={RESIZE_MIN}
                aria-valuemax={RESIZE_MAX}
                tabIndex={0}
                onMouseDown={head.getResizeHandler()}
                onTouchStart={head.getResizeHandler()}
                onKeyDown={(event) => {
                  if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
                  event.preventDefault();
                  event.stopPropagation();
                  const size = head.column.getSize() + (event.key === 'ArrowRight' ? RESIZE_STEP : -RESIZE_STEP);
                  setColumnSizing((all) => ({ ...all, [head.column.id]: Math.max(RESIZE_MIN, Math.min(RESIZE_MAX, size)) }));
                }}
                css={{ position: 'absolute', top: 0, right: -4, width: 8, height: '100%', cursor: 'col-resize', zIndex: 1, '&:hover, &:focus-visible': { background: c.focus, outline: 'none' } }}
              />
            ) : null}
          </div>
        );
      })}
    </div>
  );

  return (
    <div data-density={density} css={{ border: `1px solid ${c.border}`, borderRadius: tokens.radius.md, overflow: 'hidden', background: c.background }}>
      <VirtualList
        items={sorted}
        rowHeight={rowHeight}
        measureRows={wrap}
        height={height}
        role="grid"
        rowRole="row"
        aria-label={props['aria-label']}
        header={header}
        headerHeight={rowHeight}
        handleRef={listRef}
        getKey={(row) => row.id}
        overscan={cellNavigation ? 10 : undefined}
        onEndReached={onEndReached}
        empty={empty}
        containerProps={{
          'aria-rowcount': sorted.length + 1,
          'aria-colcount': cellNavigation ? columns.length + (rowNumbers ? 1 : 0) + (selectable ? 1 : 0) : undefined,
          'aria-multiselectable': selectable || undefined,
          'aria-activedescendant': sorted.length > 0 && (cellNavigation || focused) ? (cellNavigation ? cellId(activeIndex, activeCol) : `${baseId}-row-${activeIndex}`) : undefined,
          onKeyDown,
          onFocus: (event) => {
            if (event.target === event.currentTarget) setFocused(true);
          },
          onBlur: () => setFocused(false),
        }}
        rowProps={(row, index) => ({
          id: `${baseId}-row-${index}`,
          'aria-rowindex': index + 2,
          'aria-selected': selectable ? row.getIsSelected() : undefined,
          'data-active': focused && !cellNavigation && index === activeIndex ? '' : undefined,
        })}
        css={{
          '& [role="row"][aria-rowindex]:not([aria-rowindex="1"])': { cursor: onRowActivate ? 'pointer' : undefined },
          '& [role="row"]:not([aria-rowindex="1"]):hover > div': { background: c.surfaceHover },
          '& [role="row"][aria-selected="true"] > div': { background: `color-mix(in srgb, ${c.brand} 16%, ${c.background})` },
          '& [data-active] > div': { outline: `2px solid ${c.focus}`, outlineOffset: -2 },
          '& [role="gridcell"][aria-selected="true"]': { outline: `2px solid ${c.focus}`, outlineOffset: -2 },
          overflowX: fixedWidth ? 'auto' : undefined,
        }}
        renderRow={(row, index) => (
          <div
            css={[rowBase, { gridTemplateColumns: template, width: rowWidth, transition: `background-color ${tokens.motion.fast}` }, wrap ? { minHeight: rowHeight } : { height: '100%' }]}
            onClick={() => {
              setActive(index);
              onRowActivate?.(row.original);
            }}
          >
            {selectable ? (
              <div role="gridcell" css={cellStyle} onClick={(event) => event.stopPropagation()}>
                <input type="checkbox" tabIndex={-1} aria-label={`Select row ${index + 1}`} checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} css={{ accentColor: c.brand, margin: 0 }} />
              </div>
            ) : null}
            {rowNumbers ? <div css={[cellStyle, { color: c.textMuted, textAlign: 'end', fontVariantNumeric: 'tabular-nums' }]}>{index + 1}</div> : null}
            {row.getVisibleCells().map((cell, col) => {
              const column = widthOf.get(cell.column.id)!;
              const at = cellNavigation ? { id: cellId(index, col), 'aria-colindex': col + 1 + (rowNumbers ? 1 : 0) + (selectable ? 1 : 0), 'aria-selected': index === activeIndex && col === activeCol } : {};
              return (
                <div
                  key={cell.id}
                  role="gridcell"
                  {...at}
                  onClick={cellNavigation ? () => moveTo(index, col) : undefined}
                  onDoubleClick={cellNavigation ? () => activateCell(index, col) : undefined}
                  css={[cellStyle, wrap ? wrappedCell : null, { textAlign: column.align === 'end' ? 'end' : 'start', fontVariantNumeric: column.align === 'end' ? 'tabular-nums' : undefined }]}
                >
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </div>
              );
            })}
          </div>
        )}
      />
    </div>
  );
}
