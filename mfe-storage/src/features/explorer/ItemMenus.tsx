import { useRef } from 'react';
import { genericPermissionNotice } from '@plinth/shared-contracts';
import { SIGNED_URL_PRESETS, type StorageObject } from '@plinth/contracts-storage';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '@plinth/shared-ui/menu';
import { CopyIcon, DownloadIcon, EditIcon, ExternalLinkIcon, FolderIcon, TrashIcon } from '@plinth/shared-ui/icons';
import type { RowAction } from '@plinth/area-kit';
import { useExplorer, useExplorerStore } from './explorer-store';

// Loaded on first use (ItemRow.tsx's menuModule): the column menu's entries come with the rows'.
export { columnActions } from './column-actions';

export interface ItemMenuHandlers {
  mayWrite: boolean;
  publicBucket: boolean;
  corrupted: boolean;
  onRename: () => void;
  onMove: () => void;
  onDelete: () => void;
  onDownload: () => void;
  onCopyPath: () => void;
  onCopyUrl: (expiresIn?: number) => void;
  onCustomExpiry: () => void;
}

const WRITE_REASON = genericPermissionNotice('change files in this bucket');

/** The entries of a file's or a folder's menus (001 §2); write actions disabled with the reason without storage write (001 §6). */
export function itemActions(item: StorageObject, h: ItemMenuHandlers): RowAction[] {
  const write = h.mayWrite ? null : WRITE_REASON;
  if (item.id === null) {
    return [
      { label: 'Download', icon: <DownloadIcon size={14} />, onSelect: h.onDownload },
      { label: 'Copy path', icon: <CopyIcon size={14} />, onSelect: h.onCopyPath },
      { label: 'Rename', icon: <EditIcon size={14} />, onSelect: h.onRename, disabledReason: write },
      { label: 'Move', icon: <FolderIcon size={14} />, onSelect: h.onMove, disabledReason: write },
      { label: 'Delete', icon: <TrashIcon size={14} />, onSelect: h.onDelete, danger: true, disabledReason: write },
    ];
  }
  const broken = h.corrupted ? 'File is corrupted, please delete and reupload again.' : null;
  return [
    ...(h.publicBucket
      ? [{ label: 'Get URL', icon: <ExternalLinkIcon size={14} />, onSelect: () => h.onCopyUrl(), disabledReason: broken }]
      : [
          ...SIGNED_URL_PRESETS.map((p) => ({ label: `Get URL: expires in ${p.label}`, icon: <ExternalLinkIcon size={14} />, onSelect: () => h.onCopyUrl(p.expiresIn), disabledReason: broken })),
          { label: 'Get URL: custom expiry', icon: <ExternalLinkIcon size={14} />, onSelect: h.onCustomExpiry, disabledReason: broken },
        ]),
    { label: 'Rename', icon: <EditIcon size={14} />, onSelect: h.onRename, disabledReason: write },
    { label: 'Move', icon: <FolderIcon size={14} />, onSelect: h.onMove, disabledReason: write },
    { label: 'Download', icon: <DownloadIcon size={14} />, onSelect: h.onDownload, disabledReason: write ?? broken },
    { label: 'Delete', icon: <TrashIcon size={14} />, onSelect: h.onDelete, danger: true, disabledReason: write },
  ];
}

/**
 * The explorer's one menu for right-clicks and the rows' "…" buttons (001 §2), opened at the
 * pointer or under the button with the entries of the row or column. One menu for the page rather
 * than one per row keeps a row cheap to draw while a folder of 100,000 scrolls. Built on the dropdown menu the rows' "…" buttons already load, so the page
 * loads no second menu library.
 */
export function ExplorerContextMenu() {
  const store = useExplorerStore();
  const menu = useExplorer((s) => s.contextMenu);
  const entered = useRef(false);
  if (!menu) return null;
  return (
    <Menu open onOpenChange={(open) => (open ? undefined : store.setState({ contextMenu: null }))}>
      <MenuTrigger asChild>
        <span aria-hidden css={{ position: 'fixed', left: menu.x, top: menu.y, width: 0, height: 0 }} />
      </MenuTrigger>
      <MenuContent
        aria-label="Context menu"
        sideOffset={0}
        onFocus={(e) => {
          // Opened by key: the menu takes focus as it opens, and hands it to its first entry, as a
          // menu opened from a button by key does.
          if (!menu.byKeyboard || e.target !== e.currentTarget || entered.current) return;
          entered.current = true;
          e.currentTarget.querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')?.focus();
        }}
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          // A name field or a dialog the menu opened (Rename, New folder, Move…) takes the focus
          // itself; otherwise back to the list the menu was opened on, not the anchor point.
          const { editing, dialog } = store.getState();
          if (editing || dialog) return;
          menu.returnTo?.focus();
        }}
      >
        {menu.actions.map((a) => (
          <MenuItem key={a.label} icon={a.icon} danger={a.danger} disabledReason={a.disabledReason} onSelect={a.onSelect}>
            {a.label}
          </MenuItem>
        ))}
      </MenuContent>
    </Menu>
  );
}
