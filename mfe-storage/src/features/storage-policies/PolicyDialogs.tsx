import { lazyWithPreload } from '@plinth/area-kit';
import type { StoragePolicyDialog } from './policy-dialog';
import { Suspense } from 'react';

// The storage policy dialog and the delete confirmation load in their own chunk:
// on pointer or focus near the buttons that open them, or when first opened.
const PolicyDialogContent = lazyWithPreload(() => import('./PolicyDialogContent').then((m) => m.PolicyDialogContent));

export const preloadPolicyDialogs = () => void PolicyDialogContent.preload();

export type { StoragePolicyDialog };

export function PolicyDialogs({ dialog, onClose }: { dialog: StoragePolicyDialog; onClose: () => void }) {
  if (dialog.kind === 'closed') return null;
  return (
    <Suspense fallback={null}>
      <PolicyDialogContent dialog={dialog} onClose={onClose} />
    </Suspense>
  );
}
