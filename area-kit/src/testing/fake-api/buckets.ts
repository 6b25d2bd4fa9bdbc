import type { Policy } from '@plinth/contracts-database';
import { BucketDeletedSchema, BucketSchema, MessageAnswerSchema, STORAGE_API_MESSAGES, StorageConfigSchema, type Bucket, type createStorageClient, type StorageConfig } from '@plinth/contracts-storage';
import { answer, answerEach, refuse, type Handlers } from './fake-client';

type StorageClient = ReturnType<typeof createStorageClient>;

export interface BucketsState {
  buckets: Bucket[];
  /** Objects held per bucket id: emptying sets 0, deleting the bucket removes them with it. */
  objects: Record<string, number>;
  storageConfig: StorageConfig;
}

export const DEFAULT_STORAGE_CONFIG: StorageConfig = { fileSizeLimit: 52_428_800, isFreeTier: false };

const NOW = '2026-01-01T00:00:00Z';

/** A bucket as the API lists it; the name is its id. */
export function bucket(name: string, over: Partial<Bucket> = {}): Bucket {
  return answer(BucketSchema, {
    id: name,
    name,
    owner: null,
    public: false,
    file_size_limit: null,
    allowed_mime_types: null,
    created_at: NOW,
    updated_at: NOW,
    ...over,
  });
}

/** Buckets and the project's storage configuration (001 §4), as the storage API answers them. */
export function bucketHandlers(state: BucketsState & { policies: Policy[] }): Handlers<StorageClient> {
  const find = (id: string) => state.buckets.find((b) => b.id === id) ?? refuse(404, STORAGE_API_MESSAGES.bucketNotFound(id));
  return {
    listBuckets: () => answerEach(BucketSchema, state.buckets),
    getBucket: (_ref, id) => answer(BucketSchema, find(id)),
    createBucket: (_ref, body) => {
      if (state.buckets.some((b) => b.id === body.id)) refuse(409, STORAGE_API_MESSAGES.bucketExists(body.id), 'BUCKET_EXISTS');
      const created = bucket(body.id, { public: body.public ?? false, file_size_limit: body.file_size_limit ?? null, allowed_mime_types: body.allowed_mime_types ?? null });
      state.buckets.push(created);
      return created;
    },
    updateBucket: (_ref, id, body) => {
      const next = answer(BucketSchema, { ...find(id), ...body });
      state.buckets = state.buckets.map((b) => (b.id === id ? next : b));
      return next;
    },
    emptyBucket: (_ref, id) => {
      find(id);
      state.objects[id] = 0;
      return answer(MessageAnswerSchema, { message: 'Successfully emptied' });
    },
    // As the API does in one operation: the bucket, its objects and the storage.objects policies whose bucketIds name it alone.
    deleteBucket: (_ref, id) => {
      find(id);
      const deletedObjects = state.objects[id] ?? 0;
      const dropped = state.policies.filter((p) => p.schema === 'storage' && p.table === 'objects' && p.bucketIds?.length === 1 && p.bucketIds[0] === id);
      state.buckets = state.buckets.filter((b) => b.id !== id);
      state.objects[id] = 0;
      state.policies = state.policies.filter((p) => !dropped.includes(p));
      return answer(BucketDeletedSchema, { message: `Deleted bucket ${id}`, deletedObjects, droppedPolicies: dropped.map((p) => p.name) });
    },
    getStorageConfig: () => answer(StorageConfigSchema, state.storageConfig),
    updateStorageConfig: (_ref, body) => {
      state.storageConfig = answer(StorageConfigSchema, { ...state.storageConfig, ...body });
      return state.storageConfig;
    },
  };
}
