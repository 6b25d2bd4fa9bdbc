// The logs area, defined once (see area-kit/src/define-area.ts): the build emits its data part as
// area-manifest.json for the host; the kit renders its routes and side menus from the same objects.
import { defineArea } from '@plinth/area-kit/define';

const logs = { title: 'Logs' } as const;
// 000 §4.1: reports stay readable while the project's API is offline.
const reports = { title: 'Reports', shownWhile: ['service-offline' as const] };
const reportPage = () => import('./src/routes/report-pages');

export default defineArea({
  id: 'logs',
  title: 'Logs',
  routes: { project: ['logs', 'reports'] },
  sections: [
    // 000 §2.7: without analytics read permission the area shows a full-page notice instead.
    {
      path: 'logs',
      title: 'Logs',
      index: 'logs/explorer',
      menu: 'LogsMenu',
      permission: 'analytics_read_logs',
      noAccess: { title: 'Access to logs is restricted', action: 'view logs' },
      notFound: 'This page is not part of Logs.',
    },
    // 000 §2.1, §2.2: hosted only.
    { path: 'reports', title: 'Reports', hostedOnly: true, menu: 'ReportsMenu', notFound: 'This page is not part of Reports.' },
  ],
  pages: [
    { ...logs, path: 'logs/explorer', menu: { group: 'Logs Explorer', label: 'Query' }, preload: ['/platform/projects/{ref}/analytics/log-sources'], load: () => import('./src/routes/logs-explorer').then((m) => m.QueryPage) },
    { ...logs, path: 'logs/explorer/saved', hostedOnly: true, menu: { group: 'Logs Explorer', label: 'Saved Queries' }, load: () => import('./src/routes/logs-explorer').then((m) => m.SavedQueriesPage) },
    { ...logs, path: 'logs/explorer/recent', menu: { group: 'Logs Explorer', label: 'Recent' }, load: () => import('./src/routes/logs-explorer').then((m) => m.RecentQueriesPage) },
    { ...logs, path: 'logs/explorer/templates', menu: { group: 'Logs Explorer', label: 'Templates' }, load: () => import('./src/routes/logs-explorer').then((m) => m.TemplatesPage) },
    // Each source of the Sources group (the menu lists them for the build mode).
    { ...logs, path: 'logs/:source', load: () => import('./src/routes/log-source') },
    { ...reports, path: 'reports', menu: { group: 'Built-in reports', label: 'Overview' }, load: () => reportPage().then((m) => m.OverviewReport) },
    { ...reports, path: 'reports/api-overview', menu: { group: 'Built-in reports', label: 'API' }, load: () => reportPage().then((m) => m.ApiReport) },
    { ...reports, path: 'reports/storage', menu: { group: 'Built-in reports', label: 'Storage' }, load: () => reportPage().then((m) => m.StorageReport) },
    { ...reports, path: 'reports/database', menu: { group: 'Built-in reports', label: 'Database' }, load: () => reportPage().then((m) => m.DatabaseReport) },
    { ...reports, path: 'reports/query-performance', menu: { group: 'Built-in reports', label: 'Query performance' }, load: () => reportPage().then((m) => m.QueryPerformanceReport) },
  ],
  nav: [
    { key: 'reports', label: 'Reports', path: 'reports', icon: 'reports', order: 70, hostedOnly: true },
    { key: 'logs', label: 'Logs', path: 'logs/explorer', icon: 'logs', order: 80 },
  ],
  targets: {
    explorer: '/project/:ref/logs/explorer',
    reports: '/project/:ref/reports',
  },
});
