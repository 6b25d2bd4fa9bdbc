import type { DatabaseExtension } from '@plinth/contracts-database';
import type { DataTableColumn } from '@plinth/shared-ui/data-table';
import { Switch } from '@plinth/shared-ui/form';
import { DisabledReason } from '@plinth/shared-ui/tooltip';
import { Code, ObjectsPage } from './ObjectsPage';
import { useDatabaseWrite } from './permissions';
import { useObjects, useObjectWrite } from './queries';

/** database/extensions: the extensions this database can load, each switched on or off for real. */
export function ExtensionsPage() {
  const write = useDatabaseWrite('enable extensions');
  const query = useObjects('extensions', (api, ref) => api.databaseObjects.listExtensions(ref));
  const toggle = useObjectWrite(
    (api, ref, e: DatabaseExtension) => (e.installedVersion ? api.databaseObjects.disableExtension(ref, e.name) : api.databaseObjects.enableExtension(ref, { name: e.name })),
    { refresh: ['extensions', 'functions'], success: (e) => `Extension ${e.name} ${e.installedVersion ? 'enabled' : 'disabled'}` },
  );
  const columns: DataTableColumn<DatabaseExtension>[] = [
    { key: 'name', header: 'Name', width: 'minmax(120px, 1fr)', cell: (e) => <Code>{e.name}</Code>, sortValue: (e) => e.name },
    { key: 'comment', header: 'Description', width: 'minmax(180px, 2.5fr)', cell: (e) => e.comment ?? '' },
    { key: 'version', header: 'Version', width: '90px', cell: (e) => e.installedVersion ?? e.defaultVersion ?? '' },
    { key: 'schema', header: 'Schema', width: '100px', cell: (e) => e.schema ?? '–' },
    {
      key: 'enabled',
      header: 'Enabled',
      width: '90px',
      sortValue: (e) => (e.installedVersion ? 0 : 1),
      cell: (e) => (
        <DisabledReason reason={e.builtIn ? 'Built into the database' : write.reason}>
          <Switch aria-label={`${e.installedVersion ? 'Disable' : 'Enable'} ${e.name}`} checked={!!e.installedVersion} disabled={toggle.isPending} onCheckedChange={() => toggle.mutate(e)} />
        </DisabledReason>
      ),
    },
  ];
  return (
    <ObjectsPage
      title="Database Extensions"
      description="The extensions this project database can load. Enabling one runs CREATE EXTENSION (in the public schema); disabling it runs DROP EXTENSION, which Postgres refuses while objects use it."
      query={query}
      columns={columns}
      getRowId={(e) => e.name}
      empty={{ title: 'No extensions available', description: 'This database offers no extension the platform lets a project enable.' }}
    />
  );
}
