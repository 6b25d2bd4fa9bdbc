import type { MenuLinkGroup } from '@plinth/area-kit';

/** The reports menu (000 §2.1: reports, api-overview, storage, database, query-performance; hosted only). */
export const REPORTS_MENU_GROUPS: readonly MenuLinkGroup[] = [
  {
    title: 'Built-in reports',
    items: [
      { label: 'Overview', to: 'reports' },
      { label: 'API', to: 'reports/api-overview' },
      { label: 'Storage', to: 'reports/storage' },
      { label: 'Database', to: 'reports/database' },
      { label: 'Query performance', to: 'reports/query-performance' },
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
