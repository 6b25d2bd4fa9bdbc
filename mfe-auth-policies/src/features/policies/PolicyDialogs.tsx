import { lazyWithPreload } from '@plinth/area-kit';
import type { PolicyDialog } from './policy-dialog';
import { Suspense } from 'react';

// The policy editor (with the SQL code editor), the tester and the confirmations load in their own
// chunk: on pointer or focus near the buttons that open them, or when first opened.
const PolicyDialogContent = lazyWithPreload(() => import('./PolicyDialogContent').then((m) => m.PolicyDialogContent));

export const preloadPolicyDialogs = () => void PolicyDialogContent.preload();

export type { PolicyDialog };

export function PolicyDialogs({ dialog, schema, onClose }: { dialog: PolicyDialog; schema: string; onClose: () => void }) {
  if (dialog.kind === 'closed') return null;
  return (
    <Suspense fallback={null}>
      <PolicyDialogContent dialog={dialog} schema={schema} onClose={onClose} />
    </Suspense>
  );
}
