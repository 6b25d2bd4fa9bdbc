// How the storage area describes itself to the console (see shared-contracts/src/area-manifest.ts).
// Data only: the build emits it as area-manifest.json and the host reads it from the environment.
import type { AreaManifest } from '@plinth/shared-contracts';

export default {
  id: 'storage',
  title: 'Storage',
  routes: { project: ['storage'] },
  pages: [
    { path: 'storage/buckets', title: 'Storage' },
    { path: 'storage/buckets/:bucketId', title: 'Storage' },
    { path: 'storage/policies', title: 'Storage' },
    { path: 'storage/settings', title: 'Storage' },
    { path: 'storage/*', title: 'Storage' },
  ],
  nav: [{ key: 'storage', label: 'Storage', path: 'storage/buckets', icon: 'storage', order: 50 }],
  targets: {
    buckets: '/project/:ref/storage/buckets',
    bucket: '/project/:ref/storage/buckets/:bucketId',
    policies: '/project/:ref/storage/policies',
  },
} satisfies AreaManifest;
