import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { STORAGE_MESSAGES, type Bucket } from '@plinth/contracts-storage';
import { ConfirmByTypingDialog } from '@plinth/shared-ui/confirm-dialog';
import { useArea } from '@plinth/area-kit';
import { deleteBucketAndPolicies } from './delete-bucket';
import { keys } from '../../area/query-keys';

/** Confirm-by-typing deletion of a bucket, its files and its policies (001 §4, §5), one call to the API. */
export function DeleteBucketDialog({ bucket, onClose }: { bucket: Bucket | null; onClose: () => void }) {
  const { api, projectRef, notify } = useArea();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: (name: string) => deleteBucketAndPolicies(api, projectRef, name),
    onSuccess: async (_removed, name) => {
      notify({ kind: 'success', message: `Successfully deleted bucket ${name}` });
      onClose();
      navigate('/storage/buckets');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.buckets(projectRef) }),
        queryClient.invalidateQueries({ queryKey: keys.allPolicies(projectRef) }),
      ]);
    },
    onError: (error: Error) => {
      // The server deletes all or nothing: the bucket, its files and its policies are as they were.
      notify({ kind: 'error', message: STORAGE_MESSAGES.deleteBucketFailed(error.message) });
    },
  });

  const name = bucket?.name ?? '';
  return (
    <ConfirmByTypingDialog
      open={bucket !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Confirm deletion of ${name}`}
      description={STORAGE_MESSAGES.deleteConfirm}
      confirmValue={name}
      inputLabel={`Type ${name} to confirm.`}
      confirmLabel="Delete bucket"
      onConfirm={() => remove.mutateAsync(name)}
    >
      <p css={{ marginTop: 0 }}>
        {`Your bucket ${name} and all its contents will be permanently deleted, together with the policies on storage.objects written for it.`}
      </p>
    </ConfirmByTypingDialog>
  );
}
