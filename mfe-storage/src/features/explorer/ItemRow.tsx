import { memo, useEffect, useRef, useState, type MouseEvent } from 'react';
import { css, type SerializedStyles } from '@emotion/react';
import { STORAGE_DUPLICATE_NAME_NOTICE_MS, STORAGE_MESSAGES, STORAGE_ROW_HEIGHT, type Bucket, type StorageObject } from '@plinth/contracts-storage';
import { CheckIcon, ChevronRightIcon, FileIcon, FolderIcon, MoreIcon, WarningIcon } from '@plinth/shared-ui/icons';
import { Spinner } from '@plinth/shared-ui/layout';
import { tokens } from '@plinth/shared-ui/theme';
import { menuStyles, useArea } from '@plinth/area-kit';
import { checkNewFolderName, checkRename, fileSize, fileStatus, formatBytes, isFolder, joinPath, mimeOf, renameSelection, type NameCheck } from './explorer-rules';
import { isSelected, targetOf, useExplorer, useExplorerStore } from './explorer-store';
import type { ExplorerActions } from './use-explorer-actions';

// The menus (row, file, folder and column entries and the menu drawn for them) are not needed for
// the first rows: their module loads on first use, and the explorer preloads it on intent (the
// pointer over a column, focus in it) so a menu shows at once. A failed load is tried again.
const loadMenus = () => import(/* webpackChunkName: "storage-explorer-menus" */ './ItemMenus');
type Menus = Awaited<ReturnType<typeof loadMenus>>;
let menus: Promise<Menus> | null = null;

/** The menus' module: entries of the row and column menus and the menu drawn for them. */
export function menuModule(): Promise<Menus> {
  menus ??= loadMenus().catch((err: unknown) => {
    menus = null;
    throw err;
  });
  return menus;
}

const rowCss = (active: boolean, selected: boolean, opened: boolean) => ({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  height: STORAGE_ROW_HEIGHT,
  padding: `0 ${tokens.space.sm}`,
  fontSize: tokens.fontSize.sm,
  cursor: 'pointer',
  userSelect: 'none' as const,
  background: selected || opened ? tokens.color.surfaceHover : 'transparent',
  boxShadow: active ? `inset 2px 0 0 ${tokens.color.brand}` : undefined,
  ':hover': { background: tokens.color.surfaceHover },
});

