import { createContext, useContext } from 'react';
import { createStore, useStore, type StoreApi } from 'zustand';
import type { StorageObject } from '@plinth/contracts-storage';
import type { RowAction } from '@plinth/area-kit';
import { joinPath, savePreferences, type ExplorerPreferences } from './explorer-rules';

// The explorer's local state and the navigation rules of 001 §4: which folders are open (one
// column each), the file in the preview, the selection, inline editing and the open dialog.

/** Something an action works on: a file or a folder, by its path in the bucket. */
export interface Target {
  path: string;
  isFolder: boolean;
}

export const targetOf = (folder: string, item: StorageObject): Target => ({ path: joinPath(folder, item.name), isFolder: item.id === null });

export type Editing = { column: number; mode: 'new-folder' } | { column: number; mode: 'rename'; target: Target } | null;
export interface ContextMenuState {
  x: number;
  y: number;
  actions: RowAction[];
  /** Where focus goes back when the menu closes without opening a name field (the column's list). */
  returnTo: HTMLElement | null;
  /** Opened by the menu key or Shift+F10: its first entry takes focus, as in any menu opened by key. */
  byKeyboard: boolean;
}
export type ExplorerDialog = { kind: 'delete'; targets: Target[] } | { kind: 'move'; targets: Target[] } | { kind: 'expiry'; path: string } | null;

export interface ExplorerState {
  ref: string;
  bucketId: string;
  /** Paths of the open folders; column 0 is the bucket root (''). */
  columns: string[];
  preview: { path: string; item: StorageObject } | null;
  /** Selected files, all in one column. */
  selection: { column: number; paths: string[] };
  anchor: string | null;
  prefs: ExplorerPreferences;
  /** The search of the last column; null while the search box is closed. */
  search: string | null;
  editing: Editing;
  dialog: ExplorerDialog;
  /** Bumped to reload the open folders (sort, view, reload button). */
  reloads: number;
  /** The right-click menu open at a point, with its entries. */
  contextMenu: ContextMenuState | null;
  /** Keyboard focus asked of a column, on the entry of that name (its first row when null); the column clears it once done. */
  focus: { column: number; name: string | null } | null;

  openFolder(column: number, name: string): void;
  openFile(column: number, item: StorageObject): void;
  clickEmpty(column: number): void;
  back(): void;
  goTo(parts: string[]): void;
  setPrefs(prefs: Partial<ExplorerPreferences>): void;
  reload(): void;
  setSearch(search: string | null): void;
  toggleSelect(column: number, path: string): void;
  selectRange(column: number, orderedPaths: string[], path: string): void;
  setSelection(column: number, paths: string[]): void;
  clearSelection(): void;
  setEditing(editing: Editing): void;
  setDialog(dialog: ExplorerDialog): void;
  openContextMenu(x: number, y: number, actions: RowAction[], options?: { returnTo?: HTMLElement | null; byKeyboard?: boolean }): void;
  focusColumn(column: number, name: string | null): void;
  focusDone(): void;
}

const noSelection = { column: 0, paths: [] as string[] };

const selectionSets = new WeakMap<readonly string[], Set<string>>();

/** Whether `path` is among the selected paths: one set per selection, so each row asks in constant time even after select all. */
export function isSelected(paths: readonly string[], path: string): boolean {
  if (paths.length < 16) return paths.includes(path);
  let set = selectionSets.get(paths);
  if (!set) {
    set = new Set(paths);
    selectionSets.set(paths, set);
  }
  return set.has(path);
}

export function createExplorerStore(ref: string, bucketId: string, prefs: ExplorerPreferences) {
  return createStore<ExplorerState>()((set, get) => ({
    ref,
    bucketId,
    columns: [''],
    preview: null,
    selection: noSelection,
    anchor: null,
    prefs,
    search: null,
    editing: null,
    dialog: null,
    reloads: 0,
    contextMenu: null,
    focus: null,

    // Opening a folder closes the preview, drops later columns and their selection, opens it (001 §4).
    openFolder: (column, name) =>
      set((s) => ({
        columns: [...s.columns.slice(0, column + 1), joinPath(s.columns[column] ?? '', name)],
        preview: null,
        selection: s.selection.column > column ? noSelection : s.selection,
        search: null,
        editing: null,
      })),
    // Opening a file drops later columns, opens the preview and clears the selection (001 §4).
    openFile: (column, item) =>
      set((s) => ({ columns: s.columns.slice(0, column + 1), preview: { path: joinPath(s.columns[column] ?? '', item.name), item }, selection: noSelection, editing: null })),
    // Empty column space pops later columns and closes the preview (001 §4).
    clickEmpty: (column) => set((s) => ({ columns: s.columns.slice(0, column + 1), preview: null, editing: null })),
    back: () => set((s) => (s.columns.length > 1 ? { columns: s.columns.slice(0, -1), preview: null, selection: noSelection, search: null } : {})),
    goTo: (parts) =>
      set({ columns: ['', ...parts.map((_, i) => parts.slice(0, i + 1).join('/'))], preview: null, selection: noSelection, search: null, editing: null }),
    // Changing sort or view closes the preview, saves the preferences and reloads the open folders (001 §4).
    setPrefs: (next) => {
      const prefs = { ...get().prefs, ...next };
      savePreferences(get().ref, prefs);
      set((s) => ({ prefs, preview: null, reloads: s.reloads + 1 }));
    },
    reload: () => set((s) => ({ reloads: s.reloads + 1 })),
    setSearch: (search) => set({ search }),
    toggleSelect: (column, path) =>
      set((s) => {
        const paths = s.selection.column === column ? s.selection.paths : [];
        return { selection: { column, paths: paths.includes(path) ? paths.filter((p) => p !== path) : [...paths, path] }, anchor: path };
      }),
    selectRange: (column, ordered, path) =>
      set((s) => {
        const anchor = s.anchor && s.selection.column === column ? s.anchor : path;
        const [a, b] = [ordered.indexOf(anchor), ordered.indexOf(path)].sort((x, y) => x - y);
        const range = a! < 0 ? [path] : ordered.slice(a, b! + 1);
        const before = s.selection.column === column ? s.selection.paths : [];
        return { selection: { column, paths: [...new Set([...before, ...range])] } };
      }),
    setSelection: (column, paths) => set({ selection: { column, paths } }),
    clearSelection: () => set({ selection: noSelection, anchor: null }),
    setEditing: (editing) => set({ editing }),
    setDialog: (dialog) => set({ dialog }),
    openContextMenu: (x, y, actions, { returnTo = null, byKeyboard = false } = {}) => set({ contextMenu: actions.length ? { x, y, actions, returnTo, byKeyboard } : null }),
    focusColumn: (column, name) => set({ focus: { column, name } }),
    focusDone: () => set({ focus: null }),
  }));
}

export const ExplorerContext = createContext<StoreApi<ExplorerState> | null>(null);

/** A slice of the explorer's state, inside the explorer. */
export function useExplorer<T>(pick: (s: ExplorerState) => T): T {
  const store = useContext(ExplorerContext);
  if (!store) throw new Error('useExplorer is used outside the explorer');
  return useStore(store, pick);
}

export function useExplorerStore(): StoreApi<ExplorerState> {
  const store = useContext(ExplorerContext);
  if (!store) throw new Error('useExplorerStore is used outside the explorer');
  return store;
}
