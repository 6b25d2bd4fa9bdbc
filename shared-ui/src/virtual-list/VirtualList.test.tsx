import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { VirtualList, type VirtualListHandle } from './VirtualList';
import { scrollTopFor } from './fixed-rows';

const files = Array.from({ length: 10_000 }, (_, i) => `file-${i}.png`);

// jsdom does no layout: give the scrolling element the 280 px a browser would.
let heightSpy: { mockRestore: () => void } | undefined;
beforeEach(() => {
  heightSpy = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.hasAttribute('data-virtual-list') ? 280 : 0;
  });
});
afterEach(() => heightSpy?.mockRestore());

describe('VirtualList', () => {
  it('renders only the rows in view (plus overscan) out of ten thousand', () => {
    render(<VirtualList items={files} rowHeight={28} height={280} overscan={2} aria-label="Files" renderRow={(name) => name} />);
    const rows = screen.getAllByRole('listitem');
    // 280 px / 28 px = 10 rows in view, plus 2 overscan below.
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows.length).toBeLessThanOrEqual(14);
    expect(screen.getByText('file-0.png')).toBeTruthy();
    expect(screen.queryByText('file-100.png')).toBeNull();
    expect(rows[0].getAttribute('aria-setsize')).toBe('10000');
  });

  it('shows later rows after scrolling and drops the first ones', async () => {
    render(<VirtualList items={files} rowHeight={28} height={280} overscan={2} aria-label="Files" renderRow={(name) => name} />);
    const list = screen.getByRole('list', { name: 'Files' });
    await act(async () => {
      list.scrollTop = 28 * 5000;
      fireEvent.scroll(list);
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.getByText('file-5000.png')).toBeTruthy();
    expect(screen.queryByText('file-0.png')).toBeNull();
    expect(screen.getAllByRole('listitem').length).toBeLessThanOrEqual(16);
  });

  it('asks for the next page when the end comes into view', () => {
    const more = vi.fn();
    render(<VirtualList items={files.slice(0, 12)} rowHeight={28} height={280} renderRow={(name) => name} onEndReached={more} />);
    expect(more).toHaveBeenCalled();
  });

  it('shows the empty state when there are no items', () => {
    render(<VirtualList items={[]} rowHeight={28} height={280} renderRow={(name: string) => name} empty={<p>No files</p>} />);
    expect(screen.getByText('No files')).toBeTruthy();
  });

  it('scrolls a far row into view on request, below a sticky header', async () => {
    const handle = createRef<VirtualListHandle>();
    render(<VirtualList items={files} rowHeight={28} height={280} header={<div>Name</div>} headerHeight={28} handleRef={handle} aria-label="Files" renderRow={(name) => name} />);
    await act(async () => handle.current?.scrollToIndex(7000, 'start'));
    const list = screen.getByRole('list', { name: 'Files' });
    expect(list.scrollTop).toBe(7000 * 28);
    expect(screen.getByText('file-7000.png')).toBeTruthy();
    expect(screen.queryByText('file-0.png')).toBeNull();
  });

  it('keeps a row asked for drawn, with what was typed in it, while the list scrolls far from it', async () => {
    render(
      <VirtualList
        items={files}
        rowHeight={28}
        height={280}
        overscan={2}
        aria-label="Files"
        keepMounted={3}
        getKey={(name, i) => (i === 3 ? 'kept' : i % 20)}
        renderRow={(name, i) => (i === 3 ? <input aria-label="Name" defaultValue={name} /> : name)}
      />,
    );
    const field = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    field.focus();
    fireEvent.change(field, { target: { value: 'renamed.png' } });
    const list = screen.getByRole('list', { name: 'Files' });
    await act(async () => {
      list.scrollTop = 28 * 5000;
      fireEvent.scroll(list);
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.getByText('file-5000.png')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBe(field);
    expect(field.value).toBe('renamed.png');
    expect(document.activeElement).toBe(field);
    // Drawn where it belongs, before the rows in view.
    expect(screen.getAllByRole('listitem')[0]!.dataset.index).toBe('3');
  });
});

describe('rows of different heights', () => {
  // jsdom lays nothing out: a row is as tall as its lines of text, 20 px each, plus 8 px of padding.
  let rowSpy: { mockRestore: () => void } | undefined;
  beforeEach(() => {
    rowSpy = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.hasAttribute('data-index') ? 8 + 20 * (this.textContent ?? '').split('\n').length : 0;
    });
  });
  afterEach(() => rowSpy?.mockRestore());

  const lines = ['one line', 'three\nwrapped\nlines', 'one line again', 'two\nlines', 'last'];

  it('places each row below the measured height of the rows above it', async () => {
    render(<VirtualList items={lines} rowHeight={28} measureRows height={280} aria-label="Log" renderRow={(text) => <pre>{text}</pre>} />);
    const top = (index: number) => screen.getAllByRole('listitem').find((row) => row.dataset.index === String(index))!.style.transform;
    await waitFor(() => expect(top(4)).toBe('translateY(172px)'));
    expect(top(0)).toBe('translateY(0px)');
    expect(top(1)).toBe('translateY(28px)');
    // The three-line row is 68 px tall, not the 28 px estimated.
    expect(top(2)).toBe('translateY(96px)');
    expect(top(3)).toBe('translateY(124px)');
    expect(top(4)).toBe('translateY(172px)');
  });

  it('shows the rows that are left when the list shrinks under a far scroll position', async () => {
    const { rerender } = render(<VirtualList items={files} rowHeight={28} height={280} overscan={2} aria-label="Files" renderRow={(name) => name} />);
    const list = screen.getByRole('list', { name: 'Files' });
    await act(async () => {
      list.scrollTop = 28 * 5000;
      fireEvent.scroll(list);
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    rerender(<VirtualList items={files.slice(0, 3)} rowHeight={28} height={280} overscan={2} aria-label="Files" renderRow={(name) => name} />);
    await act(async () => {
      list.scrollTop = 0;
      fireEvent.scroll(list);
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.getAllByRole('listitem').map((row) => row.textContent)).toEqual(['file-0.png', 'file-1.png', 'file-2.png']);
  });
});

describe('scrolling to a row', () => {
  it('aligns a row to the end, and leaves a row already in view where it is', () => {
    expect(scrollTopFor(20, 'end', 0, 280, 100, 28, 0)).toBe(21 * 28 - 280);
    expect(scrollTopFor(3, 'auto', 0, 280, 100, 28, 0)).toBe(0);
    expect(scrollTopFor(99, 'start', 0, 280, 100, 28, 0)).toBe(100 * 28 - 280);
  });
});
