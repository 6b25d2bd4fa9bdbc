import { useCallback, useLayoutEffect, useState, type RefObject } from 'react';

export type ScrollAlign = 'start' | 'center' | 'end' | 'auto';

export interface FixedRowsOptions {
  count: number;
  rowHeight: number;
  /** Pixels above the first row inside the scrolling area (a sticky header). */
  offset: number;
  overscan: number;
  /** Height of the scrolling area before it is measured. */
  initialHeight: number;
}

/** Index range [first, last] of the rows to render for a scroll position (last < first when none). */
export function rowsInView(scrollTop: number, viewport: number, { count, rowHeight, offset, overscan }: Omit<FixedRowsOptions, 'initialHeight'>) {
  if (count === 0 || rowHeight <= 0) return { first: 0, last: -1 };
  const top = Math.max(0, scrollTop - offset);
  const bottom = Math.max(0, scrollTop + viewport - offset);
  const first = Math.min(count - 1, Math.max(0, Math.floor(top / rowHeight) - overscan));
  const last = Math.min(count - 1, Math.ceil(bottom / rowHeight) - 1 + overscan);
  return { first, last: Math.max(first, last) };
}

/** scrollTop that brings row `index` into view with the given alignment (below a sticky header of `offset` px). */
export function scrollTopFor(index: number, align: ScrollAlign, scrollTop: number, viewport: number, count: number, rowHeight: number, offset: number) {
  const rowTop = offset + index * rowHeight;
  const rowBottom = rowTop + rowHeight;
  const start = rowTop - offset;
  const end = rowBottom - viewport;
  let next = scrollTop;
  if (align === 'start') next = start;
  else if (align === 'end') next = end;
  else if (align === 'center') next = rowTop - offset - (viewport - offset - rowHeight) / 2;
  else if (rowTop < scrollTop + offset) next = start;
  else if (rowBottom > scrollTop + viewport) next = end;
  const max = Math.max(0, offset + count * rowHeight - viewport);
  return Math.min(max, Math.max(0, next));
}

/**
 * The rows of a fixed-row-height list to render: follows the scroll position and the size of the
 * scrolling element; nothing is measured per row.
 */
export function useFixedRows(scrollRef: RefObject<HTMLDivElement | null>, options: FixedRowsOptions) {
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(options.initialHeight);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const measure = () => {
      if (element.clientHeight > 0) setViewport(element.clientHeight);
      setScrollTop(element.scrollTop);
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [scrollRef]);

  const { count, rowHeight, offset } = options;
  const scrollToIndex = useCallback(
    (index: number, align: ScrollAlign = 'auto') => {
      const element = scrollRef.current;
      if (!element || count === 0) return;
      const clamped = Math.min(count - 1, Math.max(0, index));
      const height = element.clientHeight > 0 ? element.clientHeight : viewport;
      const next = scrollTopFor(clamped, align, element.scrollTop, height, count, rowHeight, offset);
      element.scrollTop = next;
      setScrollTop(next);
    },
    [scrollRef, count, rowHeight, offset, viewport],
  );

  return { ...rowsInView(scrollTop, viewport, options), totalHeight: offset + count * rowHeight, scrollToIndex };
}
