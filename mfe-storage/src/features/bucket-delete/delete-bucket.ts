import type { BucketDeleted } from '@plinth/contracts-storage';
import type { StorageApi } from '../../api';

/**
 * Bucket deletion (001 §4) in one call: the server empties the bucket, deletes it and drops the
 * storage.objects policies written for it, in one operation (a closed tab leaves nothing half done).
 */
export async function deleteBucketAndPolicies(api: StorageApi, projectRef: string, bucketName: string): Promise<BucketDeleted> {
  if (!projectRef) throw new Error('projectRef is required');
  if (!bucketName) throw new Error('Bucket name is requried');
  return api.storage.deleteBucket(projectRef, bucketName);
}
