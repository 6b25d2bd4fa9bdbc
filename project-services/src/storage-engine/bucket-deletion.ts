import { STORAGE_API_MESSAGES, type BucketDeleted } from '@plinth/contracts-storage';
import { HttpError, type ObjectStore, type ProjectDatabase } from '@plinth/platform-core/deps';
import { quoteIdent } from '@plinth/platform-core/database-error';
import { policyBucketIds } from '@plinth/platform-core/common/policy-buckets';

// Bucket deletion (001 §4) as one operation on the server: the bucket's objects, the bucket and
// the storage.objects policies written for it alone go in one transaction, so a closed tab or a
// failure half way leaves everything as it was. The objects' bytes are removed after the commit
// (bytes without a row are never served; rows without bytes would be).

const BYTES_BATCH = 1000;

/**
 * Deletes a bucket with its objects and the policies on storage.objects attributed to it alone
 * (a policy that also names other buckets is kept). 404 for an unknown bucket.
 */
export async function deleteBucketEntirely(db: ProjectDatabase, objects: ObjectStore, ref: string, bucketId: string): Promise<BucketDeleted> {
  const done = await db.transaction(async (tx) => {
    const bucket = await tx.query('select id from storage.buckets where id = $1 for update', [bucketId]);
    if (!bucket.rows.length) throw new HttpError(404, STORAGE_API_MESSAGES.bucketNotFound(bucketId), 'NOT_FOUND');
    const removed = await tx.query<{ id: string }>('delete from storage.objects where bucket_id = $1 returning id::text as id', [bucketId]);
    await tx.query('delete from storage.buckets where id = $1', [bucketId]);
    const policies = await tx.query<{ name: string; qual: string | null; with_check: string | null }>(
      `select policyname::text as name, qual, with_check from pg_policies where schemaname = 'storage' and tablename = 'objects' order by policyname`,
    );
    const dropped: string[] = [];
    for (const p of policies.rows) {
      const buckets = await policyBucketIds(p.qual, p.with_check);
      if (buckets.length !== 1 || buckets[0] !== bucketId) continue;
      await tx.query(`drop policy ${quoteIdent(p.name)} on storage.objects`);
      dropped.push(p.name);
    }
    return { objectIds: removed.rows.map((r) => r.id), dropped };
  });
  for (let i = 0; i < done.objectIds.length; i += BYTES_BATCH) await objects.delete(ref, done.objectIds.slice(i, i + BYTES_BATCH));
  return {
    message: `Deleted bucket ${bucketId}`,
    deletedObjects: done.objectIds.length,
    droppedPolicies: done.dropped,
  };
}
