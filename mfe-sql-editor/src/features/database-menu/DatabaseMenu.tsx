import { useArea, AreaSideMenu, type MenuLinkItem } from '@plinth/area-kit';

/** The database pages (000 §2.1) and their titles; Backups only exist on the hosted platform. */
export const DATABASE_PAGES: readonly (MenuLinkItem & { label: string; group: 'Database Management' | 'Platform' })[] = [
  { group: 'Database Management', label: 'Schema Visualizer', to: '/database/schemas' },
  { group: 'Database Management', label: 'Tables', to: '/database/tables' },
  { group: 'Database Management', label: 'Functions', to: '/database/functions' },
  { group: 'Database Management', label: 'Triggers', to: '/database/triggers' },
  { group: 'Database Management', label: 'Extensions', to: '/database/extensions' },
  { group: 'Database Management', label: 'Indexes', to: '/database/indexes' },
  { group: 'Database Management', label: 'Roles', to: '/database/roles' },
  { group: 'Platform', label: 'Replication', to: '/database/replication' },
  { group: 'Platform', label: 'Backups', to: '/database/backups/scheduled', hostedOnly: true },
  { group: 'Platform', label: 'Migrations', to: '/database/migrations' },
  { group: 'Platform', label: 'Wrappers', to: '/database/wrappers' },
  { group: 'Platform', label: 'Webhooks', to: '/database/hooks' },
];

export function databasePages(hosted: boolean) {
  return DATABASE_PAGES.filter((p) => hosted || !p.hostedOnly);
}

export function DatabaseMenu() {
  const { hosted } = useArea();
  const groups = (['Database Management', 'Platform'] as const).map((title) => ({
    title,
    items: DATABASE_PAGES.filter((p) => p.group === title),
  }));
  return <AreaSideMenu title="Database" groups={groups} />;
}
