import { useParams } from 'react-router-dom';
import { STORAGE_MESSAGES } from '@plinth/contracts-storage';
import { ErrorPanel, LoadingState } from '@plinth/shared-ui/layout';
import { lazyWithPreload, PlaceholderPage } from '@plinth/area-kit';
import { Suspense } from 'react';
import { LoadingSkeleton } from '@plinth/shared-ui/page';
import { useBuckets } from '../area/use-buckets';

// The explorer is the heaviest part of the area: it loads with this page only, not with the others.
const Explorer = lazyWithPreload(() => import(/* webpackChunkName: "storage-explorer" */ '../features/explorer/Explorer').then((m) => m.Explorer));

/** /storage/buckets/:bucketId: the explorer opened on one bucket. */
export default function BucketPage() {
  const { bucketId = '' } = useParams();
  const buckets = useBuckets();
  void Explorer.preload();
  if (buckets.isPending) return <LoadingState label="Loading bucket…" />;
  if (buckets.isError) return <ErrorPanel title="Buckets unavailable" message={STORAGE_MESSAGES.fetchBucketsFailed} onRetry={() => void buckets.refetch()} />;
  const bucket = buckets.data.find((b) => b.id === bucketId);
  if (!bucket) {
    return (
      <PlaceholderPage title="Bucket not found">
        <p css={{ margin: 0 }}>{`There is no bucket named "${bucketId}" in this project.`}</p>
      </PlaceholderPage>
    );
  }
  return (
    <Suspense fallback={<LoadingSkeleton label="Loading explorer" rows={6} />}>
      <Explorer bucket={bucket} />
    </Suspense>
  );
}
