import type { StorageObject } from '@plinth/contracts-storage';
import { STORAGE_DOWNLOAD_PARALLEL } from '@plinth/contracts-storage';
import { saveFile } from '@plinth/shared-ui/layout';
import { baseName, joinPath } from './explorer-rules';

// Downloads: one file as itself; a folder or a selection as one zip built while the files arrive
// (client-zip), written straight to disk where the browser lets a page pick a file, so the
// archive is never held whole in memory there.

export interface DownloadSource {
  /** Lists every file below a folder, page by page. */
  listAll: (folder: string) => AsyncIterable<{ path: string; item: StorageObject }>;
  download: (path: string) => Promise<Blob>;
}

/** The files a zip holds: each selected file, every file below each selected folder (named from `root`). */
async function* filesOf(source: DownloadSource, targets: { path: string; isFolder: boolean }[], root: string) {
  const rel = (path: string) => (root && path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path);
  for (const t of targets) {
    if (!t.isFolder) yield { path: t.path, name: rel(t.path) };
    else for await (const f of source.listAll(t.path)) yield { path: f.path, name: rel(f.path) };
  }
}

/** Fetches up to 10 files ahead while the zip takes them in order (001 §9). */
async function* fetched(source: DownloadSource, files: AsyncIterable<{ path: string; name: string }>, onFile: () => void) {
  const ahead: { name: string; blob: Promise<Blob> }[] = [];
  for await (const f of files) {
    ahead.push({ name: f.name, blob: source.download(f.path) });
    if (ahead.length >= STORAGE_DOWNLOAD_PARALLEL) {
      const next = ahead.shift()!;
      yield { name: next.name, input: await next.blob };
      onFile();
    }
  }
  for (const next of ahead) {
    yield { name: next.name, input: await next.blob };
    onFile();
  }
}

interface SavePicker {
  showSaveFilePicker?: (o: { suggestedName: string }) => Promise<{ createWritable(): Promise<WritableStream> }>;
}

/** Downloads folders and files as one zip named `zipName`, calling onFile after each file. */
export async function downloadZip(source: DownloadSource, targets: { path: string; isFolder: boolean }[], root: string, zipName: string, onFile: () => void) {
  const { downloadZip: makeZip } = await import(/* webpackChunkName: "client-zip" */ 'client-zip');
  const picker = (window as unknown as SavePicker).showSaveFilePicker;
  const handle = picker ? await picker({ suggestedName: zipName }).catch(() => null) : null;
  const response = makeZip(fetched(source, filesOf(source, targets, root), onFile));
  if (handle && response.body) {
    await response.body.pipeTo(await handle.createWritable());
    return;
  }
  saveFile(zipName, await response.blob());
}

/** Walks a folder page by page (helper for DownloadSource.listAll). */
export async function* walkFolder(
  list: (folder: string, cursor: string | undefined) => Promise<{ items: StorageObject[]; nextCursor: string | null }>,
  folder: string,
): AsyncGenerator<{ path: string; item: StorageObject }> {
  let cursor: string | undefined;
  const subfolders: string[] = [];
  do {
    const page = await list(folder, cursor);
    for (const item of page.items) {
      if (item.id === null) subfolders.push(joinPath(folder, item.name));
      else if (baseName(item.name) !== '.emptyFolderPlaceholder') yield { path: joinPath(folder, item.name), item };
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  for (const sub of subfolders) yield* walkFolder(list, sub);
}
