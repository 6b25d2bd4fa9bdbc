import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { STORAGE_COLUMN_WIDTH, STORAGE_MESSAGES, STORAGE_ROW_HEIGHT, type Bucket, type StorageObject } from '@plinth/contracts-storage';
import { VirtualList, type VirtualListHandle } from '@plinth/shared-ui/virtual-list';
import { EmptyState } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton } from '@plinth/shared-ui/page';
import { EmptyIcon } from '@plinth/shared-ui/icons';
import { tokens } from '@plinth/shared-ui/theme';
import { errorMessage } from '@plinth/area-kit';
import { formatBytes, isFolder, joinPath } from './explorer-rules';
import { isSelected, useExplorer, useExplorerStore } from './explorer-store';
import { useFolder, usePrefetchFolder } from './folder-query';
import { rowsView } from './folder-rows';
import { ItemRow, menuModule, NewFolderRow, openRowMenuByKeyboard } from './ItemRow';
import type { DropContents } from './uploads';
import type { ExplorerActions } from './use-explorer-actions';

export interface FolderColumnProps {
  column: number;
  bucket: Bucket;
  actions: ExplorerActions;
  mayWrite: boolean;
  /** List view: the last column at full width with its table header and footer. */
  list: boolean;
  onDropFiles: (column: number, drop: DropContents) => void;
  /** The pointer or focus came into the column: what it is about to use (menus, selection bar) may load. */
  onIntent?: () => void;
}

/**
 * Row keys cycle through this many slots: a few more than the rows a column draws at once (the
 * window's height over 37 px plus the list's overscan of 6 each side), so that after any scroll
 * nearly every row drawn finds its key, and so its elements, among the rows it replaces.
 */
const rowSlots = () => Math.ceil((typeof window === 'undefined' ? 1080 : window.innerHeight) / STORAGE_ROW_HEIGHT) + 16;
const LIST_GRID = 'minmax(200px, 3fr) 100px 140px 170px 170px';

