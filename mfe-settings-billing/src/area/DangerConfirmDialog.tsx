import type { ReactElement, ReactNode } from 'react';
import { Button } from '@plinth/shared-ui/button';
import { Dialog, DialogClose } from '@plinth/shared-ui/dialog';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';

/**
 * A destructive action behind its confirmation (delete a secret, revoke a token): the trigger opens
 * a dialog that says what goes, with Cancel and the danger button. Without the permission the
 * trigger shows disabled with the permission notice, and no dialog opens.
 */
export function DangerConfirmDialog(p: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  trigger: ReactElement;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  /** Absent: allowed. */
  denied?: string;
}) {
  if (p.denied) {
    return (
      <PermissionTooltip allowed={false} message={p.denied}>
        {p.trigger}
      </PermissionTooltip>
    );
  }
  return (
    <Dialog
      open={p.open}
      onOpenChange={p.onOpenChange}
      title={p.title}
      description={p.description}
      trigger={p.trigger}
      footer={
        <>
          <DialogClose asChild>
            <Button>Cancel</Button>
          </DialogClose>
          <Button variant="danger" loading={p.pending} onClick={p.onConfirm}>
            {p.confirmLabel}
          </Button>
        </>
      }
    />
  );
}
