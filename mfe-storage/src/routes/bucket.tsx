import { useParams } from 'react-router-dom';
import { STORAGE_MESSAGES } from '@plinth/shared-contracts';
import { ErrorPanel, LoadingState } from '@plinth/shared-ui/layout';
import { PlaceholderPage } from '@plinth/area-kit';
import { useBuckets } from '../area/use-buckets';
import { Explorer } from '../features/explorer/Explorer';

/** /storage/buckets/:bucketId: the explorer opened on one bucket. */
export default function BucketPage() {
  const { bucketId = '' } = useParams();
  const buckets = useBuckets();
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
  return <Explorer bucket={bucket} />;
}
