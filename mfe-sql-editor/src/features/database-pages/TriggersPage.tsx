import { Suspense, useState } from 'react';
import type { DatabaseTrigger } from '@plinth/contracts-database';
import { lazyWithPreload, RowActions } from '@plinth/area-kit';
import { Button } from '@plinth/shared-ui/button';
import type { DataTableColumn } from '@plinth/shared-ui/data-table';
import { PlusIcon, TrashIcon } from '@plinth/shared-ui/icons';
import { StatusBadge } from '@plinth/shared-ui/layout';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { DropDialog } from './DropDialog';
import { Code, ObjectsPage } from './ObjectsPage';
import { rowReason, useDatabaseWrite } from './permissions';
import { useObjects, useObjectWrite } from './queries';
import { SchemaSelect } from './SchemaSelect';

const TriggerPanel = lazyWithPreload(() => import('./TriggerPanel').then((m) => m.default));

/** database/triggers: triggers on the schema's tables; create, enable or disable, drop. */
export function TriggersPage() {
  const [schema, setSchema] = useState('public');
  const [creating, setCreating] = useState(false);
  const [dropping, setDropping] = useState<DatabaseTrigger | null>(null);
  const write = useDatabaseWrite('create triggers');
  const query = useObjects('triggers', (api, ref) => api.databaseObjects.listTriggers(ref, { schema }), schema);
  const toggle = useObjectWrite((api, ref, t: DatabaseTrigger) => api.databaseObjects.setTriggerEnabled(ref, t.id, !t.enabled), { refresh: ['triggers'], success: (t) => `Trigger ${t.name} ${t.enabled ? 'enabled' : 'disabled'}` });
  const drop = useObjectWrite((api, ref, t: DatabaseTrigger) => api.databaseObjects.dropTrigger(ref, t.id), { refresh: ['triggers'], success: (t) => `Dropped trigger ${t.name}` });

  const columns: DataTableColumn<DatabaseTrigger>[] = [
    { key: 'name', header: 'Name', width: 'minmax(120px, 1fr)', cell: (t) => <Code>{t.name}</Code>, sortValue: (t) => t.name },
    { key: 'table', header: 'Table', width: 'minmax(100px, 1fr)', cell: (t) => t.table, sortValue: (t) => t.table },
    { key: 'function', header: 'Function', width: 'minmax(120px, 1fr)', cell: (t) => <Code>{`${t.functionSchema}.${t.functionName}()`}</Code> },
    { key: 'events', header: 'Events', width: 'minmax(140px, 1.2fr)', cell: (t) => `${t.timing} ${t.events.join(' OR ')}` },
    { key: 'orientation', header: 'For each', width: '100px', cell: (t) => t.orientation },
    { key: 'enabled', header: 'Status', width: '100px', cell: (t) => <StatusBadge tone={t.enabled ? 'success' : 'neutral'}>{t.enabled ? 'Enabled' : 'Disabled'}</StatusBadge> },
    {
      key: 'actions',
      header: 'Actions',
      width: '72px',
      cell: (t) => (
        <RowActions
          label={`Actions for trigger ${t.name}`}
          disabledReason={rowReason(t.protected, write.reason)}
          actions={[
            { label: t.enabled ? 'Disable trigger' : 'Enable trigger', onSelect: () => toggle.mutate(t) },
            { label: 'Drop trigger', icon: <TrashIcon />, danger: true, onSelect: () => setDropping(t) },
          ]}
        />
      ),
    },
  ];

  return (
    <ObjectsPage
      title="Database Triggers"
      description="Triggers run a function when rows of a table are inserted, updated or deleted."
      actions={
        <PermissionTooltip allowed={write.allowed} message={write.reason ?? ''}>
          <Button variant="primary" icon={<PlusIcon />} onPointerEnter={() => void TriggerPanel.preload()} onClick={() => setCreating(true)}>
            Create a new trigger
          </Button>
        </PermissionTooltip>
      }
      toolbar={<SchemaSelect value={schema} onChange={setSchema} />}
      query={query}
      columns={columns}
      getRowId={(t) => String(t.id)}
      empty={{ title: 'No triggers in this schema', description: 'Create a trigger to run a function whenever rows of a table change.' }}
    >
      {creating ? (
        <Suspense fallback={null}>
          <TriggerPanel schema={schema} onClose={() => setCreating(false)} />
        </Suspense>
      ) : null}
      {dropping ? <DropDialog kind="trigger" name={dropping.name} pending={drop.isPending} onDrop={() => drop.mutateAsync(dropping)} onClose={() => setDropping(null)} /> : null}
    </ObjectsPage>
  );
}
