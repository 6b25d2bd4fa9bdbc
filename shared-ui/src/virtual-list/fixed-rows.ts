export type ScrollAlign = 'start' | 'center' | 'end' | 'auto';

/**
 * scrollTop that brings row `index` of rows all `rowHeight` high into view with the given alignment
 * (below a sticky header of `offset` px). Worked out from the row heights alone, so it holds before
 * the browser has laid the rows out.
 */
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
