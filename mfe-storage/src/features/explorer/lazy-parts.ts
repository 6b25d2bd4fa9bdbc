import { lazyWithPreload } from '@plinth/area-kit';

// Parts of the explorer that its first rows do not need: the menus (row, file, folder and column
// entries and the menu itself), the selection bar and the zip downloads. Each loads on first use,
// and is preloaded on intent (the pointer over a column, focus in it) so it shows at once.

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

export const ExplorerContextMenu = lazyWithPreload(() => menuModule().then((m) => m.ExplorerContextMenu));
export const SelectionBar = lazyWithPreload(() => import(/* webpackChunkName: "storage-explorer-selection" */ './SelectionBar').then((m) => m.SelectionBar));
export const loadDownloads = () => import(/* webpackChunkName: "storage-explorer-downloads" */ './downloads');

/** What the pointer or keyboard is about to use in a column: its menus and the selection bar. */
export function preloadColumnParts(): void {
  void ExplorerContextMenu.preload();
  void SelectionBar.preload();
}
