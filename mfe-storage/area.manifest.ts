// The storage area, defined once (see area-kit/src/define-area.ts): the build emits its data part
// as area-manifest.json for the host; the kit renders its routes and side menu from the same objects.
import { defineArea } from '@plinth/area-kit/define';

const page = { title: 'Storage' } as const;

export default defineArea({
  id: 'storage',
  title: 'Storage',
  routes: { project: ['storage'] },
  sections: [
    // 000 §2.11: All buckets, Configuration (Policies, Settings), then New bucket and the bucket list.
    { path: 'storage', title: 'Storage', index: 'storage/buckets', menu: 'StorageMenu' },
  ],
  pages: [
    { ...page, path: 'storage/buckets', menu: { label: 'All buckets' }, preload: ['/platform/storage/{ref}/buckets'], load: () => import('./src/routes/buckets') },
    { ...page, path: 'storage/buckets/:bucketId', preload: ['/platform/storage/{ref}/buckets'], load: () => import('./src/routes/bucket') },
    { ...page, path: 'storage/policies', menu: { group: 'Configuration', label: 'Policies' }, preload: ['/platform/storage/{ref}/buckets', '/platform/pg-meta/{ref}/policies?schema=storage'], load: () => import('./src/routes/policies') },
    { ...page, path: 'storage/settings', menu: { group: 'Configuration', label: 'Settings' }, preload: ['/platform/storage/{ref}/buckets', '/platform/projects/{ref}/config/storage'], load: () => import('./src/routes/settings') },
  ],
  nav: [{ key: 'storage', label: 'Storage', path: 'storage/buckets', icon: 'storage', order: 50 }],
  targets: {
    buckets: '/project/:ref/storage/buckets',
    bucket: '/project/:ref/storage/buckets/:bucketId',
    policies: '/project/:ref/storage/policies',
    /** The upload size limit (Project Settings → Storage leads here). */
    settings: '/project/:ref/storage/settings',
  },
});
