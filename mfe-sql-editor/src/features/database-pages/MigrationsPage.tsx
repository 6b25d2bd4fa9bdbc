import type { DatabaseMigration } from '@plinth/contracts-database';
import type { DataTableColumn } from '@plinth/shared-ui/data-table';
import { Code, ObjectsPage } from './ObjectsPage';
import { useObjects } from './queries';
import { PLATFORM_SUPPORT } from './platform-support';

/** database/migrations: what a migration tool recorded in the database, newest first. */
export function MigrationsPage() {
  const query = useObjects('migrations', (api, ref) => api.databaseObjects.listMigrations(ref));
  const columns: DataTableColumn<DatabaseMigration>[] = [
    { key: 'version', header: 'Version', width: '200px', cell: (m) => <Code>{m.version}</Code>, sortValue: (m) => m.version },
    { key: 'name', header: 'Name', width: 'minmax(200px, 1fr)', cell: (m) => m.name ?? '–' },
  ];
  return (
    <ObjectsPage
      title="Database Migrations"
      description="Migrations applied to this database by a migration tool."
      query={query}
      columns={columns}
      getRowId={(m) => m.version}
      empty={{ title: 'No migrations recorded', description: PLATFORM_SUPPORT.migrations }}
    />
  );
}
