import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useArea } from '@plinth/area-kit';
import { Button } from '@plinth/shared-ui/button';
import { Field, TextInput } from '@plinth/shared-ui/form';
import { PlusIcon, TrashIcon } from '@plinth/shared-ui/icons';
import { SidePanel } from '@plinth/shared-ui/side-panel';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { DropDialog } from '../DropDialog';
import { rowReason, useDatabaseWrite } from '../permissions';
import { useObjectWrite } from '../queries';
import { keys } from '../../../area/query-keys';

/**
 * Create schema and Drop schema (the shown one, when it is empty and not protected) beside the
 * visualizer's title: what the schemas list offered before the page drew the schema.
 */
export function SchemaActions({ schema, isProtected, onChosen }: { schema: string; isProtected: boolean; onChosen: (schema: string) => void }) {
  const { projectRef } = useArea();
  const client = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [dropping, setDropping] = useState(false);
  const [name, setName] = useState('');
  const write = useDatabaseWrite('create schemas');
  const refreshSchemas = () => client.invalidateQueries({ queryKey: keys.schemas(projectRef) });
  const create = useObjectWrite((a, ref, n: string) => a.databaseObjects.createSchema(ref, n), { refresh: ['schemas'], success: (s) => `Created schema ${s.name}` });
  const drop = useObjectWrite((a, ref, s: string) => a.databaseObjects.dropSchema(ref, s), { refresh: ['schemas'], success: (s) => `Dropped schema ${s.name}` });
  const dropReason = rowReason(isProtected, write.reason);
  return (
    <>
      <PermissionTooltip allowed={!dropReason} message={dropReason ?? ''}>
        <Button icon={<TrashIcon />} onClick={() => setDropping(true)}>
          Drop schema
        </Button>
      </PermissionTooltip>
      <PermissionTooltip allowed={write.allowed} message={write.reason ?? ''}>
        <Button variant="primary" icon={<PlusIcon />} onClick={() => setCreating(true)}>
          Create schema
        </Button>
      </PermissionTooltip>
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
          <form
            id="schema-form"
            onSubmit={(e) => {
              e.preventDefault();
              create.mutate(name.trim(), {
                onSuccess: (made) => {
                  setCreating(false);
                  setName('');
                  void refreshSchemas();
                  onChosen(made.name);
                },
              });
            }}
          >
            <Field label="Name of schema" required>
              <TextInput value={name} onChange={(e) => setName(e.target.value)} autoFocus />
            </Field>
          </form>
        </SidePanel>
      ) : null}
      {dropping ? (
        <DropDialog
          kind="schema"
          name={schema}
          pending={drop.isPending}
          onDrop={() =>
            drop.mutateAsync(schema).then(() => {
              void refreshSchemas();
              onChosen('public');
            })
          }
          onClose={() => setDropping(false)}
        />
      ) : null}
    </>
  );
}
