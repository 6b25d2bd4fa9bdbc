import { Suspense } from 'react';
import { lazyWithPreload } from '@plinth/area-kit';
import type { Bucket } from '@plinth/contracts-storage';

// The create/edit panel and the delete dialog (with their dialog code) are not needed to show the
// menu: they load as soon as the pointer or the keyboard focus enters the menu, or when first opened.
const BucketFormPanel = lazyWithPreload(() => import('../features/bucket-form/BucketFormPanel').then((m) => m.BucketFormPanel));
const DeleteBucketDialog = lazyWithPreload(() => import('../features/bucket-delete/DeleteBucketDialog').then((m) => m.DeleteBucketDialog));

export function loadBucketPanels() {
  void BucketFormPanel.preload();
  void DeleteBucketDialog.preload();
}

/** Which bucket panel the storage menu has open. */
export type BucketPanel = { kind: 'closed' } | { kind: 'create' } | { kind: 'edit'; bucket: Bucket } | { kind: 'delete'; bucket: Bucket };

/** The open panel of the storage menu: create or edit a bucket, or delete one. */
export function BucketPanels({ panel, onClose }: { panel: BucketPanel; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      {panel.kind === 'create' || panel.kind === 'edit' ? (
        <BucketFormPanel open bucket={panel.kind === 'edit' ? panel.bucket : null} onClose={onClose} />
      ) : null}
      {panel.kind === 'delete' ? <DeleteBucketDialog bucket={panel.bucket} onClose={onClose} /> : null}
    </Suspense>
  );
}
