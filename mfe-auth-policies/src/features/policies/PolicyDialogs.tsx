import { lazyWithPreload } from '@plinth/area-kit';
import type { Policy, Table } from '@plinth/contracts-database';
import { Suspense } from 'react';

// The policy editor (with the SQL code editor), the tester and the confirmations load in their own
// chunk: on pointer or focus near the buttons that open them, or when first opened.
const PolicyDialogContent = lazyWithPreload(() => import('./PolicyDialogContent').then((m) => m.PolicyDialogContent));

export const preloadPolicyDialogs = () => void PolicyDialogContent.preload();

/** Which dialog of the policies page is open. */
export type PolicyDialog =
  | { kind: 'closed' }
  | { kind: 'editor'; table: Table; policy?: Policy }
  | { kind: 'delete'; policy: Policy }
  | { kind: 'rls'; table: Table }
  | { kind: 'test'; table: Table };

export function PolicyDialogs({ dialog, schema, onClose }: { dialog: PolicyDialog; schema: string; onClose: () => void }) {
  if (dialog.kind === 'closed') return null;
  return (
    <Suspense fallback={null}>
      <PolicyDialogContent dialog={dialog} schema={schema} onClose={onClose} />
    </Suspense>
  );
}
