import { STORAGE_API_MESSAGES } from '@plinth/contracts-storage';
import { HttpError, type ApiDeps } from '@plinth/platform-core/deps';
import { getBucket } from '../storage-engine/buckets';
import { requireObject } from '../storage-engine/objects';
import { ownerOf, type StorageContext } from './context';
import { StorageError } from './errors';
import { checkMime, tooLarge, uploadLimit } from './uploads';

// An object moved to another bucket (storage-js's move() with destinationBucket). The bytes stay
// under the object's id; its row changes bucket and name, in one transaction as the caller: the
// source must be visible (SELECT), the destination's INSERT policy must let the new row in (tried
// under a savepoint, then rolled back), and the UPDATE policy must allow the change, old row and
// new. The destination bucket's size limit and MIME types apply.

export async function moveAcrossBuckets(deps: ApiDeps, ctx: StorageContext, from: { bucket: string; key: string }, to: { bucket: string; key: string }): Promise<void> {
  await getBucket(ctx.db, from.bucket);
  const target = await getBucket(ctx.db, to.bucket);
  const source = await requireObject(ctx.asCaller, from.bucket, from.key);
  if (!source.metadata) throw new StorageError(404, 'not_found', STORAGE_API_MESSAGES.objectNotFound(from.key));
  const maxBytes = await uploadLimit(deps, ctx.caller.ref, target.file_size_limit);
  if (Number(source.metadata.size ?? 0) > maxBytes) throw tooLarge(maxBytes);
  checkMime(target.allowed_mime_types, String(source.metadata.mimetype ?? 'application/octet-stream'));
  if (await requireObject(ctx.db, to.bucket, to.key).catch(() => null)) throw new StorageError(409, 'Duplicate', STORAGE_API_MESSAGES.objectExists(to.key));
  await ctx.asCaller.transaction(async (tx) => {
    if (ctx.caller.role !== 'service_role') {
      await tx.query('savepoint move_insert_check');
      await tx.query('insert into storage.objects (bucket_id, name, owner, metadata) values ($1, $2, $3, null)', [to.bucket, to.key, ownerOf(ctx.caller)]);
      await tx.query('rollback to savepoint move_insert_check');
    }
    const moved = await tx.query('update storage.objects set bucket_id = $3, name = $4, updated_at = now() where bucket_id = $1 and name = $2', [from.bucket, from.key, to.bucket, to.key]);
    if (moved.affectedRows !== 1) throw new HttpError(404, STORAGE_API_MESSAGES.objectNotFound(from.key), 'NOT_FOUND');
  });
}
