import { Suspense, useState } from 'react';
import type { DatabaseFunction } from '@plinth/contracts-database';
import { lazyWithPreload, RowActions } from '@plinth/area-kit';
import { Button } from '@plinth/shared-ui/button';
import type { DataTableColumn } from '@plinth/shared-ui/data-table';
import { EditIcon, PlusIcon, TrashIcon } from '@plinth/shared-ui/icons';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { DropDialog } from './DropDialog';
import { Code, ObjectsPage } from './ObjectsPage';
import { rowReason, useDatabaseWrite } from './permissions';
import { useObjects, useObjectWrite } from './queries';
import { SchemaSelect } from './SchemaSelect';

const FunctionPanel = lazyWithPreload(() => import('./FunctionPanel').then((m) => m.default));

/** database/functions: the schema's functions; create, edit (with the code editor) and drop. */
export function FunctionsPage() {
  const [schema, setSchema] = useState('public');
  const [panel, setPanel] = useState<{ editing: DatabaseFunction | null } | null>(null);
  const [dropping, setDropping] = useState<DatabaseFunction | null>(null);
  const write = useDatabaseWrite('create functions');
  const query = useObjects('functions', (api, ref) => api.databaseObjects.listFunctions(ref, { schema }), schema);
  const drop = useObjectWrite((api, ref, f: DatabaseFunction) => api.databaseObjects.dropFunction(ref, f.id), { refresh: ['functions', 'triggers'], success: (f) => `Dropped function ${f.name}` });

  const columns: DataTableColumn<DatabaseFunction>[] = [
    { key: 'name', header: 'Name', width: 'minmax(140px, 1fr)', cell: (f) => <Code>{f.name}</Code>, sortValue: (f) => f.name },
    { key: 'arguments', header: 'Arguments', width: 'minmax(140px, 1.5fr)', cell: (f) => <Code>{f.arguments || '–'}</Code> },
    { key: 'returns', header: 'Return type', width: 'minmax(100px, 1fr)', cell: (f) => <Code>{f.returns}</Code>, sortValue: (f) => f.returns },
    { key: 'language', header: 'Language', width: '100px', cell: (f) => f.language },
    { key: 'security', header: 'Security', width: '100px', cell: (f) => (f.securityDefiner ? 'Definer' : 'Invoker') },
    {
      key: 'actions',
      header: 'Actions',
      width: '72px',
      cell: (f) => (
        <RowActions
          label={`Actions for function ${f.name}`}
          disabledReason={rowReason(f.protected, write.reason)}
          onOpen={() => void FunctionPanel.preload()}
          actions={[
            { label: 'Edit function', icon: <EditIcon />, onSelect: () => setPanel({ editing: f }) },
            { label: 'Drop function', icon: <TrashIcon />, danger: true, onSelect: () => setDropping(f) },
          ]}
        />
      ),
    },
  ];

  return (
    <ObjectsPage
      title="Database Functions"
      description="Functions of the project database, callable from SQL, from triggers and from the data API (rpc)."
      actions={
        <PermissionTooltip allowed={write.allowed} message={write.reason ?? ''}>
          <Button variant="primary" icon={<PlusIcon />} onPointerEnter={() => void FunctionPanel.preload()} onFocus={() => void FunctionPanel.preload()} onClick={() => setPanel({ editing: null })}>
            Create a new function
          </Button>
        </PermissionTooltip>
      }
      toolbar={<SchemaSelect value={schema} onChange={setSchema} />}
      query={query}
      columns={columns}
      getRowId={(f) => String(f.id)}
      empty={{ title: 'No functions in this schema', description: 'Create a function to run logic in the database, call it with rpc or from a trigger.' }}
    >
      {panel ? (
        <Suspense fallback={null}>
          <FunctionPanel editing={panel.editing} schema={schema} onClose={() => setPanel(null)} />
        </Suspense>
      ) : null}
      {dropping ? <DropDialog kind="function" name={dropping.name} pending={drop.isPending} onDrop={() => drop.mutateAsync(dropping)} onClose={() => setDropping(null)} /> : null}
    </ObjectsPage>
  );
}
