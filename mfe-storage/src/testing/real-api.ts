// Storage's component tests run on the real console API in-process (@plinth/area-kit's
// testing/real-api): one server per test file, shared by its tests, so each test states the
// buckets it starts from.
import type { RealApi } from '@plinth/area-kit/testing/real-api';
import type { BucketCreate } from '@plinth/contracts-storage';

/** Leaves the project with exactly these buckets (each created through the API, as a user would). */
export async function withBuckets(api: RealApi, buckets: readonly BucketCreate[] = []): Promise<void> {
  const ref = api.projectRef;
  for (const existing of await api.platform.storage.listBuckets(ref)) await api.platform.storage.deleteBucket(ref, existing.id);
  for (const bucket of buckets) await api.platform.storage.createBucket(ref, bucket);
}
