import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import * as z from '@plinth/shared-contracts/zod';
import { SavedLogQueryCreateSchema, type SavedLogQuery } from '@plinth/contracts-logs';
import { errorMessage } from '@plinth/area-kit';
import { Button } from '@plinth/shared-ui/button';
import { Dialog } from '@plinth/shared-ui/dialog';
import { Field, TextArea, TextInput } from '@plinth/shared-ui/form';
import { InlineNotice } from '@plinth/shared-ui/layout';
import { tokens } from '@plinth/shared-ui/theme';

/** A saved query's name and description, checked with the contracts' rules before they are sent. */
const DetailsSchema = z.pick(SavedLogQueryCreateSchema, { name: true, description: true });
export interface QueryDetails {
  name: string;
  description: string;
}

export interface QueryDetailsDialogProps {
  title: string;
  description?: string;
  /** The form's id (the footer's submit button names it). */
  formId: string;
  initial?: QueryDetails;
  /** Sends the details; the dialog shows the refusal when it fails. */
  save: (details: QueryDetails) => Promise<SavedLogQuery>;
  onSaved: (saved: SavedLogQuery) => void;
  onClose: () => void;
}

/** Name and description of a saved query: saving the query page's text, or editing a saved one. */
export function QueryDetailsDialog({ title, description: about, formId, initial, save, onSaved, onClose }: QueryDetailsDialogProps) {
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const send = useMutation({ mutationFn: save, onSuccess: onSaved });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = DetailsSchema.safeParse({ name, description: description.trim() });
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? 'Please enter a query name');
      return;
    }
    setNameError(null);
    send.mutate({ name: parsed.data.name, description: parsed.data.description ?? '' });
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={title}
      description={about}
      footer={
        <>
          <Button type="button" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="primary" loading={send.isPending}>
            Save
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.md }}>
        <Field label="Name" required error={nameError}>
          <TextInput value={name} maxLength={100} autoFocus onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field label="Description" hint="Optional: what the query answers.">
          <TextArea value={description} maxLength={1000} rows={3} onChange={(e) => setDescription(e.target.value)} />
        </Field>
        {send.isError ? <InlineNotice kind="danger" title="The query was not saved">{errorMessage(send.error)}</InlineNotice> : null}
      </form>
    </Dialog>
  );
}
