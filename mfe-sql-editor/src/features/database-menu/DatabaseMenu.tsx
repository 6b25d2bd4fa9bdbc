import { useArea } from '../area/area-context';
import { menuStyles } from '../side-menu/menu-styles';
import { MenuLinks, type MenuLinkItem } from '../side-menu/MenuLinks';

/** The database pages (000 §2.1) and their titles; Backups only exist on the hosted platform. */
export const DATABASE_PAGES: readonly (MenuLinkItem & { group: 'Database Management' | 'Platform'; hostedOnly?: boolean })[] = [
  { group: 'Database Management', label: 'Schema Visualizer', to: 'database/schemas' },
  { group: 'Database Management', label: 'Tables', to: 'database/tables' },
  { group: 'Database Management', label: 'Functions', to: 'database/functions' },
  { group: 'Database Management', label: 'Triggers', to: 'database/triggers' },
  { group: 'Database Management', label: 'Extensions', to: 'database/extensions' },
  { group: 'Database Management', label: 'Indexes', to: 'database/indexes' },
  { group: 'Database Management', label: 'Roles', to: 'database/roles' },
  { group: 'Platform', label: 'Replication', to: 'database/replication' },
  { group: 'Platform', label: 'Backups', to: 'database/backups/scheduled', hostedOnly: true },
  { group: 'Platform', label: 'Migrations', to: 'database/migrations' },
  { group: 'Platform', label: 'Wrappers', to: 'database/wrappers' },
  { group: 'Platform', label: 'Webhooks', to: 'database/hooks' },
];

export function databasePages(hosted: boolean) {
  return DATABASE_PAGES.filter((p) => hosted || !p.hostedOnly);
}

export function DatabaseMenu() {
  const { hosted } = useArea();
  const pages = databasePages(hosted);
  return (
    <nav aria-label="Database" css={menuStyles.nav}>
      <h2 css={menuStyles.heading}>Database</h2>
      {(['Database Management', 'Platform'] as const).map((group) => (
        <MenuLinks key={group} title={group} items={pages.filter((p) => p.group === group)} />
      ))}
    </nav>
  );
}
