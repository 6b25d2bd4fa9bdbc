import { useEffect, useImperativeHandle, useRef, type AriaRole, type HTMLAttributes, type Key, type ReactNode, type Ref } from 'react';
import { tokens } from '@plinth/shared-ui/theme';
import { useFixedRows } from './fixed-rows';

export interface VirtualListHandle {
  scrollToIndex: (index: number, align?: 'start' | 'center' | 'end' | 'auto') => void;
}

export interface VirtualListProps<T> {
  items: readonly T[];
  /** Height of every row in pixels (rows are not measured). */
  rowHeight: number;
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
 * Scrolling list that renders only the rows in view (plus a few), so ten thousand files cost no
 * more than fifty.
 */
export function VirtualList<T>({
  items,
  rowHeight,
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
  const { first, last, totalHeight, scrollToIndex } = useFixedRows(scrollRef, {
    count: items.length,
    rowHeight,
    offset: headerHeight,
    overscan,
    initialHeight: typeof height === 'number' ? height : 0,
  });

  useImperativeHandle(handleRef, () => ({ scrollToIndex: (index, align = 'auto') => scrollToIndex(index, align) }), [scrollToIndex]);

  const rows: number[] = [];
  const kept = keepMounted !== null && keepMounted >= 0 && keepMounted < items.length && (keepMounted < first || keepMounted > last) ? keepMounted : null;
  if (kept !== null && kept < first) rows.push(kept);
  for (let index = first; index <= last; index += 1) rows.push(index);
  if (kept !== null && kept > last) rows.push(kept);
  const lastVisible = last;
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
      <div css={{ height: totalHeight, width: '100%', position: 'relative' }}>
        {header ? <div css={{ position: 'sticky', top: 0, zIndex: 1 }}>{header}</div> : null}
        {rows.map((index) => (
          <div
            {...rowProps?.(items[index], index)}
            key={getKey ? getKey(items[index], index) : index}
            role={itemRole}
            aria-setsize={itemRole && itemRole !== 'row' ? items.length : undefined}
            aria-posinset={itemRole && itemRole !== 'row' ? index + 1 : undefined}
            data-index={index}
            css={{ position: 'absolute', top: 0, left: 0, width: '100%' }}
            style={{ height: rowHeight, transform: `translateY(${headerHeight + index * rowHeight}px)` }}
          >
            {renderRow(items[index], index)}
          </div>
        ))}
      </div>
      {items.length === 0 && empty ? empty : null}
    </div>
  );
}
