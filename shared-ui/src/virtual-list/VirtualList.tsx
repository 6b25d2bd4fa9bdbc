import { useCallback, useEffect, useImperativeHandle, useRef, type AriaRole, type HTMLAttributes, type Key, type ReactNode, type Ref } from 'react';
import { defaultRangeExtractor, measureElement as measureRow, useVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { tokens } from '@plinth/shared-ui/theme';
import { scrollTopFor, type ScrollAlign } from './fixed-rows';

export interface VirtualListHandle {
  scrollToIndex: (index: number, align?: 'start' | 'center' | 'end' | 'auto') => void;
}

export interface VirtualListProps<T> {
  items: readonly T[];
  /**
   * Height of every row in pixels; with `measureRows`, the height a row is given until it has been
   * drawn and measured.
   */
  rowHeight: number;
  /**
   * Rows of different heights (a log line that wraps, a folder row with a preview): each row is
   * measured once drawn, and the rows below it move to fit.
   */
  measureRows?: boolean;
  /** Height of the scrolling area: pixels, or any CSS length such as 'calc(100vh - 122px)'. */
  height: number | string;
  renderRow: (item: T, index: number) => ReactNode;
  getKey?: (item: T, index: number) => Key;
  /** Rows rendered beyond each edge of the view. Default 6. */
  overscan?: number;
  /** Called when the last `endReachedThreshold` rows come into view, to load the next page. */
  onEndReached?: () => void;
  endReachedThreshold?: number;
  /** Role of the scrolling element. Default 'list' (rows get 'listitem'). */
  role?: AriaRole;
  /** Role of each row. Default 'listitem' when role is 'list', otherwise none. */
  rowRole?: AriaRole;
  'aria-label'?: string;
  /** Shown instead of rows when there are no items. */
  empty?: ReactNode;
  handleRef?: Ref<VirtualListHandle>;
  className?: string;
  /** Drawn above the rows inside the scrolling area, sticky at its top (a table's column headers). */
  header?: ReactNode;
  /** Height of `header` in pixels; rows start below it. */
  headerHeight?: number;
  /** More attributes of the scrolling element (aria-activedescendant, onKeyDown, …). */
  containerProps?: HTMLAttributes<HTMLDivElement>;
  /** More attributes of each row element (id, aria-selected, …). */
  rowProps?: (item: T, index: number) => HTMLAttributes<HTMLDivElement>;
  /**
   * A row drawn even while it is out of view: a row being edited keeps its field, its text and
   * its focus while the list scrolls. Give it a key of its own in `getKey`, so that no row in view
   * shares it.
   */
  keepMounted?: number | null;
}

/**
 * The size of the scrolling element, from its client box (what its rows can use, without borders).
 * Until it has been laid out (or where nothing is, as in jsdom) the height given in pixels stands.
 */
function observeClientRect(initialHeight: number) {
  return (instance: Virtualizer<HTMLDivElement, HTMLDivElement>, cb: (rect: { width: number; height: number }) => void) => {
    const element = instance.scrollElement;
    if (!element) return undefined;
    const measure = () => cb({ width: element.clientWidth, height: element.clientHeight > 0 ? element.clientHeight : initialHeight });
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  };
}

/**
 * Scrolls by setting scrollTop, and says so at once: the list follows the new position in the same
 * frame (a row asked for is drawn when the call returns), whether or not the browser sends a scroll
 * event for it.
 */
function scrollElementTo(offset: number, { adjustments = 0 }: { adjustments?: number }, instance: Virtualizer<HTMLDivElement, HTMLDivElement>) {
  const element = instance.scrollElement;
  if (!element) return;
  element.scrollTop = offset + adjustments;
  element.dispatchEvent(new Event('scroll'));
}

/**
 * Scrolling list that renders only the rows in view (plus a few), so ten thousand files cost no
 * more than fifty. Rows are placed by @tanstack/react-virtual; with `measureRows` they may differ in
 * height.
 */
export function VirtualList<T>({
  items,
  rowHeight,
  measureRows = false,
  height,
  renderRow,
  getKey,
  overscan = 6,
  onEndReached,
  endReachedThreshold = 5,
  role = 'list',
  rowRole,
  'aria-label': ariaLabel,
  empty,
  handleRef,
  className,
  header,
  headerHeight = 0,
  containerProps,
  rowProps,
  keepMounted = null,
}: VirtualListProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const initialHeight = typeof height === 'number' ? height : 0;
  const observeRect = useRef(observeClientRect(initialHeight)).current;
  const kept = keepMounted !== null && keepMounted >= 0 && keepMounted < items.length ? keepMounted : null;
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (kept === null || indexes.includes(kept)) return indexes;
      return kept < (indexes[0] ?? 0) ? [kept, ...indexes] : [...indexes, kept];
    },
    [kept],
  );
  // Stable between renders while the rows are the same: a new key function makes the list place
  // every row again, which a scroll of a hundred thousand rows should not pay for each frame.
  const getItemKey = useCallback((index: number): Key => (getKey ? getKey(items[index], index) : index), [getKey, items]);
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLDivElement>({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    paddingStart: headerHeight,
    scrollPaddingStart: headerHeight,
    initialRect: { width: 0, height: initialHeight },
    observeElementRect: observeRect,
    scrollToFn: scrollElementTo,
    rangeExtractor,
    getItemKey,
    // A row not laid out yet (jsdom) keeps its estimated height.
    measureElement: (element, entry, instance) => measureRow(element, entry, instance) || rowHeight,
  });

  // Rows drawn denser or roomier: place them again at the new height.
  const placedAt = useRef(rowHeight);
  useEffect(() => {
    if (placedAt.current === rowHeight) return;
    placedAt.current = rowHeight;
    virtualizer.measure();
  }, [virtualizer, rowHeight]);

  const scrollToIndex = useCallback(
    (index: number, align: ScrollAlign = 'auto') => {
      const element = scrollRef.current;
      if (!element || items.length === 0) return;
      const clamped = Math.min(items.length - 1, Math.max(0, index));
      // Rows of different heights: the library scrolls, and corrects as the rows on the way are measured.
      if (measureRows) return virtualizer.scrollToIndex(clamped, { align });
      const viewport = element.clientHeight > 0 ? element.clientHeight : initialHeight;
      scrollElementTo(scrollTopFor(clamped, align, element.scrollTop, viewport, items.length, rowHeight, headerHeight), {}, virtualizer);
    },
    [virtualizer, items.length, measureRows, initialHeight, rowHeight, headerHeight],
  );
  useImperativeHandle(handleRef, () => ({ scrollToIndex }), [scrollToIndex]);

  const rows = virtualizer.getVirtualItems();
  const lastVisible = rows.reduce((last, row) => (row.index !== kept && row.index > last ? row.index : last), -1);
  const reachedEnd = items.length > 0 && lastVisible >= items.length - 1 - endReachedThreshold;
  const endCallback = useRef(onEndReached);
  endCallback.current = onEndReached;
  useEffect(() => {
    if (reachedEnd) endCallback.current?.();
  }, [reachedEnd, items.length]);

  const itemRole = rowRole ?? (role === 'list' ? 'listitem' : undefined);

  return (
    <div
      ref={scrollRef}
      role={role}
      aria-label={ariaLabel}
      tabIndex={0}
      {...containerProps}
      className={className}
      data-virtual-list=""
      css={{
        height,
        overflowY: 'auto',
        position: 'relative',
        contain: 'strict',
        '&:focus-visible': { outline: `2px solid ${tokens.color.focus}`, outlineOffset: -2 },
      }}
    >
      <div css={{ height: virtualizer.getTotalSize(), width: '100%', position: 'relative' }}>
        {header ? <div css={{ position: 'sticky', top: 0, zIndex: 1 }}>{header}</div> : null}
        {rows.map((row) => (
          <div
            {...rowProps?.(items[row.index], row.index)}
            key={row.key}
            ref={measureRows ? virtualizer.measureElement : undefined}
            role={itemRole}
            aria-setsize={itemRole && itemRole !== 'row' ? items.length : undefined}
            aria-posinset={itemRole && itemRole !== 'row' ? row.index + 1 : undefined}
            data-index={row.index}
            css={{ position: 'absolute', top: 0, left: 0, width: '100%' }}
            style={{ height: measureRows ? undefined : rowHeight, transform: `translateY(${row.start}px)` }}
          >
            {renderRow(items[row.index], row.index)}
          </div>
        ))}
      </div>
      {items.length === 0 && empty ? empty : null}
    </div>
  );
}
