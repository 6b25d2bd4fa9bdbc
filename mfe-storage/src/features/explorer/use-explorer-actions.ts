import { useQueryClient } from '@tanstack/react-query';
import { EMPTY_FOLDER_PLACEHOLDER, STORAGE_DELETE_PARALLEL_REQUESTS, STORAGE_DELETE_PATHS_PER_REQUEST, STORAGE_MESSAGES, STORAGE_RENAME_PARALLEL, type Bucket } from '@plinth/contracts-storage';
import { errorMessage, useArea } from '@plinth/area-kit';
import { baseName, joinPath, parentOf } from './explorer-rules';
import { saveFile } from '@plinth/shared-ui/layout';
import { useExplorerStore, type Target } from './explorer-store';
import { refreshFolders } from './folder-query';
import { useCustomDomain, withCustomDomain } from './preview-url';

/** Walking a folder and zipping a download: loaded on first use, the first rows do not need them. */
const loadDownloads = () => import(/* webpackChunkName: "storage-explorer-downloads" */ './downloads');

/** Runs `work` over items, `parallel` at a time; answers which failed. */
async function inParallel<T>(items: T[], parallel: number, work: (item: T) => Promise<unknown>): Promise<T[]> {
  const failed: T[] = [];
  let next = 0;
  const lanes = Array.from({ length: Math.min(parallel, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item).catch(() => failed.push(item));
    }
  });
  await Promise.all(lanes);
  return failed;
}

const chunk = <T,>(list: T[], size: number) => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));

