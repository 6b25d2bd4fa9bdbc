import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, useArea } from '@plinth/area-kit';
import { Button } from '@plinth/shared-ui/button';
import { Dialog } from '@plinth/shared-ui/dialog';
import { Field, TextArea, TextInput } from '@plinth/shared-ui/form';
import { InlineNotice } from '@plinth/shared-ui/layout';
import { tokens } from '@plinth/shared-ui/theme';
import { keys } from '../../area/query-keys';

/** Saves the query page's text for the team, with a name and a description. */
export function SaveQueryDialog({ sql, onClose }: { sql: string; onClose: () => void }) {
  const { api, projectRef, notify } = useArea();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => api.logQueries.createSavedLogQuery(projectRef, { name: name.trim(), description: description.trim(), sql }),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: keys.savedLogQueries(projectRef) });
      notify({ kind: 'success', message: `Saved query "${saved.name}"` });
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setNameError('Please enter a query name');
      return;
    }
    setNameError(null);
    save.mutate();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Save query"
      description="Saved queries are shared with everyone on the project."
      footer={
        <>
          <Button type="button" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="save-log-query" variant="primary" loading={save.isPending}>
            Save
          </Button>
        </>
      }
    >
      <form id="save-log-query" noValidate onSubmit={submit} css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.md }}>
        <Field label="Name" required error={nameError}>
          <TextInput value={name} maxLength={100} autoFocus onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field label="Description" hint="Optional: what the query answers.">
          <TextArea value={description} maxLength={1000} rows={3} onChange={(e) => setDescription(e.target.value)} />
        </Field>
        {save.isError ? <InlineNotice kind="danger" title="The query was not saved">{errorMessage(save.error)}</InlineNotice> : null}
      </form>
    </Dialog>
  );
}
