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
