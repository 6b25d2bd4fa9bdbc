import { useMemo, useRef, useState, type DragEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { STORAGE_COLUMN_WIDTH, STORAGE_MESSAGES, STORAGE_ROW_HEIGHT, type Bucket, type StorageObject } from '@plinth/shared-contracts';
import { VirtualList, type VirtualListHandle } from '@plinth/shared-ui/virtual-list';
import { EmptyState } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton } from '@plinth/shared-ui/page';
import { EmptyIcon } from '@plinth/shared-ui/icons';
import { tokens } from '@plinth/shared-ui/theme';
import { errorMessage } from '@plinth/area-kit';
import { fileSize, fileStatus, formatBytes, isFolder, joinPath } from './explorer-rules';
import { useExplorer, useExplorerStore } from './explorer-store';
import { useFolder } from './folder-query';
import { ItemRow, NewFolderRow } from './ItemRow';
import { columnActions } from './column-actions';
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
}

const LIST_GRID = 'minmax(200px, 3fr) 100px 140px 170px 170px';

/** One open folder: its entries, virtualized, with selection, menus, inline editing and keyboard (001 §2, §4). */
export function FolderColumn({ column, bucket, actions, mayWrite, list, onDropFiles }: FolderColumnProps) {
  const store = useExplorerStore();
  const path = useExplorer((s) => s.columns[column] ?? '');
  const isLast = useExplorer((s) => s.columns.length - 1 === column);
  const search = useExplorer((s) => (isLast ? (s.search ?? '') : ''));
  const openChild = useExplorer((s) => s.columns[column + 1] ?? s.preview?.path ?? null);
  const selection = useExplorer((s) => (s.selection.column === column ? s.selection.paths : null));
  const editing = useExplorer((s) => (s.editing?.column === column ? s.editing : null));
  const folder = useFolder(path, search);
  const [active, setActive] = useState(0);
  const [dragging, setDragging] = useState(false);
  const listRef = useRef<VirtualListHandle>(null);
  const now = Date.now();

  const rows = useMemo(() => (editing?.mode === 'new-folder' ? [null, ...folder.items] : folder.items), [editing, folder.items]);
  const names = useMemo(() => folder.items.map((i) => i.name), [folder.items]);
  const files = useMemo(() => folder.items.filter((i) => !isFolder(i)).map((i) => joinPath(path, i.name)), [folder.items, path]);
  const id = (i: number) => `storage-col-${column}-row-${i}`;

  const open = (item: StorageObject) => {
    if (isFolder(item)) store.getState().openFolder(column, item.name);
    else store.getState().openFile(column, item);
  };
  const select = (item: StorageObject, e: { shiftKey: boolean }) => {
    if (isFolder(item)) return; // folders cannot be selected (001 §4)
    const p = joinPath(path, item.name);
    if (e.shiftKey) store.getState().selectRange(column, files, p);
    else store.getState().toggleSelect(column, p);
  };

  // The menu key (or Shift+F10) opens the active row's right-click menu at the row.
  const openRowMenu = () => {
    const el = document.getElementById(id(active));
    const rect = el?.getBoundingClientRect();
    el?.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: (rect?.left ?? 0) + 24, clientY: (rect?.bottom ?? 0) }));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (editing || (e.target as HTMLElement).tagName === 'INPUT') return;
    const item = rows[active] ?? null;
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
      ArrowRight: () => item && isFolder(item) && open(item),
      ArrowLeft: () => column > 0 && store.getState().clickEmpty(column - 1),
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
    store.getState().openContextMenu(e.clientX, e.clientY, columnActions(store, column, files, mayWrite));
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

  const total = folder.items.reduce((sum, i) => sum + fileSize(i), 0);
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
        getKey={(item, i) => (item ? `${item.id ?? 'd'}:${item.name}` : `new-${i}`)}
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
          'aria-selected': item ? (selection?.includes(joinPath(path, item.name)) ?? false) : false,
          'data-active': i === active ? 'true' : undefined,
        })}
        renderRow={(item, i) =>
          item === null ? (
            <NewFolderRow key="new" parent={path} siblings={names} actions={actions} />
          ) : (
            <ItemRow
              item={item}
              folder={path}
              column={column}
              list={list}
              grid={LIST_GRID}
              status={fileStatus(item, now)}
              opened={openChild !== null && (openChild === joinPath(path, item.name))}
              selected={selection?.includes(joinPath(path, item.name)) ?? false}
              active={i === active}
              renaming={editing?.mode === 'rename' && editing.target.path === joinPath(path, item.name)}
              siblings={names}
              bucket={bucket}
              actions={actions}
              mayWrite={mayWrite}
              onOpen={() => {
                setActive(i);
                open(item);
              }}
              onSelect={(e) => {
                setActive(i);
                select(item, e);
              }}
            />
          )
        }
      />
    );

  return (
    <section
      aria-label={label}
      data-column={column}
      onClick={onEmptyClick}
      onContextMenu={onContextMenu}
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
        <footer css={{ padding: `${tokens.space.xs}px ${tokens.space.md}px`, fontSize: tokens.fontSize.xs, color: tokens.color.textMuted, borderTop: `1px solid ${tokens.color.border}` }}>
          {`${formatBytes(total)} for ${folder.items.length} items${folder.hasNextPage ? ' loaded' : ''}`}
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
        padding: `0 ${tokens.space.sm}px`,
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
