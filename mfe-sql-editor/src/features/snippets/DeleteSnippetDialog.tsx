import { Dialog, DialogClose, dialogFooterStyle } from '@plinth/shared-ui/dialog';
import { Button } from '@plinth/shared-ui/button';
import { SNIPPET_MESSAGES, type Snippet } from '@plinth/contracts-database';
import { useArea, errorMessage } from '@plinth/area-kit';
import { useSnippetMutations } from '../../area/use-snippets';

export interface DeleteSnippetDialogProps {
  snippet: Snippet;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once the query is gone (deleted now, or already missing on the server). */
  onDeleted: (snippet: Snippet) => void;
}

/** Delete query (000 §2.10, §6, §8). A project query warns that it disappears for the whole team. */
export function DeleteSnippetDialog({ snippet, open, onOpenChange, onDeleted }: DeleteSnippetDialogProps) {
  const { props } = useArea();
  const { remove } = useSnippetMutations();

  const confirm = async () => {
    try {
      await remove.mutateAsync(snippet.id);
      onOpenChange(false);
      onDeleted(snippet);
    } catch (err) {
      props.notify({ kind: 'error', message: SNIPPET_MESSAGES.deleteFailed(errorMessage(err)) });
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="small"
      title="Confirm to delete query"
      dismissible={!remove.isPending}
      footer={
        <div css={dialogFooterStyle}>
          <DialogClose asChild>
            <Button disabled={remove.isPending}>Cancel</Button>
          </DialogClose>
          <Button variant="danger" loading={remove.isPending} onClick={confirm}>
            Delete query
          </Button>
        </div>
      }
    >
      <p>
        This will delete the query <strong>{snippet.name}</strong>. This cannot be undone.
      </p>
      {snippet.visibility === 'project' ? <p role="alert">{SNIPPET_MESSAGES.projectSnippetDeleteWarning}</p> : null}
    </Dialog>
  );
}
