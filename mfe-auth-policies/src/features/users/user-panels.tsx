import { Suspense } from 'react';
import { lazyWithPreload } from '@plinth/area-kit';
import type { AuthUser } from '@plinth/contracts-auth';

// The panels and the delete dialog load on their own, when the pointer or focus nears the table
// or its buttons, or when first opened: the list shows without their code.
const AddUserPanel = lazyWithPreload(() => import('./AddUserPanel').then((m) => m.AddUserPanel));
const UserPanel = lazyWithPreload(() => import('./UserPanel').then((m) => m.UserPanel));
const DeleteUserDialog = lazyWithPreload(() => import('./DeleteUserDialog').then((m) => m.DeleteUserDialog));

export function preloadUserPanels() {
  void AddUserPanel.preload();
  void UserPanel.preload();
  void DeleteUserDialog.preload();
}

/** Which panel of the users page is open. */
export type UserPanelState =
  | { kind: 'closed' }
  | { kind: 'create' }
  | { kind: 'invite' }
  | { kind: 'details'; user: AuthUser }
  | { kind: 'delete'; user: AuthUser };

export function UserPanels({ panel, onChange }: { panel: UserPanelState; onChange: (next: UserPanelState) => void }) {
  const close = () => onChange({ kind: 'closed' });
  return (
    <Suspense fallback={null}>
      {panel.kind === 'create' || panel.kind === 'invite' ? <AddUserPanel mode={panel.kind} onClose={close} /> : null}
      {panel.kind === 'details' ? <UserPanel user={panel.user} onClose={close} onDelete={(user) => onChange({ kind: 'delete', user })} /> : null}
      {panel.kind === 'delete' ? <DeleteUserDialog user={panel.user} onClose={close} /> : null}
    </Suspense>
  );
}
