import type { StorageObject, StorageObjectPage } from '@plinth/contracts-storage';
import { fileSize, isFolder, isPlaceholder, joinPath } from './explorer-rules';

// A folder's loaded entries read by index straight from its pages. A page is filtered and summed
// once (kept per page object); a new page costs work for that page only, never for all the
// entries loaded before it, so a folder of 100,000 keeps each page as cheap as the first.

interface PageEntries {
  items: StorageObject[];
  bytes: number;
}

const perPage = new WeakMap<StorageObjectPage, PageEntries>();

function entriesOf(page: StorageObjectPage): PageEntries {
  let entries = perPage.get(page);
  if (!entries) {
    const items = page.items.some(isPlaceholder) ? page.items.filter((i) => !isPlaceholder(i)) : page.items;
    entries = { items, bytes: items.reduce((sum, i) => sum + fileSize(i), 0) };
    perPage.set(page, entries);
  }
  return entries;
}

export interface FolderRows {
  /** Entries loaded so far. */
  readonly count: number;
  /** Total size of the loaded files in bytes. */
  readonly bytes: number;
  at(index: number): StorageObject | undefined;
  /** Names of every loaded entry (a name check's siblings); walks them all, so only on demand. */
  names(): string[];
  /** Paths of the loaded files in order (select all, shift ranges); on demand. */
  filePaths(folder: string): string[];
}

export function folderRows(pages: readonly StorageObjectPage[]): FolderRows {
  const chunks = pages.map(entriesOf);
  const starts: number[] = [];
  let count = 0;
  let bytes = 0;
  for (const c of chunks) {
    starts.push(count);
    count += c.items.length;
    bytes += c.bytes;
  }
  const at = (index: number) => {
    if (index < 0 || index >= count) return undefined;
    // The last chunk whose start is at or before the index.
    let lo = 0;
    let hi = chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= index) lo = mid;
      else hi = mid - 1;
    }
    return chunks[lo]!.items[index - starts[lo]!];
  };
  return {
    count,
    bytes,
    at,
    names: () => chunks.flatMap((c) => c.items.map((i) => i.name)),
    filePaths: (folder) => chunks.flatMap((c) => c.items.filter((i) => !isFolder(i)).map((i) => joinPath(folder, i.name))),
  };
}

/**
 * The rows a virtual list shows, as a read-only array view that reads each entry by index from the
 * pages (nothing copied): with `leading` empty slots first (the new-folder row) as null.
 */
export function rowsView(rows: FolderRows, leading: number): readonly (StorageObject | null)[] {
  const length = rows.count + leading;
  return new Proxy([] as (StorageObject | null)[], {
    get(target, key, receiver) {
      if (key === 'length') return length;
      if (typeof key === 'string' && key.length && key.charCodeAt(0) >= 48 && key.charCodeAt(0) <= 57) {
        const index = Number(key);
        return index < leading ? null : (rows.at(index - leading) ?? null);
      }
      return Reflect.get(target, key, receiver);
    },
  });
}
