import { PlaceholderPage } from '@plinth/area-kit';

/** /storage/buckets: where the user lands, and is sent back to after deleting a bucket. */
export default function BucketsPage() {
  return (
    <PlaceholderPage title="All buckets" description="Files of the project, grouped in buckets.">
      <p css={{ margin: 0 }}>Choose a bucket in the menu to browse its files, or create a new one.</p>
    </PlaceholderPage>
  );
}
