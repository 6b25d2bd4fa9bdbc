import { useEffect, useRef, useState } from 'react';
import { PERMISSION_MESSAGES } from '@plinth/shared-contracts';
import { STORAGE_MESSAGES, STORAGE_SEARCH_DEBOUNCE_MS, STORAGE_SORT_KEYS, STORAGE_SORT_LABELS, type Bucket } from '@plinth/contracts-storage';
import { Button } from '@plinth/shared-ui/button';
import { ChevronLeftIcon, CloseIcon, FolderIcon, RefreshIcon, SearchIcon, SortAscendingIcon, UploadIcon } from '@plinth/shared-ui/icons';
import { Menu, MenuContent, MenuLabel, MenuRadioGroup, MenuRadioItem, MenuSeparator, MenuTrigger } from '@plinth/shared-ui/menu';
import { PermissionTooltip, Tooltip } from '@plinth/shared-ui/tooltip';
import { tokens } from '@plinth/shared-ui/theme';
import { visuallyHidden } from '@plinth/shared-ui/layout';
import { abbreviateBreadcrumb, parseFolderPath } from './explorer-rules';
import { useExplorer, useExplorerStore } from './explorer-store';

const bar = { display: 'flex', alignItems: 'center', gap: tokens.space.sm, padding: `${tokens.space.sm} ${tokens.space.md}`, borderBottom: `1px solid ${tokens.color.border}`, minHeight: 49, flexWrap: 'wrap' as const };
const input = { font: 'inherit', fontSize: tokens.fontSize.sm, padding: '4px 8px', border: `1px solid ${tokens.color.borderControl}`, borderRadius: tokens.radius.md, background: tokens.color.background, color: tokens.color.text, minWidth: 0 };

/** The breadcrumb: the open folders; a click makes it an editable path with Cancel and 'Go to folder' (001 §2, §5). */
function Breadcrumb({ bucket }: { bucket: Bucket }) {
  const store = useExplorerStore();
  const columns = useExplorer((s) => s.columns);
  const list = useExplorer((s) => s.prefs.view === 'list');
  const [editing, setEditing] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  // Cancel or Escape gives focus back to the breadcrumb; going to a folder gives it to its column.
  useEffect(() => {
    if (editing !== null || !refocus.current) return;
    refocus.current = false;
    button.current?.focus();
  }, [editing]);
  const parts = parseFolderPath(columns.at(-1) ?? '');
  if (editing !== null) {
    const cancel = () => {
      refocus.current = true;
      setEditing(null);
    };
    const go = () => {
      const to = parseFolderPath(editing);
      store.getState().goTo(to);
      store.getState().focusColumn(to.length, null);
      setEditing(null);
    };
    return (
      <form css={{ display: 'flex', gap: tokens.space.xs, flex: 1, minWidth: 200 }} onSubmit={(e) => (e.preventDefault(), go())}>
        <input
          autoFocus
          aria-label="Folder path"
          placeholder={STORAGE_MESSAGES.breadcrumbPlaceholder}
          value={editing}
          onChange={(e) => setEditing(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return;
            e.preventDefault();
            cancel();
          }}
          css={[input, { flex: 1 }]}
        />
        <Button size="small" type="button" onClick={cancel}>
          Cancel
        </Button>
        <Button size="small" variant="primary" type="submit">
          {STORAGE_MESSAGES.goToFolder}
        </Button>
      </form>
    );
  }
  const shown = list ? abbreviateBreadcrumb(parts) : parts;
  return (
    <button
      ref={button}
      type="button"
      onClick={() => setEditing(parts.join('/'))}
      css={{ flex: 1, minWidth: 120, textAlign: 'left', background: 'none', border: 0, color: tokens.color.text, font: 'inherit', fontSize: tokens.fontSize.sm, cursor: 'text', overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }}
    >
      {/* The name says what a press does and holds the path shown, as it reads. */}
      <span css={visuallyHidden}>Edit folder path: </span>
      <span css={{ color: tokens.color.textMuted }}>{bucket.name}</span>
      {shown.map((p, i) => (
        <span key={`${i}-${p}`}>
          <span css={{ color: tokens.color.textMuted, padding: '0 4px' }}>/</span>
          {p}
        </span>
      ))}
    </button>
  );
}

