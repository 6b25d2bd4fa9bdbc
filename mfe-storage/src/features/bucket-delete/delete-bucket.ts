import type { Policy } from '@plinth/shared-contracts';
import type { StorageApi } from '../../api';

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Whether a storage.objects policy is tied to a bucket: its USING or WITH CHECK expression compares
 * bucket_id with the bucket's quoted name (as the policy editor writes it, with or without ::text).
 */
export function isPolicyOfBucket(policy: Policy, bucketName: string): boolean {
  if (policy.schema !== 'storage' || policy.table !== 'objects') return false;
  const quoted = `'${bucketName.replace(/'/g, "''")}'`;
  const pattern = new RegExp(`bucket_id\\s*=\\s*${escapeRegExp(quoted)}(?:::text)?`);
  return [policy.definition, policy.check].some((expression) => expression !== null && pattern.test(expression));
}

/**
 * Bucket deletion (001 §4): empty the bucket, delete it, then delete the storage.objects policies
 * tied to it. Returns the names of the policies removed.
 */
export async function deleteBucketAndPolicies(api: StorageApi, projectRef: string, bucketName: string): Promise<string[]> {
  if (!projectRef) throw new Error('projectRef is required');
  if (!bucketName) throw new Error('Bucket name is requried');
  await api.storage.emptyBucket(projectRef, bucketName);
  await api.storage.deleteBucket(projectRef, bucketName);
  const policies = await api.database.listPolicies(projectRef, 'storage');
  const tied = policies.filter((policy) => isPolicyOfBucket(policy, bucketName));
  for (const policy of tied) await api.database.deletePolicy(projectRef, policy.id);
  return tied.map((policy) => policy.name);
}
