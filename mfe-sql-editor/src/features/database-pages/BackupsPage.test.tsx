import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi, PROJECT_REF } from '@plinth/area-kit/testing';
import { PERMISSIONS, ROLE_PERMISSIONS } from '@plinth/shared-contracts';
import type { Backup, BackupList } from '@plinth/contracts-database';
import { renderArea } from '../../testing/render-area';

const backup = (over: Partial<Backup> = {}): Backup => ({
  id: '11111111-1111-4111-8111-111111111111',
  kind: 'scheduled',
  status: 'COMPLETED',
  started_at: '2026-11-27T03:12:00.000Z',
  finished_at: '2026-11-27T03:12:04.000Z',
  size_bytes: 2_400_000,
  file_name: 'ref-20261127T031200Z-scheduled.sql.gz',
  expires_at: '2026-12-04T03:12:00.000Z',
  error: null,
  restore_status: null,
  restore_started_at: null,
  restore_finished_at: null,
  restore_error: null,
  ...over,
});

/** The fake API with a backups client over a list the test holds; answers what was called. */
function withBackups(initial: Backup[]) {
  const api = createFakeApi();
  const calls: string[] = [];
  let list: BackupList = { plan: 'pro', retention_days: 7, format: 'sql-gz', backups: initial };
  Object.assign(api.clients, {
    backups: {
      listBackups: async () => list,
      createBackup: async () => {
        calls.push('create');
        const b = backup({ id: '22222222-2222-4222-8222-222222222222', kind: 'on-demand', status: 'COMPLETED', started_at: '2026-11-28T10:00:00.000Z' });
        list = { ...list, backups: [b, ...list.backups] };
        return b;
      },
      restoreBackup: async (_ref: string, id: string, confirm: string) => {
        calls.push(`restore ${id} ${confirm}`);
        return list.backups.find((b) => b.id === id)!;
      },
      downloadBackup: async () => new Blob(['x']),
      deleteBackup: async () => undefined,
    },
  });
  return { api, calls };
}

/** Off: disabled, or aria-disabled with its reason (a permission's tooltip keeps it focusable). */
const off = (el: HTMLElement) => (el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true';

describe('Backups page', () => {
  it('shows the retention and the backups, takes one, and restores one after the ref is typed', async () => {
    const user = userEvent.setup();
    const { api, calls } = withBackups([backup()]);
    renderArea('database/backups/scheduled', { api });
    expect(await screen.findByText(/kept for 7 days on the Pro plan/)).toBeTruthy();
    const table = await screen.findByRole('grid', { name: 'Backups' }).catch(() => screen.getByLabelText('Backups'));
    expect(within(table).getByText('2026-11-27 03:12 UTC')).toBeTruthy();
    expect(within(table).getByText('2.3 MB')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Create backup' }));
    await waitFor(() => expect(calls).toContain('create'));
    expect(await screen.findByText('2026-11-28 10:00 UTC')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Restore the backup of 2026-11-27 03:12 UTC' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/unavailable while it restores/)).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Restore backup' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox'), api.projectRef ?? PROJECT_REF);
    await user.click(within(dialog).getByRole('button', { name: 'Restore backup' }));
    await waitFor(() => expect(calls.some((c) => c.startsWith('restore 11111111'))).toBe(true));
  });

  it('shows the empty state, and a Developer may take a backup but not restore one', async () => {
    const { api } = withBackups([]);
    renderArea('database/backups/scheduled', { api, permissions: ROLE_PERMISSIONS.Developer });
    expect(await screen.findByText('No backups yet')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Create backup' }) as HTMLButtonElement).disabled).toBe(false);
    expect(ROLE_PERMISSIONS.Developer.includes(PERMISSIONS.PROJECTS_WRITE)).toBe(false);
  });

  it('disables restore for a Developer and shows a restore in progress and a failed one', async () => {
    const { api } = withBackups([
      backup({ id: '33333333-3333-4333-8333-333333333333', restore_status: 'RESTORING', restore_started_at: '2026-11-28T10:00:00.000Z' }),
      backup({ restore_status: 'FAILED', restore_finished_at: '2026-11-28T09:00:00.000Z', restore_error: 'the backup file is missing from the store' }),
    ]);
    renderArea('database/backups/scheduled', { api, permissions: ROLE_PERMISSIONS.Developer });
    expect(await screen.findByText(/is being restored from the backup/)).toBeTruthy();
    for (const b of screen.getAllByRole('button', { name: /^Restore the backup/ })) expect(off(b)).toBe(true);
    expect(screen.getAllByRole('button', { name: /^Restore the backup/ })[1]!.getAttribute('data-disabled-reason')).toBe('You need additional permissions to restore backups');
    expect(screen.getByText('Restore failed')).toBeTruthy();
    expect(off(screen.getByRole('button', { name: 'Create backup' }))).toBe(true);
  });

  it('says when the list cannot be loaded', async () => {
    const { api } = withBackups([]);
    Object.assign((api.clients as unknown as { backups: object }).backups, { listBackups: async () => Promise.reject(new Error('boom')) });
    renderArea('database/backups/scheduled', { api });
    expect(await screen.findByText('Failed to load backups')).toBeTruthy();
  });
});
