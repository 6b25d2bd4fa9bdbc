import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describeStorageIsolation } from '../testing/storage-isolation';

// The storage isolation tests (testing/storage-isolation.ts) on the local disk, the default object store.

describeStorageIsolation({
  start: async () => ({}),
  async allFiles(h) {
    const dir = h.internals.config.objectStoreDir;
    const out: Record<string, string> = {};
    const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
    for (const e of entries) {
      if (e.isFile()) out[path.relative(dir, path.join(e.parentPath, e.name))] = await readFile(path.join(e.parentPath, e.name), 'utf8');
    }
    return out;
  },
  secrets: (h) => [h.internals.config.objectStoreDir],
  stop: async () => {},
});
