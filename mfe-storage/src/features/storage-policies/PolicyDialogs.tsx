import { lazyWithPreload } from '@plinth/area-kit';
import type { Policy } from '@plinth/contracts-database';
import { Suspense } from 'react';

// The storage policy dialog and the delete confirmation load in their own chunk:
// on pointer or focus near the buttons that open them, or when first opened.
const PolicyDialogContent = lazyWithPreload(() => import('./PolicyDialogContent').then((m) => m.PolicyDialogContent));

export const preloadPolicyDialogs = () => void PolicyDialogContent.preload();

/** Which dialog of the storage policies page is open; `bucketId` is the bucket a new policy is written for. */
export type StoragePolicyDialog =
  | { kind: 'closed' }
  | { kind: 'editor'; table: 'objects' | 'buckets'; bucketId: string | null; policy?: Policy }
  | { kind: 'delete'; policy: Policy };

export function PolicyDialogs({ dialog, onClose }: { dialog: StoragePolicyDialog; onClose: () => void }) {
  if (dialog.kind === 'closed') return null;
  return (
    <Suspense fallback={null}>
      <PolicyDialogContent dialog={dialog} onClose={onClose} />
    </Suspense>
  );
}
