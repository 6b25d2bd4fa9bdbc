// Tests only (the package's "./testing" entry, which no bundle imports): area manifests that the
// contracts' own tests, the shell's and deploy's tests share, written once.
import type { AreaManifest } from '../area-manifest';

/**
 * The storage area's manifest with page preloads: the bucket list calls the bucket list first, a
 * bucket the list and itself; every other storage page (storage/*) preloads nothing.
 */
export const STORAGE_MANIFEST_WITH_PRELOADS: AreaManifest = {
  id: 'storage',
  title: 'Storage',
  routes: { project: ['storage'] },
  pages: [
    { path: 'storage/buckets', title: 'Storage', preload: ['/platform/storage/{ref}/buckets'] },
    { path: 'storage/buckets/:bucketId', title: 'Storage', preload: ['/platform/storage/{ref}/buckets', '/platform/storage/{ref}/buckets/{bucketId}'] },
    { path: 'storage/*', title: 'Storage' },
  ],
  nav: [],
};
