// Storage's component tests run on the real console API in-process (@plinth/area-kit's
// testing/real-api): one server per test file, shared by its tests, so each test states the
// buckets, files and policies it starts from, and reads what it did back from the API.
import type { RealApi } from '@plinth/area-kit/testing/real-api';
import type { PolicyCreate } from '@plinth/contracts-database';
import type { BucketCreate } from '@plinth/contracts-storage';

/** Leaves the project with exactly these buckets (each created through the API, as a user would), and no storage policies. */
export async function withBuckets(api: RealApi, buckets: readonly BucketCreate[] = []): Promise<void> {
  const ref = api.projectRef;
  for (const existing of await api.platform.storage.listBuckets(ref)) await api.platform.storage.deleteBucket(ref, existing.id);
  await withPolicies(api);
  for (const bucket of buckets) await api.platform.storage.createBucket(ref, bucket);
}

/** A file to upload: its path in the bucket, its content and its type. */
export interface SeedFile {
  path: string;
  body?: string;
  mimetype?: string;
}

/** Uploads these files into a bucket (a folder's placeholder is a file like any other: "empty/.emptyFolderPlaceholder"). */
export async function withFiles(api: RealApi, bucketId: string, files: readonly SeedFile[]): Promise<void> {
  for (const file of files) {
    await api.platform.storage.uploadObject(api.projectRef, bucketId, file.path, new TextEncoder().encode(file.body ?? ''), { contentType: file.mimetype ?? 'text/plain' });
  }
}

/** Every file's path in a bucket (folders walked), sorted. */
export async function filePaths(api: RealApi, bucketId: string, folder = ''): Promise<string[]> {
  const out: string[] = [];
  const entries = await api.platform.storage.listObjects(api.projectRef, bucketId, { path: folder, options: { limit: 10_000 } });
  for (const entry of entries) {
    const full = folder ? `${folder}/${entry.name}` : entry.name;
    // A folder is listed without an id.
    if (entry.id === null) out.push(...(await filePaths(api, bucketId, full)));
    else out.push(full);
  }
  return out.sort();
}

/** Leaves the storage schema with exactly these policies (created through the API). */
export async function withPolicies(api: RealApi, policies: readonly Omit<PolicyCreate, 'schema'>[] = []): Promise<void> {
  const ref = api.projectRef;
  for (const existing of await api.platform.database.listPolicies(ref, 'storage')) await api.platform.database.deletePolicy(ref, existing.id);
  for (const policy of policies) await api.platform.database.createPolicy(ref, { schema: 'storage', ...policy });
}

/** The names of the policies in the storage schema, sorted. */
export async function policyNames(api: RealApi): Promise<string[]> {
  return (await api.platform.database.listPolicies(api.projectRef, 'storage')).map((p) => p.name).sort();
}
