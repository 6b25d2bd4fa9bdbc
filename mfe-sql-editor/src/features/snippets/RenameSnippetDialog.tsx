import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog, DialogClose, dialogFooterStyle } from '@plinth/shared-ui/dialog';
import { Button } from '@plinth/shared-ui/button';
import { Field, TextInput } from '@plinth/shared-ui/form';
import { SNIPPET_MESSAGES, SNIPPET_NAME_MAX_LENGTH, type Snippet } from '@plinth/contracts-database';
import * as z from '@plinth/shared-contracts/zod';
import { useArea, errorMessage } from '@plinth/area-kit';
import { useSnippetMutations } from '../../area/use-snippets';
import { useNameSuggestion } from './use-name-suggestion';

const RenameFormSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, SNIPPET_MESSAGES.nameRequired),
      z.maxLength(SNIPPET_NAME_MAX_LENGTH, `A query name has at most ${SNIPPET_NAME_MAX_LENGTH} characters`),
    ),
});
type RenameForm = z.infer<typeof RenameFormSchema>;

export interface RenameSnippetDialogProps {
  snippet: Snippet;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Rename with AI: the field starts with a name the API reads from the query's SQL, to accept or edit. */
  suggest?: boolean;
}

/**
 * Rename query (000 §2.10, §5.3): a required name; failures are notified with the server's message.
 * With `suggest` (Rename with AI) the proposed name fills the field once it comes; the current name
 * stays if none can be had.
 */
export function RenameSnippetDialog({ snippet, open, onOpenChange, suggest = false }: RenameSnippetDialogProps) {
  const { props } = useArea();
  const { rename } = useSnippetMutations();
  const form = useForm<RenameForm>({ resolver: zodResolver(RenameFormSchema), defaultValues: { name: snippet.name } });
  const suggestion = useNameSuggestion();
  const { mutate: askForName } = suggestion;
  const { setValue, setFocus } = form;

  useEffect(() => {
    if (!suggest) return;
    askForName(snippet.id, {
      onSuccess: (proposed) => {
        setValue('name', proposed.name, { shouldDirty: true });
        setFocus('name', { shouldSelect: true });
      },
    });
  }, [suggest, snippet.id, askForName, setValue, setFocus]);

  const hint = !suggest
    ? undefined
    : suggestion.isPending
      ? 'Proposing a name from the query…'
      : suggestion.isSuccess
        ? `Proposed from: ${suggestion.data.from}. Edit it or rename as is.`
        : suggestion.isError
          ? `No name could be proposed: ${errorMessage(suggestion.error)}`
          : undefined;

  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await rename.mutateAsync({ id: snippet.id, name });
      onOpenChange(false);
    } catch (err) {
      props.notify({ kind: 'error', message: SNIPPET_MESSAGES.renameFailed(errorMessage(err)) });
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="small"
      title="Rename query"
      footer={
        <div css={dialogFooterStyle}>
          <DialogClose asChild>
            <Button>Cancel</Button>
          </DialogClose>
          <Button variant="primary" type="submit" form={`rename-${snippet.id}`} loading={rename.isPending}>
            Rename query
          </Button>
        </div>
      }
    >
      <form id={`rename-${snippet.id}`} onSubmit={submit} noValidate>
        <Field label="Name" hint={hint} error={form.formState.errors.name?.message} required>
          <TextInput autoFocus disabled={suggest && suggestion.isPending} {...form.register('name')} />
        </Field>
      </form>
    </Dialog>
  );
}
