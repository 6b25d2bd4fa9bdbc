import { Suspense, useState } from 'react';
import type { DatabaseIndex } from '@plinth/contracts-database';
import { lazyWithPreload, RowActions } from '@plinth/area-kit';
import { Button } from '@plinth/shared-ui/button';
import type { DataTableColumn } from '@plinth/shared-ui/data-table';
import { PlusIcon, TrashIcon } from '@plinth/shared-ui/icons';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { DropDialog } from './DropDialog';
import { Code, ObjectsPage } from './ObjectsPage';
import { rowReason, useDatabaseWrite } from './permissions';
import { useObjects, useObjectWrite } from './queries';
import { SchemaSelect } from './SchemaSelect';

const IndexPanel = lazyWithPreload(() => import('./IndexPanel').then((m) => m.default));

/** database/indexes: the indexes of the schema's tables; create and drop. */
export function IndexesPage() {
  const [schema, setSchema] = useState('public');
  const [creating, setCreating] = useState(false);
  const [dropping, setDropping] = useState<DatabaseIndex | null>(null);
  const write = useDatabaseWrite('create indexes');
  const query = useObjects('indexes', (api, ref) => api.databaseObjects.listIndexes(ref, { schema }), schema);
  const tables = useObjects('tables', (api, ref) => api.databaseObjects.listTableSummaries(ref, { schema }), schema);
  const drop = useObjectWrite((api, ref, x: DatabaseIndex) => api.databaseObjects.dropIndex(ref, x.id), { refresh: ['indexes'], success: (x) => `Dropped index ${x.name}` });
  const columns: DataTableColumn<DatabaseIndex>[] = [
    { key: 'table', header: 'Table', width: 'minmax(100px, 1fr)', cell: (x) => x.table, sortValue: (x) => x.table },
    { key: 'name', header: 'Name', width: 'minmax(140px, 1fr)', cell: (x) => <Code>{x.name}</Code>, sortValue: (x) => x.name },
    { key: 'definition', header: 'Definition', width: 'minmax(200px, 3fr)', cell: (x) => <Code>{x.definition}</Code> },
    { key: 'kind', header: 'Kind', width: '100px', cell: (x) => (x.primary ? 'Primary key' : x.unique ? 'Unique' : 'Index') },
    {
      key: 'actions',
      header: 'Actions',
      width: '72px',
      cell: (x) => (
        <RowActions
          label={`Actions for index ${x.name}`}
          disabledReason={rowReason(x.protected, write.reason)}
          actions={[{ label: 'Drop index', icon: <TrashIcon />, danger: true, onSelect: () => setDropping(x), disabledReason: x.primary ? 'A primary key is dropped with its constraint, on the table' : null }]}
        />
      ),
    },
  ];
  return (
    <ObjectsPage
      title="Database Indexes"
      description="Indexes of the tables in this schema, with the definition Postgres keeps for each."
      actions={
        <PermissionTooltip allowed={write.allowed} message={write.reason ?? ''}>
          <Button variant="primary" icon={<PlusIcon />} onPointerEnter={() => void IndexPanel.preload()} onClick={() => setCreating(true)}>
            Create index
          </Button>
        </PermissionTooltip>
      }
      toolbar={<SchemaSelect value={schema} onChange={setSchema} />}
      query={query}
      columns={columns}
      getRowId={(x) => String(x.id)}
      empty={{ title: 'No indexes in this schema', description: 'Tables with a primary key have one; create more for the columns your queries filter by.' }}
    >
      {creating ? (
        <Suspense fallback={null}>
          <IndexPanel schema={schema} tables={(tables.data ?? []).map((t) => t.name)} onClose={() => setCreating(false)} />
        </Suspense>
      ) : null}
      {dropping ? <DropDialog kind="index" name={dropping.name} pending={drop.isPending} onDrop={() => drop.mutateAsync(dropping)} onClose={() => setDropping(null)} /> : null}
    </ObjectsPage>
  );
}