/** One open folder: its entries, virtualized, with selection, menus, inline editing and keyboard (001 §2, §4). */
export function FolderColumn({ column, bucket, actions, mayWrite, list, onDropFiles, onIntent }: FolderColumnProps) {
  const store = useExplorerStore();
  const path = useExplorer((s) => s.columns[column] ?? '');
  const isLast = useExplorer((s) => s.columns.length - 1 === column);
  const search = useExplorer((s) => (isLast ? (s.search ?? '') : ''));
  const selection = useExplorer((s) => (s.selection.column === column ? s.selection.paths : null));
  const editing = useExplorer((s) => (s.editing?.column === column ? s.editing : null));
  const focus = useExplorer((s) => (s.focus?.column === column ? s.focus : null));
  const folder = useFolder(path, search);
  const prefetch = usePrefetchFolder();
  const [active, setActive] = useState(0);
  const [dragging, setDragging] = useState(false);
  const listRef = useRef<VirtualListHandle>(null);
  const sectionRef = useRef<HTMLElement>(null);

  // Rows are read by index from the folder's pages (folder-rows.ts): nothing here walks every
  // loaded entry on a new page or a scroll; names and file paths are gathered only when asked.
  const lead = editing?.mode === 'new-folder' ? 1 : 0;
  const rows = useMemo(() => rowsView(folder.rows, lead), [folder.rows, lead]);
  const rowAt = (i: number) => rows[i] ?? null;
  // The row whose name is being edited: drawn even when scrolled out of view, under a key of its
  // own, so that its field keeps the text typed and the focus while the list scrolls.
  const editIndex = useMemo(() => {
    if (!editing) return null;
    if (editing.mode === 'new-folder') return 0;
    const name = editing.target.path.slice(path ? path.length + 1 : 0);
    for (let i = 0; i < folder.rows.count; i += 1) if (folder.rows.at(i)?.name === name) return i + lead;
    return null;
  }, [editing, folder.rows, path, lead]);
  // The edited row becomes the active one: Enter or Escape in its field gives focus back to it.
  useEffect(() => {
    if (editIndex === null) return;
    setActive(editIndex);
    listRef.current?.scrollToIndex(editIndex);
  }, [editIndex]);
  const latest = useRef({ entries: folder.rows, path });
  latest.current = { entries: folder.rows, path };
  const siblings = useCallback(() => latest.current.entries.names(), []);
  const id = (i: number) => `storage-col-${column}-row-${i}`;
  const slots = rowSlots();

  const open = useCallback(
    (item: StorageObject) => {
      if (isFolder(item)) store.getState().openFolder(column, item.name);
      else store.getState().openFile(column, item);
    },
    [store, column],
  );
  const select = useCallback(
    (item: StorageObject, e: { shiftKey: boolean }) => {
      if (isFolder(item)) return; // folders cannot be selected (001 §4)
      const { entries, path: here } = latest.current;
      const p = joinPath(here, item.name);
      if (e.shiftKey) store.getState().selectRange(column, entries.filePaths(here), p);
      else store.getState().toggleSelect(column, p);
    },
    [store, column],
  );
  const onRowOpen = useCallback((item: StorageObject, i: number) => {
    setActive(i);
    open(item);
  }, [open]);
  const onRowSelect = useCallback((item: StorageObject, i: number, e: { shiftKey: boolean }) => {
    setActive(i);
    select(item, e);
  }, [select]);
  const onRowPrefetch = useCallback((item: StorageObject) => prefetch(joinPath(latest.current.path, item.name)), [prefetch]);

  // Arrow keys between columns: the column asked for takes focus on the named entry (the folder
  // opened from it) or on its first row, once its rows are there.
  const listbox = () => sectionRef.current?.querySelector<HTMLElement>('[role="listbox"]') ?? null;
  useEffect(() => {
    if (!focus || folder.isPending) return;
    let index = 0;
    if (focus.name !== null) {
      const { entries } = latest.current;
      for (let i = 0; i < entries.count; i += 1) {
        if (entries.at(i)?.name === focus.name) {
          index = i + lead;
          break;
        }
      }
    }
    setActive(index);
    listRef.current?.scrollToIndex(index);
    listbox()?.focus();
    store.getState().focusDone();
  }, [focus, folder.isPending, lead, store]);

  // The menu key (or Shift+F10) opens the active row's right-click menu at the row; in an empty
  // folder, the column's menu (New folder…) at the top of the column.
  const openRowMenu = () => {
    const el = document.getElementById(id(active));
    if (el) return openRowMenuByKeyboard(el);
    const returnTo = listbox();
    const rect = returnTo?.getBoundingClientRect();
    void menuModule().then((m) =>
      store.getState().openContextMenu((rect?.left ?? 0) + 24, (rect?.top ?? 0) + 24, m.columnActions(store, column, folder.rows.filePaths(path), mayWrite), { returnTo, byKeyboard: true }),
    );
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (editing || (e.target as HTMLElement).tagName === 'INPUT') return;
    const item = rowAt(active);
    const move = (to: number) => {
      const next = Math.max(0, Math.min(rows.length - 1, to));
      setActive(next);
      listRef.current?.scrollToIndex(next);
      if (next >= rows.length - 5 && folder.hasNextPage && !folder.isFetchingNextPage) void folder.fetchNextPage();
    };
    const target = item ? { path: joinPath(path, item.name), isFolder: isFolder(item) } : null;
    const handled: Record<string, () => void> = {
      ArrowDown: () => move(active + 1),
      ArrowUp: () => move(active - 1),
      Home: () => move(0),
      End: () => move(rows.length - 1),
      Enter: () => item && open(item),
      // Right opens the active folder (if it is not open already) and moves into its column; Left
      // goes back to the parent column, on the folder this column shows.
      ArrowRight: () => {
        if (!item || !isFolder(item)) return;
        if (store.getState().columns[column + 1] !== joinPath(path, item.name)) open(item);
        store.getState().focusColumn(column + 1, null);
      },
      ArrowLeft: () => column > 0 && store.getState().focusColumn(column - 1, path.split('/').pop()!),
      ' ': () => item && select(item, e),
      Delete: () => target && mayWrite && store.getState().setDialog({ kind: 'delete', targets: store.getState().selection.paths.length ? selectionTargets() : [target] }),
      F2: () => target && mayWrite && store.getState().setEditing({ column, mode: 'rename', target }),
      Escape: () => store.getState().clearSelection(),
      ContextMenu: () => openRowMenu(),
    };
    if (e.key === 'F10' && e.shiftKey) handled.F10 = () => openRowMenu();
    const run = handled[e.key];
    if (run) {
      e.preventDefault();
      run();
    }
  };
  const selectionTargets = () => store.getState().selection.paths.map((p) => ({ path: p, isFolder: false }));

  const onEmptyClick = (e: MouseEvent) => {
    if (e.target === e.currentTarget || (e.target as HTMLElement).dataset.columnSpace) store.getState().clickEmpty(column);
  };
  // Right-click on the column's free space: the column menu of 001 §2.
  const onContextMenu = (e: MouseEvent) => {
    e.preventDefault();
    const { clientX, clientY } = e;
    const returnTo = listbox();
    void menuModule().then((m) => store.getState().openContextMenu(clientX, clientY, m.columnActions(store, column, folder.rows.filePaths(path), mayWrite), { returnTo }));
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!mayWrite) return;
    // Entries are read now: once the drop event is over the browser empties its data.
    const entries = Array.from(e.dataTransfer.items ?? [])
      .map((item) => (item.kind === 'file' ? item.webkitGetAsEntry?.() : null))
      .filter((entry): entry is FileSystemEntry => !!entry);
    onDropFiles(column, { entries, files: Array.from(e.dataTransfer.files ?? []) });
  };

  const label = path ? path.split('/').pop()! : bucket.name;
  let body;
  if (folder.isPending) body = <div css={{ padding: tokens.space.sm }}><LoadingSkeleton label={`Loading ${label}`} rows={5} /></div>;
  else if (folder.isError) body = <div css={{ padding: tokens.space.sm }}><InlineError message={STORAGE_MESSAGES.folderContentsFailed(label, errorMessage(folder.error))} onRetry={() => void folder.refetch()} /></div>;
  else
    body = (
      <VirtualList
        items={rows}
        rowHeight={STORAGE_ROW_HEIGHT}
        height={list ? `calc(100% - ${STORAGE_ROW_HEIGHT}px)` : '100%'}
        handleRef={listRef}
        role="listbox"
        rowRole="option"
        aria-label={`Contents of ${label}`}
        // Keyed by slot: a row scrolled out hands its elements to the row scrolled in, so a fast
        // scroll updates text and attributes instead of building and dropping DOM for every row.
        getKey={(item, i) => (i === editIndex ? 'editing' : item ? i % slots : 'new')}
        keepMounted={editIndex}
        onEndReached={() => folder.hasNextPage && !folder.isFetchingNextPage && void folder.fetchNextPage()}
        header={list ? <ListHeader /> : undefined}
        headerHeight={list ? STORAGE_ROW_HEIGHT : 0}
        empty={
          <div data-column-space="true" css={{ padding: tokens.space.lg }}>
            <EmptyState icon={<EmptyIcon size={20} />} title={search ? STORAGE_MESSAGES.emptySearch(search) : STORAGE_MESSAGES.emptyFolder} />
          </div>
        }
        containerProps={{
          tabIndex: 0,
          onKeyDown,
          'aria-activedescendant': rows.length ? id(active) : undefined,
          'aria-multiselectable': true,
        }}
        rowProps={(item, i) => ({
          id: id(i),
          'aria-selected': item && selection ? isSelected(selection, joinPath(path, item.name)) : false,
          'data-active': i === active ? 'true' : undefined,
        })}
        renderRow={(item, i) =>
          item === null ? (
            <NewFolderRow key="new" parent={path} siblings={siblings} actions={actions} />
          ) : (
            <ItemRow
              item={item}
              index={i}
              folder={path}
              column={column}
              list={list}
              grid={LIST_GRID}
              active={i === active}
              siblings={siblings}
              bucket={bucket}
              actions={actions}
              mayWrite={mayWrite}
              onOpen={onRowOpen}
              onSelect={onRowSelect}
              onPrefetch={onRowPrefetch}
            />
          )
        }
      />
    );

  return (
    <section
      ref={sectionRef}
      aria-label={label}
      data-column={column}
      onClick={onEmptyClick}
      onContextMenu={onContextMenu}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      onDragOver={(e) => {
        e.preventDefault();
        if (mayWrite) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      css={{
        position: 'relative',
        flex: list ? 1 : `0 0 ${STORAGE_COLUMN_WIDTH}px`,
        width: list ? undefined : STORAGE_COLUMN_WIDTH,
        height: '100%',
        borderRight: `1px solid ${tokens.color.border}`,
        outline: dragging ? `2px dashed ${tokens.color.brand}` : undefined,
        outlineOffset: -2,
        display: 'flex',
        flexDirection: 'column',
        minWidth: 0,
      }}
    >
      <div css={{ flex: 1, minHeight: 0 }} data-column-space="true">
        {body}
      </div>
      {folder.isFetchingNextPage ? <div role="status" css={{ fontSize: tokens.fontSize.xs, color: tokens.color.textMuted, padding: tokens.space.xs }}>Loading more…</div> : null}
      {list ? (
        <footer css={{ padding: `${tokens.space.xs} ${tokens.space.md}`, fontSize: tokens.fontSize.xs, color: tokens.color.textMuted, borderTop: `1px solid ${tokens.color.border}` }}>
          {`${formatBytes(folder.rows.bytes)} for ${folder.rows.count} items${folder.hasNextPage ? ' loaded' : ''}`}
        </footer>
      ) : null}
    </section>
  );
}

function ListHeader() {
  return (
    <div
      role="row"
      css={{
        display: 'grid',
        gridTemplateColumns: `28px ${LIST_GRID} 32px`,
        alignItems: 'center',
        height: STORAGE_ROW_HEIGHT,
        padding: `0 ${tokens.space.sm}`,
        fontSize: tokens.fontSize.xs,
        color: tokens.color.textMuted,
        background: tokens.color.surface,
        borderBottom: `1px solid ${tokens.color.border}`,
      }}
    >
      <span />
      {['Name', 'Size', 'Type', 'Created at', 'Last modified at'].map((h) => (
        <span role="columnheader" key={h}>
          {h}
        </span>
      ))}
      <span />
    </div>
  );
}