/** What the explorer does to files and folders, with the notices of 001 §8. */
export function useExplorerActions(bucket: Bucket) {
  const { api, projectRef: ref, notify } = useArea();
  const customDomain = useCustomDomain();
  const store = useExplorerStore();
  const client = useQueryClient();
  const id = bucket.id;
  const refresh = () => refreshFolders(client, ref, id);

  const source = {
    download: (path: string) => api.storage.downloadObject(ref, id, path),
    listAll: async function* (folder: string) {
      const { walkFolder } = await loadDownloads();
      yield* walkFolder((f, cursor) => api.storage.listObjectsPage(ref, id, { path: f, limit: 1000, cursor }), folder);
    },
  };

  /** A folder whose last file went keeps existing through its placeholder file (001 §4). */
  async function keepFolder(folder: string) {
    if (!folder) return;
    const left = await api.storage.listObjectsPage(ref, id, { path: folder, limit: 1 }).catch(() => null);
    if (left && left.items.length === 0) await api.storage.uploadObject(ref, id, joinPath(folder, EMPTY_FOLDER_PLACEHOLDER), new Blob([])).catch(() => undefined);
  }

  return {
    async createFolder(parent: string, name: string) {
      try {
        await api.storage.uploadObject(ref, id, joinPath(joinPath(parent, name), EMPTY_FOLDER_PLACEHOLDER), new Blob([]));
        notify({ kind: 'success', message: `Created folder "${name}"` });
      } catch (err) {
        notify({ kind: 'error', message: `Failed to create folder: ${errorMessage(err)}` });
      }
      await refresh();
    },

    async rename(target: Target, name: string) {
      const to = joinPath(parentOf(target.path), name);
      try {
        if (target.isFolder) await api.storage.moveFolder(ref, id, target.path, to);
        else await api.storage.moveObject(ref, id, target.path, to);
        notify({ kind: 'success', message: `Renamed ${target.isFolder ? 'folder' : 'file'} to ${name}` });
      } catch (err) {
        notify({ kind: 'error', message: target.isFolder ? STORAGE_MESSAGES.renameFolderFailed(name) : STORAGE_MESSAGES.renameFileFailed(errorMessage(err)) });
      }
      store.getState().clearSelection();
      await refresh();
    },

    async move(targets: Target[], destination: string) {
      const failed = await inParallel(targets, STORAGE_RENAME_PARALLEL, (t) => {
        const to = joinPath(destination, baseName(t.path));
        if (to === t.path) return Promise.resolve();
        return t.isFolder ? api.storage.moveFolder(ref, id, t.path, to) : api.storage.moveObject(ref, id, t.path, to);
      });
      if (failed.length === targets.length) notify({ kind: 'error', message: STORAGE_MESSAGES.moveFailed });
      else {
        for (const t of failed) notify({ kind: 'error', message: STORAGE_MESSAGES.moveOneFailed(t.path) });
        notify({ kind: 'success', message: `Successfully moved ${targets.length - failed.length} item${targets.length - failed.length === 1 ? '' : 's'} to ${destination || id}` });
      }
      for (const folder of new Set(targets.map((t) => parentOf(t.path)))) await keepFolder(folder);
      store.getState().clearSelection();
      store.setState({ preview: null });
      await refresh();
    },

    async remove(targets: Target[]) {
      const files = targets.filter((t) => !t.isFolder).map((t) => t.path);
      const folders = targets.filter((t) => t.isFolder);
      const failedChunks = await inParallel(chunk(files, STORAGE_DELETE_PATHS_PER_REQUEST), STORAGE_DELETE_PARALLEL_REQUESTS, (paths) => api.storage.deleteObjects(ref, id, paths));
      const failedFolders = await inParallel(folders, 1, (f) => api.storage.deleteFolder(ref, id, f.path));
      const failed = failedChunks.flat().length + failedFolders.length;
      if (failed) notify({ kind: 'error', message: `Failed to delete ${failed} item${failed === 1 ? '' : 's'}` });
      else notify({ kind: 'success', message: `Successfully deleted ${targets.length === 1 ? baseName(targets[0]!.path) : `${targets.length} items`}` });
      for (const folder of new Set(targets.map((t) => parentOf(t.path)))) await keepFolder(folder);
      const { preview } = store.getState();
      if (preview && targets.some((t) => t.path === preview.path || preview.path.startsWith(`${t.path}/`))) store.setState({ preview: null });
      store.getState().clearSelection();
      await refresh();
    },

    async download(targets: Target[], folderName: string, onProgress?: (done: number) => void) {
      if (targets.length === 1 && !targets[0]!.isFolder) {
        const name = baseName(targets[0]!.path);
        try {
          saveFile(name, await source.download(targets[0]!.path));
        } catch {
          notify({ kind: 'error', message: STORAGE_MESSAGES.downloadFailed(name) });
        }
        return;
      }
      const root = parentOf(targets[0]!.path);
      const zipName = `${targets.length === 1 ? baseName(targets[0]!.path) : folderName || id}.zip`;
      let done = 0;
      notify({ kind: 'info', message: `Downloading ${zipName}…` });
      try {
        const { downloadZip } = await loadDownloads();
        await downloadZip(source, targets, root, zipName, () => onProgress?.(++done));
        notify({ kind: 'success', message: `Downloaded ${done} file${done === 1 ? '' : 's'} as ${zipName}` });
      } catch {
        notify({ kind: 'error', message: STORAGE_MESSAGES.downloadFolderFailed(targets.length === 1 ? baseName(targets[0]!.path) : folderName || id) });
      }
    },

    /** The file's URL: permanent in a public bucket, signed for `expiresIn` seconds otherwise, on the active custom domain; copied to the clipboard. */
    async copyUrl(path: string, expiresIn?: number) {
      try {
        let url = bucket.public && expiresIn === undefined
          ? (await api.storage.getPublicUrl(ref, id, path)).publicUrl
          : (await api.storage.signUrl(ref, id, path, expiresIn ?? 31_536_000)).signedUrl;
        url = withCustomDomain(url, customDomain);
        await navigator.clipboard?.writeText(url).catch(() => undefined);
        notify({ kind: 'success', message: 'Copied URL to clipboard', durationMs: 4000 });
        return url;
      } catch (err) {
        notify({ kind: 'error', message: `Failed to get URL: ${errorMessage(err)}` });
        return null;
      }
    },

    async copyPath(path: string) {
      await navigator.clipboard?.writeText(path).catch(() => undefined);
      notify({ kind: 'success', message: 'Copied path to clipboard', durationMs: 4000 });
    },
    refresh,
  };
}

export type ExplorerActions = ReturnType<typeof useExplorerActions>;
