import { useMutation, useQueryClient } from '@tanstack/react-query';
import { STORAGE_MESSAGES, type Bucket, type BucketCreate, type BucketUpdate } from '@plinth/contracts-storage';
import { useArea } from '@plinth/area-kit';
import { keys } from '../../area/query-keys';

/** Creating and updating a bucket, with the spec's failure notices (000 §8). */
export function useBucketMutations() {
  const { api, projectRef, notify } = useArea();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.buckets(projectRef) });

  const create = useMutation({
    mutationFn: (body: BucketCreate) => api.storage.createBucket(projectRef, body),
    onSuccess: async (bucket: Bucket) => {
      notify({ kind: 'success', message: `Successfully created bucket ${bucket.name}` });
      await refresh();
    },
    onError: (error: Error) => notify({ kind: 'error', message: STORAGE_MESSAGES.createBucketFailed(error.message) }),
  });

  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: BucketUpdate }) => api.storage.updateBucket(projectRef, id, body),
    onSuccess: async (bucket: Bucket) => {
      notify({ kind: 'success', message: `Successfully updated bucket ${bucket.name}` });
      await refresh();
    },
    onError: (error: Error) => notify({ kind: 'error', message: STORAGE_MESSAGES.updateBucketFailed(error.message) }),
  });

  return { create, update };
}
