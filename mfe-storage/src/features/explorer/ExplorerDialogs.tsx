import { useRef, useState } from 'react';
import { SIGNED_URL_EXPIRY_MULTIPLIERS, STORAGE_MESSAGES, type SignedUrlExpiryUnit } from '@plinth/contracts-storage';
import { Button } from '@plinth/shared-ui/button';
import { Dialog } from '@plinth/shared-ui/dialog';
import { Field, Select, TextInput } from '@plinth/shared-ui/form';
import { tokens } from '@plinth/shared-ui/theme';
import { baseName, expiresAt, expirySeconds, normalizeMoveTarget, parentOf } from './explorer-rules';
import { useExplorer, useExplorerStore } from './explorer-store';
import type { ExplorerActions } from './use-explorer-actions';

// The explorer's dialogs (001 §2, §5): delete confirmation, move, custom signed URL expiry.
// Loaded on first use.

const UNITS = Object.keys(SIGNED_URL_EXPIRY_MULTIPLIERS) as SignedUrlExpiryUnit[];

export function ExplorerDialogs({ actions, bucketName }: { actions: ExplorerActions; bucketName: string }) {
  const store = useExplorerStore();
  const dialog = useExplorer((s) => s.dialog);
  const [busy, setBusy] = useState(false);
  const [moveTo, setMoveTo] = useState('');
  const [expiry, setExpiry] = useState({ value: '', unit: 'days' as SignedUrlExpiryUnit });
  const field = useRef<HTMLInputElement>(null);
  if (!dialog) return null;
  // What opened a dialog (a menu entry, the selection bar) may be gone when it closes: focus then
  // goes back to the list of the folder it acted in, else the last one open.
  const folder = parentOf(dialog.kind === 'expiry' ? dialog.path : dialog.targets[0]!.path);
  const returnFocusTo = () => {
    const columns = store.getState().columns;
    const at = columns.indexOf(folder);
    return document.querySelector<HTMLElement>(`section[data-column="${at >= 0 ? at : columns.length - 1}"] [role="listbox"]`);
  };
  const close = () => {
    store.getState().setDialog(null);
    setMoveTo('');
    setExpiry({ value: '', unit: 'days' });
    setBusy(false);
  };
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    await work();
    close();
  };
  const onOpenChange = (open: boolean) => !open && !busy && close();

  if (dialog.kind === 'delete') {
    const what = dialog.targets.length === 1 ? baseName(dialog.targets[0]!.path) : `${dialog.targets.length} items`;
    return (
      <Dialog
        open
        onOpenChange={onOpenChange}
        title={`Confirm deletion of ${what}`}
        size="small"
        returnFocusTo={returnFocusTo}
        footer={
          <>
            <Button onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button variant="danger" loading={busy} onClick={() => void run(() => actions.remove(dialog.targets))}>
              Delete
            </Button>
          </>
        }
      >
        <p css={{ margin: 0 }}>{STORAGE_MESSAGES.deleteConfirm}</p>
      </Dialog>
    );
  }

  if (dialog.kind === 'move') {
    const what = dialog.targets.length === 1 ? baseName(dialog.targets[0]!.path) : `${dialog.targets.length} items`;
    const target = normalizeMoveTarget(moveTo);
    return (
      <Dialog open onOpenChange={onOpenChange} title={`Moving ${what} within ${bucketName}`} size="small" initialFocusRef={field} returnFocusTo={returnFocusTo}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void run(() => actions.move(dialog.targets, target));
          }}
          css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.md }}
        >
          <Field label="Path to new directory in bucket" hint={`Leave blank to move to the root of ${bucketName}. Will be moved to: ${bucketName}/${target}`}>
            <TextInput ref={field} prefix={`${bucketName}/`} value={moveTo} onChange={(e) => setMoveTo(e.target.value)} placeholder="folder/subfolder" />
          </Field>
          <div css={{ display: 'flex', justifyContent: 'flex-end', gap: tokens.space.sm }}>
            <Button type="button" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" loading={busy}>
              Move files
            </Button>
          </div>
        </form>
      </Dialog>
    );
  }

  const checked = expirySeconds(expiry.value, expiry.unit);
  const error = checked && 'message' in checked ? checked.message : undefined;
  const seconds = checked && 'seconds' in checked ? checked.seconds : null;
  return (
    <Dialog open onOpenChange={onOpenChange} title="Custom expiry for signed URL" size="small" initialFocusRef={field} returnFocusTo={returnFocusTo}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (seconds !== null) void run(() => actions.copyUrl(dialog.path, seconds));
        }}
        css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.md }}
      >
        <div css={{ display: 'flex', gap: tokens.space.sm, alignItems: 'flex-start' }}>
          <Field label="Expires in" error={error}>
            <TextInput ref={field} type="number" min={0} value={expiry.value} onChange={(e) => setExpiry({ ...expiry, value: e.target.value })} />
          </Field>
          <Field label="Unit">
            <Select value={expiry.unit} onChange={(e) => setExpiry({ ...expiry, unit: e.target.value as SignedUrlExpiryUnit })} options={UNITS.map((u) => ({ value: u, label: u }))} />
          </Field>
        </div>
        {seconds !== null ? <p css={{ margin: 0, fontSize: tokens.fontSize.sm, color: tokens.color.textMuted }}>{`URL will expire on ${expiresAt(new Date(), seconds).toLocaleString()}`}</p> : null}
        <div css={{ display: 'flex', justifyContent: 'flex-end', gap: tokens.space.sm }}>
          <Button type="button" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" loading={busy} disabled={seconds === null}>
            Get signed URL
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
