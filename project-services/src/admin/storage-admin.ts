import type { ApiDeps, ProjectDatabase } from '@plinth/platform-core/deps';
import { openProjectStorage } from '../storage-engine/access';
import { deleteBucketEntirely } from '../storage-engine/bucket-deletion';
import { createBucket, getBucket, listBuckets, mimeAllowed, updateBucket } from '../storage-engine/buckets';
import { getStorageConfig, setStorageConfig } from '../storage-engine/config';
import { deleteFolder, moveFolder } from '../storage-engine/folders';
import { listFolderPage } from '../storage-engine/list-page';
import { deleteObjects, emptyBucket, listFolder, moveObject, readObject, requireObject, touchObject, uploadObject } from '../storage-engine/objects';
import { cacheControlOf, contentTypeOf, mountResumable, objectNameOf, scheduleResumableExpiry } from '../storage-engine/resumable';
import { objectHeaders } from '../storage-engine/serving';
import { encodeObjectPath, projectSigningSecret, signObjectToken } from '../storage-engine/signing';
import { scheduleUploadRecovery } from '../storage-engine/uploads';
import { transformCacheAt } from '../storage/image-transform';
import { imageCacheDir } from '../storage/render';
import type { ProjectStorage, StorageAdmin } from './contracts';

export type StorageAdminDeps = Pick<ApiDeps, 'control' | 'databases' | 'objects'> & { dataDir?: string };

/**
 * The console's StorageAdmin: the storage engine with the database owner's privileges (storage
 * policies govern a project's end users, not its members), the bytes in the object store.
 */
export function createStorageAdmin(deps: StorageAdminDeps): StorageAdmin {
  const { control, objects } = deps;
  /** The database behind each project storage handed out, for the resumable engine's writer. */
  const databaseOf = new WeakMap<ProjectStorage, ProjectDatabase>();

  const projectStorage = (ref: string, db: ProjectDatabase): ProjectStorage => {
    const storage: ProjectStorage = {
      ref,
      buckets: () => listBuckets(db),
      bucket: (id) => getBucket(db, id),
      createBucket: (input, ownerId) => createBucket(db, input, ownerId),
      updateBucket: (id, change) => updateBucket(db, id, change),
      emptyBucket: (id) => emptyBucket(db, objects, ref, id),
      deleteBucket: (id) => deleteBucketEntirely(db, objects, ref, id),
      list: (bucketId, options) => listFolder(db, bucketId, options),
      listPage: (bucketId, body) => listFolderPage(db, bucketId, body),
      object: (bucketId, path) => requireObject(db, bucketId, path),
      move: (bucketId, from, to) => moveObject(db, bucketId, from, to),
      moveFolder: (bucketId, from, to) => moveFolder(db, bucketId, from, to),
      deleteObjects: (bucketId, paths) => deleteObjects(db, objects, ref, bucketId, paths),
      deleteFolder: (bucketId, folder) => deleteFolder(db, objects, ref, bucketId, folder),
      async download(bucketId, path) {
        const { obj, file } = await readObject(db, objects, ref, bucketId, path);
        await touchObject(db, bucketId, path);
        const { 'cache-control': _cache, ...headers } = objectHeaders({ mimetype: obj.metadata?.mimetype, name: path, attachment: true, size: file.size });
        return { size: file.size, headers, body: file };
      },
      upload: (input) => uploadObject(db, objects, { ref, ...input }),
      publicPath: (bucketId, path) => `/storage/v1/object/public/${encodeURIComponent(bucketId)}/${encodeObjectPath(path)}`,
      async signedPath(bucketId, path, expiresIn) {
        const secret = await projectSigningSecret(control, ref);
        const exp = Math.floor(Date.now() / 1000) + expiresIn;
        const token = await signObjectToken({ ref, bucket: bucketId, path, exp }, secret);
        return `/storage/v1/object/sign/${encodeURIComponent(bucketId)}/${encodeObjectPath(path)}?token=${token}`;
      },
    };
    databaseOf.set(storage, db);
    return storage;
  };

  return {
    project: async (ref) => projectStorage(ref, await openProjectStorage(deps, ref)),
    config: (ref, organizationId) => getStorageConfig(control, ref, organizationId),
    setConfig: (ref, organizationId, fileSizeLimit) => setStorageConfig(control, ref, organizationId, fileSizeLimit),
    mimeAllowed: (allowed, mime) => mimeAllowed(allowed, mime),
    forgetProject: async (ref) => (deps.dataDir ? transformCacheAt(imageCacheDir(deps.dataDir)).forgetProject(ref) : undefined),
    uploadMetadata: (metadata) => ({ objectName: objectNameOf(metadata), contentType: contentTypeOf(metadata), cacheControl: cacheControlOf(metadata) }),
    mountResumable(app, mount) {
      mountResumable(app, deps, {
        path: mount.path,
        params: mount.params,
        caller: (req) => mount.caller(req),
        claim: (req, caller) => mount.claim(req, caller),
        check: (req, caller, upload) => mount.check(req, caller, upload),
        writer(caller) {
          const { storage, ownerId } = mount.writer(caller);
          const db = databaseOf.get(storage);
          if (!db) throw new Error('A resumable upload is written through a project storage this StorageAdmin opened');
          return { db, ownerId };
        },
      });
    },
    scheduleSweeps(app, jobs) {
      scheduleUploadRecovery(app, deps);
      scheduleResumableExpiry(jobs, deps);
    },
  };
}
