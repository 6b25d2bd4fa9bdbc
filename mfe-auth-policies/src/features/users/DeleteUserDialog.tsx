import type { AuthUser } from '@plinth/contracts-auth';
import { ConfirmByTypingDialog } from '@plinth/shared-ui/confirm-dialog';
import { useUserActions } from './queries';
import { userName } from './user-status';

/** Deleting a user: the email (or phone, or id) typed to confirm. */
export function DeleteUserDialog({ user, onClose }: { user: AuthUser; onClose: () => void }) {
  const { remove } = useUserActions();
  const value = userName(user);
  return (
    <ConfirmByTypingDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Delete user ${value}`}
      description="The user, their sessions and their sign-in are removed for good. Rows of your tables that refer to them stay."
      confirmValue={value}
      inputLabel={`Type ${value} to confirm`}
      confirmLabel="Delete user"
      variant="danger"
      loading={remove.isPending}
      onConfirm={() => remove.mutateAsync(user).then(onClose, () => undefined)}
    />
  );
}
