import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryKeys, type DatabaseSchema } from '@plinth/shared-contracts';
import { RowActions, useArea } from '@plinth/area-kit';
import { Button } from '@plinth/shared-ui/button';
import type { DataTableColumn } from '@plinth/shared-ui/data-table';
import { Field, TextInput } from '@plinth/shared-ui/form';
import { PlusIcon, TrashIcon } from '@plinth/shared-ui/icons';
import { StatusBadge } from '@plinth/shared-ui/layout';
import { SidePanel } from '@plinth/shared-ui/side-panel';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { DropDialog } from './DropDialog';
import { Code, ObjectsPage } from './ObjectsPage';
import { rowReason, useDatabaseWrite } from './permissions';
import { useObjectWrite } from './queries';

/** database/schemas: the project's schemas (protected ones marked); create and drop an empty one. */
export function SchemasPage() {
  const { api, projectRef } = useArea();
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [dropping, setDropping] = useState<DatabaseSchema | null>(null);
  const write = useDatabaseWrite('create schemas');
  const query = useQuery({ queryKey: [...queryKeys.schemas(projectRef), 'all'], queryFn: () => api.database.listSchemas(projectRef, true) });
  const refresh = () => void query.refetch();
  const create = useObjectWrite((a, ref, n: string) => a.databaseObjects.createSchema(ref, n), { refresh: ['schemas'], success: (s) => `Created schema ${s.name}` });
  const drop = useObjectWrite((a, ref, s: DatabaseSchema) => a.databaseObjects.dropSchema(ref, s.name), { refresh: ['schemas'], success: (s) => `Dropped schema ${s.name}` });
  const columns: DataTableColumn<DatabaseSchema>[] = [
    { key: 'name', header: 'Name', width: 'minmax(160px, 2fr)', cell: (s) => <Code>{s.name}</Code>, sortValue: (s) => s.name },
    { key: 'owner', header: 'Owner', width: 'minmax(120px, 1fr)', cell: (s) => s.owner, sortValue: (s) => s.owner },
    { key: 'protected', header: 'Kind', width: '130px', cell: (s) => (s.protected ? <StatusBadge tone="neutral">Protected</StatusBadge> : 'User schema') },
    {
      key: 'actions',
      header: 'Actions',
      width: '72px',
      cell: (s) => (
        <RowActions label={`Actions for schema ${s.name}`} disabledReason={rowReason(s.protected, write.reason)} actions={[{ label: 'Drop schema', icon: <TrashIcon />, danger: true, onSelect: () => setDropping(s) }]} />
      ),
    },
  ];
  return (
    <ObjectsPage
      title="Database Schemas"
      description="Schemas group tables, views and functions. The platform's own schemas are protected; an empty schema of yours can be dropped."
      actions={
        <PermissionTooltip allowed={write.allowed} message={write.reason ?? ''}>
          <Button variant="primary" icon={<PlusIcon />} onClick={() => setCreating(true)}>
            Create schema
          </Button>
        </PermissionTooltip>
      }
      query={query}
      columns={columns}
      getRowId={(s) => String(s.id)}
      empty={{ title: 'No schemas', description: 'Create a schema to group tables apart from public.' }}
    >
      {creating ? (
        <SidePanel
          open
          onOpenChange={(open) => (open ? undefined : setCreating(false))}
          title="Create a schema"
          confirmText="Create schema"
          confirmDisabled={!name.trim()}
          confirmLoading={create.isPending}
          formId="schema-form"
        >
          <form id="schema-form" onSubmit={(e) => { e.preventDefault(); create.mutate(name.trim(), { onSuccess: () => { setCreating(false); setName(''); refresh(); } }); }}>
            <Field label="Name of schema" required>
              <TextInput value={name} onChange={(e) => setName(e.target.value)} autoFocus />
            </Field>
          </form>
        </SidePanel>
      ) : null}
      {dropping ? <DropDialog kind="schema" name={dropping.name} pending={drop.isPending} onDrop={() => drop.mutateAsync(dropping).then(refresh)} onClose={() => setDropping(null)} /> : null}
    </ObjectsPage>
  );
}
