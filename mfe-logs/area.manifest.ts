// How the logs area describes itself to the console (see shared-contracts/src/area-manifest.ts).
// Data only: the build emits it as area-manifest.json and the host reads it from the environment.
import type { AreaManifest } from '@plinth/shared-contracts';

export default {
  id: 'logs',
  title: 'Logs',
  routes: { project: ['logs', 'reports'] },
  pages: [
    // 000 §2.7: without analytics read permission the area shows a full-page notice.
    { path: 'logs/explorer/saved', title: 'Logs', permission: 'analytics_read_logs', hostedOnly: true },
    { path: 'logs/*', title: 'Logs', permission: 'analytics_read_logs' },
    // 000 §4.1: reports stay readable while the project's API is offline.
    { path: 'reports/*', title: 'Reports', hostedOnly: true, shownWhile: ['service-offline'] },
  ],
  nav: [
    { key: 'reports', label: 'Reports', path: 'reports', icon: 'reports', order: 70, hostedOnly: true },
    { key: 'logs', label: 'Logs', path: 'logs/explorer', icon: 'logs', order: 80 },
  ],
  targets: {
    explorer: '/project/:ref/logs/explorer',
    reports: '/project/:ref/reports',
  },
} satisfies AreaManifest;
