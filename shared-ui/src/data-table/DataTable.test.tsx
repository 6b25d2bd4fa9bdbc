import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from './DataTable';
import { sortRows } from './sort-rows';

interface File {
  id: string;
  name: string;
  size: number;
}

const files: File[] = [
  { id: 'a', name: 'file10.png', size: 300 },
  { id: 'b', name: 'file2.png', size: 100 },
  { id: 'c', name: 'avatar.png', size: 200 },
];
const columns: DataTableColumn<File>[] = [
  { key: 'name', header: 'Name', cell: (f) => f.name, sortValue: (f) => f.name },
  { key: 'size', header: 'Size', cell: (f) => `${f.size} B`, sortValue: (f) => f.size, align: 'end' },
  { key: 'kind', header: 'Kind', cell: () => 'image' },
];

// jsdom does no layout: give the scrolling element the 400 px a browser would.
let heightSpy: { mockRestore: () => void } | undefined;
beforeEach(() => {
  heightSpy = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.hasAttribute('data-virtual-list') ? 400 : 0;
  });
});
afterEach(() => heightSpy?.mockRestore());

const names = () => screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('gridcell')[0].textContent);

function Selectable({ onActivate }: { onActivate?: (f: File) => void }) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  return (
    <>
      <p>{selected.size} selected</p>
      <DataTable aria-label="Files" columns={columns} rows={files} getRowId={(f) => f.id} height={400} selectable selected={selected} onSelectedChange={setSelected} onRowActivate={onActivate} />
    </>
  );
}

describe('DataTable', () => {
  it('sorts by a column: ascending on the first click, descending on the second, in natural order', async () => {
    const user = userEvent.setup();
    render(<DataTable aria-label="Files" columns={columns} rows={files} getRowId={(f) => f.id} height={400} />);
    expect(names()).toEqual(['file10.png', 'file2.png', 'avatar.png']);
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader.getAttribute('aria-sort')).toBe('none');
    await user.click(within(nameHeader).getByRole('button', { name: 'Name' }));
    expect(nameHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(names()).toEqual(['avatar.png', 'file2.png', 'file10.png']);
    await user.click(within(nameHeader).getByRole('button', { name: 'Name' }));
    expect(nameHeader.getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['file10.png', 'file2.png', 'avatar.png']);
    await user.click(screen.getByRole('button', { name: 'Size' }));
    expect(names()).toEqual(['file2.png', 'avatar.png', 'file10.png']);
    expect(screen.getByRole('columnheader', { name: 'Kind' }).getAttribute('aria-sort')).toBeNull();
  });

  it('selects rows with their checkboxes, the header checkbox, and Space on the focused row', async () => {
    const user = userEvent.setup();
    render(<Selectable />);
    const grid = screen.getByRole('grid', { name: 'Files' });
    expect(grid.getAttribute('aria-multiselectable')).toBe('true');
    await user.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    expect(screen.getByText('1 selected')).toBeTruthy();
    expect(screen.getAllByRole('row')[2].getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(screen.getByText('3 selected')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(screen.getByText('0 selected')).toBeTruthy();

    act(() => grid.focus());
    await user.keyboard('{ArrowDown}{ArrowDown} ');
    expect(screen.getByText('1 selected')).toBeTruthy();
    expect(screen.getAllByRole('row')[3].getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Control>}a{/Control}');
    expect(screen.getByText('3 selected')).toBeTruthy();
  });

  it('moves the focused row with the arrows, Home and End, and opens it with Enter', async () => {
    const user = userEvent.setup();
    const open = vi.fn();
    render(<Selectable onActivate={open} />);
    const grid = screen.getByRole('grid', { name: 'Files' });
    act(() => grid.focus());
    const activeName = () => document.getElementById(grid.getAttribute('aria-activedescendant') ?? '')?.textContent;
    expect(activeName()).toContain('file10.png');
    await user.keyboard('{End}');
    expect(activeName()).toContain('avatar.png');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(open).toHaveBeenCalledWith(files[1]);
    await user.keyboard('{Home}{Enter}');
    expect(open).toHaveBeenLastCalledWith(files[0]);
  });

  it('mounts only the rows in view out of ten thousand, with the row count for assistive technology', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({ id: String(i), name: `object-${i}`, size: i }));
    render(<DataTable aria-label="Objects" columns={columns} rows={many} getRowId={(f) => f.id} height={400} density="dense" />);
    const grid = screen.getByRole('grid', { name: 'Objects' });
    expect(grid.getAttribute('aria-rowcount')).toBe('10001');
    const rows = screen.getAllByRole('row');
    // 400 px of 28 px dense rows: about 14 in view plus overscan, never thousands.
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(30);
    expect(rows[1].getAttribute('style')).toContain('height: 28px');
  });

  it('shows its empty state under the headers', () => {
    render(<DataTable aria-label="Files" columns={columns} rows={[]} getRowId={(f) => f.id} height={400} empty={<p>No files yet</p>} />);
    expect(screen.getByRole('columnheader', { name: /Name/ })).toBeTruthy();
    expect(screen.getByText('No files yet')).toBeTruthy();
  });
});

