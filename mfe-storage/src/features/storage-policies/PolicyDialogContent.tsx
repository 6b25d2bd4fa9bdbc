import { errorMessage, useArea } from '@plinth/area-kit';
import { STORAGE_POLICY_MESSAGES } from '@plinth/contracts-storage';
import { ConfirmByTypingDialog } from '@plinth/shared-ui/confirm-dialog';
import type { StoragePolicyDialog } from './policy-dialog';
import { StoragePolicyDialog as PolicyDialog } from './StoragePolicyDialog';
import { useRoles, useStoragePolicyWrites } from './queries';
import { storagePolicyTemplates } from './storage-templates';

/** Columns completed in the expression fields. */
const COLUMNS = { objects: ['bucket_id', 'name', 'owner', 'metadata', 'created_at', 'updated_at', 'last_accessed_at'], buckets: ['id', 'name', 'owner', 'public', 'file_size_limit', 'allowed_mime_types', 'created_at', 'updated_at'] };

/** The open dialog of the storage policies page: the storage policy dialog (new or edit) or the typed delete confirmation. */
export function PolicyDialogContent({ dialog, onClose }: { dialog: Exclude<StoragePolicyDialog, { kind: 'closed' }>; onClose: () => void }) {
  const { notify } = useArea();
  const writes = useStoragePolicyWrites();
  const roles = useRoles(dialog.kind === 'editor');

  if (dialog.kind === 'editor') {
    const { table, bucketId, policy } = dialog;
    return (
      <PolicyDialog
        table={table}
        bucketId={bucketId}
        columns={COLUMNS[table]}
        policy={policy}
        roles={roles.data ?? []}
        templates={bucketId === null ? [] : storagePolicyTemplates(bucketId)}
        onCreate={writes.createAll}
        onUpdate={writes.update}
        onSaved={() => notify({ kind: 'success', message: STORAGE_POLICY_MESSAGES.saved })}
        onError={(message) => notify({ kind: 'error', message })}
        onClose={onClose}
      />
    );
  }

  const { policy } = dialog;
  return (
    <ConfirmByTypingDialog
      open
      onOpenChange={(open) => { if (!open) onClose(); }}
      title={`Delete policy ${policy.name}`}
      description={`The policy will be removed from ${policy.schema}.${policy.table}. This action cannot be undone.`}
      confirmValue={policy.name}
      inputLabel={`Type ${policy.name} to confirm`}
      confirmLabel="Delete policy"
      variant="danger"
      loading={writes.remove.isPending}
      onConfirm={() =>
        writes.remove.mutateAsync(policy.id).then(
          () => {
            notify({ kind: 'success', message: STORAGE_POLICY_MESSAGES.deleted });
            onClose();
          },
          (err) => notify({ kind: 'error', message: STORAGE_POLICY_MESSAGES.deleteFailed(errorMessage(err)) }),
        )
      }
    />
  );
}
