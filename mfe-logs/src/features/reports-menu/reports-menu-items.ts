import type { LogsMenuGroup } from '../../area/menu-groups';

/** The reports menu (000 §2.1: reports, api-overview, storage, database, query-performance; hosted only). */
export const REPORTS_MENU_GROUPS: readonly LogsMenuGroup[] = [
  {
    key: 'reports',
    title: 'Built-in reports',
    items: [
      { key: 'overview', label: 'Overview', path: 'reports' },
      { key: 'api-overview', label: 'API', path: 'reports/api-overview' },
      { key: 'storage', label: 'Storage', path: 'reports/storage' },
      { key: 'database', label: 'Database', path: 'reports/database' },
      { key: 'query-performance', label: 'Query performance', path: 'reports/query-performance' },
    ],
  },
];

/** Page titles of the report routes, by the segment after reports/ ('' for the overview). */
export const REPORT_TITLES: Record<string, string> = {
  '': 'Reports',
  'api-overview': 'API',
  storage: 'Storage',
  database: 'Database',
  'query-performance': 'Query performance',
};