describe('sortRows', () => {
  it('keeps rows without a value last and equal rows in their order', () => {
    const rows = [{ v: 2 }, { v: null }, { v: 1 }, { v: 2 }];
    expect(sortRows(rows, (r) => r.v, 'ascending')).toEqual([rows[2], rows[0], rows[3], rows[1]]);
    expect(sortRows(rows, (r) => r.v, 'descending')).toEqual([rows[0], rows[3], rows[2], rows[1]]);
  });
});

describe('DataTable with cell navigation (a query result)', () => {
  const result = [
    ['1', 'ada', '{"vip":true}'],
    ['2', 'bob', null],
  ];
  const rowIds = new Map(result.map((row, i) => [row, String(i)]));
  const resultColumns: DataTableColumn<(string | null)[]>[] = ['id', 'customer', 'meta'].map((name, col) => ({ key: String(col), header: name, size: 120, resizable: true, cell: (row) => row[col] ?? 'NULL' }));

  it('numbers the rows, moves the focused cell with the arrows and opens it with Enter or a double click', async () => {
    const user = userEvent.setup();
    const opened = vi.fn();
    render(<DataTable aria-label="Results" columns={resultColumns} rows={result} getRowId={(row) => rowIds.get(row)!} height={400} density="dense" rowNumbers cellNavigation onCellActivate={opened} />);
    const grid = screen.getByRole('grid', { name: 'Results' });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['#', 'id', 'customer', 'meta']);
    expect(screen.getAllByRole('row')[2].textContent).toBe('22bobNULL');
    await user.tab();
    expect(document.activeElement).toBe(grid);
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowDown}');
    const cell = document.getElementById(grid.getAttribute('aria-activedescendant')!)!;
    expect(cell.textContent).toBe('NULL');
    expect(cell.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Control>}{Home}{/Control}{Enter}');
    expect(opened).toHaveBeenLastCalledWith({ row: result[0], rowIndex: 0, columnKey: '0' });
    await user.dblClick(screen.getByRole('gridcell', { name: '{"vip":true}' }));
    expect(opened).toHaveBeenLastCalledWith({ row: result[0], rowIndex: 0, columnKey: '2' });
  });

  it('resizes a column from its edge with the arrow keys, within 48 to 1200 px', async () => {
    const user = userEvent.setup();
    render(<DataTable aria-label="Results" columns={resultColumns} rows={result} getRowId={(row) => rowIds.get(row)!} height={400} rowNumbers cellNavigation />);
    const edge = screen.getByRole('separator', { name: 'Resize column customer' });
    expect(edge.getAttribute('aria-valuenow')).toBe('120');
    edge.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(edge.getAttribute('aria-valuenow')).toBe('152');
    for (let i = 0; i < 10; i++) await user.keyboard('{ArrowLeft}');
    expect(edge.getAttribute('aria-valuenow')).toBe('48');
    // The header row is as wide as its columns: 64 (#) + 120 + 48 + 120, each at its width.
    const header = screen.getAllByRole('row')[0];
    expect(getComputedStyle(header).width).toBe('352px');
    expect(getComputedStyle(header).gridTemplateColumns).toBe('64px 120px 48px 120px');
  });
});

describe('wrapped rows', () => {
  // jsdom lays nothing out: a row is as tall as its lines of text, 20 px each, plus 8 px of padding.
  let rowSpy: { mockRestore: () => void } | undefined;
  beforeEach(() => {
    rowSpy = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.hasAttribute('data-index') ? 8 + 20 * (this.textContent ?? '').split('\n').length : 0;
    });
  });
  afterEach(() => rowSpy?.mockRestore());

  interface Line {
    id: string;
    message: string;
  }
  const lines: Line[] = [
    { id: '1', message: 'GET /rest/v1/todos' },
    { id: '2', message: 'ERROR: column "nope" does not exist\nHINT: Perhaps you meant to reference the column "todos.note".\nat character 8' },
    { id: '3', message: 'POST /auth/v1/signup' },
  ];
  const lineColumns: DataTableColumn<Line>[] = [{ key: 'message', header: 'Message', cell: (l) => l.message }];
  const top = (index: number) => screen.getAllByRole('row').find((row) => row.dataset.index === String(index))?.style.transform;

  it('gives a wrapped row its measured height, so the rows under it start below it', async () => {
    render(<DataTable aria-label="Log entries" columns={lineColumns} rows={lines} getRowId={(l) => l.id} height={400} density="dense" wrap />);
    // Under the 28 px header row: the three-line row is 68 px tall, not one row's 28.
    await vi.waitFor(() => expect(top(2)).toBe('translateY(124px)'));
    expect(top(0)).toBe('translateY(28px)');
    expect(top(1)).toBe('translateY(56px)');
    const cell = within(screen.getAllByRole('row')[2]).getByRole('gridcell');
    expect(getComputedStyle(cell).whiteSpace).toBe('pre-wrap');
  });

  it('keeps rows of one height, cut with an ellipsis, without it', () => {
    render(<DataTable aria-label="Log entries" columns={lineColumns} rows={lines} getRowId={(l) => l.id} height={400} density="dense" />);
    const cell = within(screen.getAllByRole('row')[2]).getByRole('gridcell');
    expect(getComputedStyle(cell).whiteSpace).toBe('nowrap');
    expect(screen.getAllByRole('row')[2].style.height).not.toBe('');
  });
});