// Styles serialized once, not for each row drawn while a long folder scrolls.
const rowStyles = new Map<string, SerializedStyles>();
function rowStyle(active: boolean, selected: boolean, opened: boolean, grid: string | null) {
  const key = `${active}${selected}${opened}${grid}`;
  let style = rowStyles.get(key);
  if (!style) {
    style = css([rowCss(active, selected, opened), grid ? { display: 'grid', gridTemplateColumns: `28px ${grid} 32px` } : {}]);
    rowStyles.set(key, style);
  }
  return style;
}
const ellipsis = css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
const nameStyle = css({ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
const noCheckbox = css({ width: 16 });
const checkboxStyles = [true, false].map((on) =>
  css({
    width: 16,
    height: 16,
    flex: '0 0 16px',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    borderRadius: 3,
    border: `1.5px solid ${on ? tokens.color.brand : tokens.color.textMuted}`,
    background: on ? tokens.color.brand : 'transparent',
    color: tokens.color.onBrand,
    cursor: 'pointer',
    opacity: on ? 1 : 0.7,
  }),
);
const nameCell = css({ display: 'flex', alignItems: 'center', gap: tokens.space.sm, minWidth: 0 });

const dateText = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');

/**
 * The inline name field of a new folder or a rename (001 §4, §5): it takes the keys at once, with
 * `selection` of its name selected; Enter saves, Escape cancels, and either gives focus back to
 * where it came from (the column's list, or the button that asked for a new folder). A press
 * elsewhere or Tab saves what was typed.
 */
function NameInput({ initial, selection, check, onDone }: { initial: string; selection: { start: number; end: number }; check: (name: string) => NameCheck; onDone: (name: string | null) => void }) {
  const { notify } = useArea();
  // A menu that opened the field hands focus back to its trigger as it closes (and traps focus
  // while open): the field takes focus once no menu is open, so it wins.
  const menuOpen = useExplorer((s) => s.contextMenu !== null);
  const [value, setValue] = useState(initial);
  const ref = useRef<HTMLInputElement>(null);
  const done = useRef(false);
  const claimed = useRef(false);
  const origin = useRef<HTMLElement | null>(null);
  // The user is leaving the field: a press outside it, or Tab. Any other blur is focus moved by
  // script (a closing menu, a list taking focus back), and the field takes it back.
  const leaving = useRef(false);

  useEffect(() => {
    const input = ref.current;
    if (!input || menuOpen || claimed.current) return;
    claimed.current = true;
    const from = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    origin.current = from && from !== document.body && !input.contains(from) && !from.closest('[role="menu"]') ? from : input.closest<HTMLElement>('[role="listbox"]');
    input.focus();
    input.setSelectionRange(selection.start, selection.end);
  }, [menuOpen, selection.start, selection.end]);
  useEffect(() => {
    const onPointerDown = (e: PointerEvent) => {
      if (!(e.target instanceof Node) || !ref.current?.contains(e.target)) leaving.current = true;
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, []);

  const finish = (name: string | null, giveFocusBack: boolean) => {
    done.current = true;
    onDone(name);
    const back = origin.current;
    if (giveFocusBack && back?.isConnected) back.focus();
  };
  const commit = (giveFocusBack: boolean) => {
    if (done.current) return;
    const result = check(value);
    if (result.ok) finish(result.name, giveFocusBack);
    else if (result.cancel) finish(null, giveFocusBack);
    else {
      notify({ kind: 'error', message: result.message, durationMs: STORAGE_DUPLICATE_NAME_NOTICE_MS });
      leaving.current = false;
      ref.current?.focus();
    }
  };
  return (
    <input
      ref={ref}
      aria-label="Name"
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Tab') leaving.current = true;
        if (e.key === 'Enter') {
          e.preventDefault();
          commit(true);
        }
        if (e.key === 'Escape') {
          e.preventDefault();
          if (!done.current) finish(null, true);
        }
      }}
      onBlur={() => {
        if (done.current) return;
        if (leaving.current) commit(false);
        else
          setTimeout(() => {
            const now = document.activeElement;
            // A dialog or menu opened meanwhile keeps the focus it took.
            if (!done.current && ref.current?.isConnected && !now?.closest('[role="dialog"], [role="menu"]')) ref.current.focus();
          }, 0);
      }}
      css={{ flex: 1, minWidth: 0, font: 'inherit', padding: '2px 4px', border: `1px solid ${tokens.color.borderControl}`, borderRadius: tokens.radius.sm, background: tokens.color.background, color: tokens.color.text }}
    />
  );
}

const WHOLE_NAME = { start: 0, end: 0 };

// Right-click events the keyboard made (the menu key, Shift+F10): their menu opens on its first entry.
const keyboardMenus = new WeakSet<Event>();

/** Opens a row's right-click menu at the row, as asked by the menu key or Shift+F10. */
export function openRowMenuByKeyboard(row: HTMLElement) {
  const rect = row.getBoundingClientRect();
  const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: rect.left + 24, clientY: rect.bottom });
  keyboardMenus.add(event);
  row.querySelector('[data-testid="storage-item"]')?.dispatchEvent(event);
}

export function NewFolderRow({ parent, siblings, actions }: { parent: string; siblings: () => string[]; actions: ExplorerActions }) {
  const store = useExplorerStore();
  return (
    <div css={rowCss(true, false, false)}>
      <FolderIcon size={16} />
      <NameInput
        initial=""
        selection={WHOLE_NAME}
        check={(name) => checkNewFolderName(name, siblings())}
        onDone={(name) => {
          store.getState().setEditing(null);
          if (name) void actions.createFolder(parent, name);
        }}
      />
    </div>
  );
}

export interface ItemRowProps {
  item: StorageObject;
  index: number;
  folder: string;
  column: number;
  list: boolean;
  grid: string;
  active: boolean;
  /** Names of the folder's loaded entries, asked for only when a rename is checked. */
  siblings: () => string[];
  bucket: Bucket;
  actions: ExplorerActions;
  mayWrite: boolean;
  onOpen: (item: StorageObject, index: number) => void;
  onSelect: (item: StorageObject, index: number, e: { shiftKey: boolean }) => void;
  /** A folder row under the pointer: its first page may load before the click. */
  onPrefetch: (item: StorageObject) => void;
}

/**
 * One file or folder: icon, name (or its rename field), list-view columns, checkbox, "…" menu and
 * right-click menu. Memoized, with its selected / opened / renaming state read from the store by
 * its own selectors: scrolling renders only the rows that come into view, and a click re-renders
 * the rows it changes, not the column.
 */
