import { ConfirmByTypingDialog } from '@plinth/shared-ui/confirm-dialog';

/** Dropping a database object: its name typed to confirm. */
export function DropDialog({ kind, name, onDrop, onClose, pending }: { kind: string; name: string; onDrop: () => Promise<unknown>; onClose: () => void; pending: boolean }) {
  return (
    <ConfirmByTypingDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Drop ${kind} ${name}`}
      description={`The ${kind} is dropped from the database for good. Postgres refuses if other objects still depend on it.`}
      confirmValue={name}
      inputLabel={`Type ${name} to confirm`}
      confirmLabel={`Drop ${kind}`}
      variant="danger"
      loading={pending}
      onConfirm={() => onDrop().then(onClose, () => undefined)}
    />
  );
}
