import { lazyWithPreload } from '@plinth/area-kit';
import { STORAGE_MESSAGES } from '@plinth/contracts-storage';
import { LoadingSkeleton } from '@plinth/shared-ui/page';
import { Suspense } from 'react';

// Its own chunk: the explorer and bucket pages do not carry the policies page.
const StoragePolicies = lazyWithPreload(() => import(/* webpackChunkName: "storage-policies" */ '../features/storage-policies/StoragePolicies').then((m) => m.StoragePolicies));

/** /storage/policies: policies on storage.objects by bucket, the other ones, and those on storage.buckets. */
export default function StoragePoliciesPage() {
  return (
    <Suspense fallback={<LoadingSkeleton label={STORAGE_MESSAGES.storagePoliciesHeading} rows={6} shape="card" />}>
      <StoragePolicies />
    </Suspense>
  );
}