export const ItemRow = memo(function ItemRow({ item, index, folder, column, list, grid, active, siblings, bucket, actions, mayWrite, onOpen, onSelect, onPrefetch }: ItemRowProps) {
  const store = useExplorerStore();
  const path = joinPath(folder, item.name);
  const selected = useExplorer((s) => s.selection.column === column && isSelected(s.selection.paths, path));
  const opened = useExplorer((s) => (s.columns[column + 1] ?? s.preview?.path ?? null) === path);
  const renaming = useExplorer((s) => s.editing?.column === column && s.editing.mode === 'rename' && s.editing.target.path === path);
  const status = fileStatus(item, Date.now());
  const target = targetOf(folder, item);
  const dir = isFolder(item);
  const handlers = {
    mayWrite,
    publicBucket: bucket.public,
    corrupted: status === 'corrupted',
    onRename: () => store.getState().setEditing({ column, mode: 'rename', target }),
    onMove: () => store.getState().setDialog({ kind: 'move', targets: [target] }),
    onDelete: () => store.getState().setDialog({ kind: 'delete', targets: [target] }),
    onDownload: () => void actions.download([target], folder),
    onCopyPath: () => void actions.copyPath(target.path),
    onCopyUrl: (expiresIn?: number) => void actions.copyUrl(target.path, expiresIn),
    onCustomExpiry: () => store.getState().setDialog({ kind: 'expiry', path: target.path }),
  };
  // The menu's entries are built when it opens, not for every row drawn (their module is preloaded
  // when the pointer enters the column or the column takes focus).
  // Focus goes back to the column's list when the menu closes (the "…" button is for the pointer only).
  const openMenu = (x: number, y: number, from: HTMLElement, byKeyboard = false) => {
    const returnTo = from.closest<HTMLElement>('[role="listbox"]');
    void menuModule().then((m) => store.getState().openContextMenu(x, y, m.itemActions(item, handlers), { returnTo, byKeyboard }));
  };
  const loading = status === 'loading';
  const onClick = (e: MouseEvent) => {
    e.stopPropagation();
    if (loading || renaming) return;
    if (e.shiftKey && !dir) onSelect(item, index, e);
    else onOpen(item, index);
  };
  const name = renaming ? (
    <NameInput
      initial={item.name}
      selection={renameSelection(item.name, dir)}
      check={(n) => checkRename(n, item.name, dir, siblings())}
      onDone={(n) => {
        store.getState().setEditing(null);
        if (n) void actions.rename(target, n);
      }}
    />
  ) : (
    <span css={nameStyle} title={item.name}>
      {item.name}
    </span>
  );
  const icon = loading ? <Spinner size={14} label="Uploading" /> : status === 'corrupted' ? <WarningIcon size={16} title={STORAGE_MESSAGES.corrupted} /> : dir ? <FolderIcon size={16} /> : <FileIcon size={16} />;
  const checkbox = dir ? (
    <span css={noCheckbox} />
  ) : (
    // A row is a listbox option, which may hold no control: its selection is the option's
    // aria-selected (Space toggles it), and this box is for the pointer only.
    <span
      aria-hidden="true"
      data-testid="item-select"
      data-checked={selected ? 'true' : 'false'}
      onClick={(e) => {
        e.stopPropagation();
        onSelect(item, index, { shiftKey: e.shiftKey });
      }}
      css={checkboxStyles[selected ? 0 : 1]}
    >
      {selected ? <CheckIcon size={12} /> : null}
    </span>
  );
  return (
    <div
      data-testid="storage-item"
      data-name={item.name}
      data-status={status}
      aria-disabled={loading || undefined}
      onClick={onClick}
      onDoubleClick={(e) => e.stopPropagation()}
      onPointerEnter={dir ? () => onPrefetch(item) : undefined}
      onPointerDown={dir ? () => onPrefetch(item) : undefined}
      onContextMenu={(e) => {
        e.preventDefault();
        e.stopPropagation();
        openMenu(e.clientX, e.clientY, e.currentTarget, keyboardMenus.has(e.nativeEvent));
      }}
      css={rowStyle(active, selected, opened, list ? grid : null)}
    >
      {checkbox}
      {list ? (
        <>
          <span css={nameCell}>
            {icon}
            {name}
          </span>
          <span>{dir ? '' : formatBytes(fileSize(item))}</span>
          <span css={ellipsis}>{dir ? 'Folder' : mimeOf(item)}</span>
          <span>{dateText(item.created_at)}</span>
          <span>{dateText(item.updated_at)}</span>
        </>
      ) : (
        <>
          {icon}
          {name}
          {dir ? <ChevronRightIcon size={14} /> : null}
        </>
      )}
      {/* For the pointer; by keyboard the menu key or Shift+F10 opens the same menu at the row. */}
      <span
        aria-hidden="true"
        data-testid="item-actions"
        title={`Actions for ${item.name}`}
        css={[menuStyles.iconButton, { cursor: 'pointer' }]}
        onClick={(e) => {
          e.stopPropagation();
          const r = e.currentTarget.getBoundingClientRect();
          openMenu(r.left, r.bottom, e.currentTarget);
        }}
      >
        <MoreIcon size={14} />
      </span>
    </div>
  );
});