/** The search box: 300 ms debounce; closing clears it (001 §4). */
function Search() {
  const store = useExplorerStore();
  const open = useExplorer((s) => s.search !== null);
  const [text, setText] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const button = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Closing the box gives focus back to the Search button that opened it.
  useEffect(() => {
    if (open || !refocus.current) return;
    refocus.current = false;
    button.current?.focus();
  }, [open]);
  if (!open) {
    return (
      <Tooltip content="Search">
        <Button ref={button} size="small" variant="ghost" aria-label="Search" icon={<SearchIcon size={14} />} onClick={() => store.getState().setSearch('')} />
      </Tooltip>
    );
  }
  const close = () => {
    clearTimeout(timer.current);
    setText('');
    refocus.current = true;
    store.getState().setSearch(null);
  };
  return (
    <span css={{ display: 'flex', alignItems: 'center', gap: tokens.space.xs }}>
      <input
        autoFocus
        type="search"
        aria-label="Search for a file or folder"
        placeholder={STORAGE_MESSAGES.searchPlaceholder}
        value={text}
        onChange={(e) => {
          const v = e.target.value;
          setText(v);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => store.getState().setSearch(v), STORAGE_SEARCH_DEBOUNCE_MS);
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          e.preventDefault();
          close();
        }}
        css={[input, { width: 220 }]}
      />
      <Button size="small" variant="ghost" aria-label="Close search" icon={<CloseIcon size={14} />} onClick={close} />
    </span>
  );
}

export interface ExplorerToolbarProps {
  bucket: Bucket;
  mayWrite: boolean;
  onUpload: () => void;
  onNewFolder: () => void;
}

/** Back, breadcrumb, reload, view and sort menus, upload, new folder and search (001 §2). */
export function ExplorerToolbar({ bucket, mayWrite, onUpload, onNewFolder }: ExplorerToolbarProps) {
  const store = useExplorerStore();
  const columns = useExplorer((s) => s.columns.length);
  const prefs = useExplorer((s) => s.prefs);
  return (
    <div role="toolbar" aria-label="Explorer" css={bar}>
      <Tooltip content="Back">
        <Button size="small" variant="ghost" aria-label="Back" icon={<ChevronLeftIcon size={14} />} disabled={columns <= 1} onClick={() => store.getState().back()} />
      </Tooltip>
      <Breadcrumb bucket={bucket} />
      <Tooltip content="Reload">
        <Button size="small" variant="ghost" aria-label="Reload" icon={<RefreshIcon size={14} />} onClick={() => store.getState().reload()} />
      </Tooltip>
      <Menu>
        <MenuTrigger asChild>
          <Button size="small" icon={<SortAscendingIcon size={14} />}>
            View
          </Button>
        </MenuTrigger>
        <MenuContent>
          <MenuLabel>View as</MenuLabel>
          <MenuRadioGroup value={prefs.view} onValueChange={(v) => store.getState().setPrefs({ view: v as 'columns' | 'list' })}>
            <MenuRadioItem value="columns">Columns</MenuRadioItem>
            <MenuRadioItem value="list">List</MenuRadioItem>
          </MenuRadioGroup>
          <MenuSeparator />
          <MenuLabel>Sort by</MenuLabel>
          <MenuRadioGroup value={prefs.sortBy} onValueChange={(v) => store.getState().setPrefs({ sortBy: v as (typeof STORAGE_SORT_KEYS)[number] })}>
            {STORAGE_SORT_KEYS.map((k) => (
              <MenuRadioItem key={k} value={k}>
                {STORAGE_SORT_LABELS[k]}
              </MenuRadioItem>
            ))}
          </MenuRadioGroup>
          <MenuSeparator />
          <MenuLabel>Sort Order</MenuLabel>
          <MenuRadioGroup value={prefs.sortByOrder} onValueChange={(v) => store.getState().setPrefs({ sortByOrder: v as 'asc' | 'desc' })}>
            <MenuRadioItem value="asc">Ascending</MenuRadioItem>
            <MenuRadioItem value="desc">Descending</MenuRadioItem>
          </MenuRadioGroup>
        </MenuContent>
      </Menu>
      <PermissionTooltip allowed={mayWrite} message={PERMISSION_MESSAGES.uploadFiles}>
        <Button size="small" icon={<UploadIcon size={14} />} onClick={onUpload}>
          Upload files
        </Button>
      </PermissionTooltip>
      <PermissionTooltip allowed={mayWrite} message={PERMISSION_MESSAGES.createFolders}>
        <Button size="small" icon={<FolderIcon size={14} />} onClick={onNewFolder}>
          Create folder
        </Button>
      </PermissionTooltip>
      <Search />
    </div>
  );
}
