import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { useRealApi } from '@plinth/area-kit/testing/real-api';
import { createApi } from '../../api';
import { renderArea } from '../../testing/render-area';

const api = useRealApi(createApi);

describe('project vault', { timeout: 30_000 }, () => {
  it('says there are none, adds a secret, reveals and hides it, edits it and deletes it after a confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    const { notices } = renderArea('settings/vault/secrets', { api });
    expect(await screen.findByText('No secrets yet')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add new secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add new secret' });
    await user.click(within(dialog).getByRole('button', { name: 'Add secret' }));
    expect(await within(dialog).findByText('Enter a name for the secret')).toBeTruthy();
    expect(api.writes()).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'stripe_key');
    await user.type(within(dialog).getByRole('textbox', { name: 'Secret' }), 'sk_test_4242');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Payments');
    await user.click(within(dialog).getByRole('button', { name: 'Add secret' }));
    await waitFor(() => expect(notices.at(-1)?.message).toBe('Secret "stripe_key" was added'));

    const table = await screen.findByRole('table', { name: 'Secrets' });
    const row = within(table).getByText('stripe_key').closest('tr')!;
    expect(row.textContent).toContain('Payments');
    expect(row.textContent).not.toContain('sk_test_4242');
    await user.click(within(row).getByRole('button', { name: 'Reveal stripe_key' }));
    expect((await within(row).findByTestId('revealed-secret')).textContent).toBe('sk_test_4242');
    await user.click(within(row).getByRole('button', { name: 'Hide stripe_key' }));
    expect(within(row).queryByTestId('revealed-secret')).toBeNull();

    await user.click(within(row).getByRole('button', { name: 'Edit stripe_key' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit "stripe_key"' });
    const description = within(edit).getByRole('textbox', { name: 'Description' });
    await user.clear(description);
    await user.type(description, 'Payments, live');
    await user.click(within(edit).getByRole('button', { name: 'Save secret' }));
    await waitFor(() => expect(notices.at(-1)?.message).toBe('Secret "stripe_key" was updated'));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Secrets' })).getByText('Payments, live')).toBeTruthy());
    const secrets = (await api.clients.vault.listVaultSecrets(api.projectRef)).secrets;
    expect((await api.clients.vault.revealVaultSecret(api.projectRef, secrets[0]!.id)).secret).toBe('sk_test_4242');

    await user.click(screen.getByRole('button', { name: 'Delete stripe_key' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete "stripe_key"' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete secret' }));
    await waitFor(() => expect(notices.at(-1)?.message).toBe('Secret "stripe_key" was deleted'));
    expect(await screen.findByText('No secrets yet')).toBeTruthy();
  });

  it('names a duplicate name the API refuses', async () => {
    await api.clients.vault.createVaultSecret(api.projectRef, { name: 'taken', secret: 'one' });
    const user = userEvent.setup({ delay: null });
    renderArea('settings/vault/secrets', { api });
    await screen.findByRole('table', { name: 'Secrets' });
    await user.click(screen.getByRole('button', { name: 'Add new secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add new secret' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'taken');
    await user.type(within(dialog).getByRole('textbox', { name: 'Secret' }), 'two');
    await user.click(within(dialog).getByRole('button', { name: 'Add secret' }));
    expect(await within(dialog).findByText('The secret was not added')).toBeTruthy();
    expect(within(dialog).getByText(/A secret named taken already exists/)).toBeTruthy();
  });

  it('lists secrets to a member who may only read, with the actions disabled and the reason given', async () => {
    await api.clients.vault.createVaultSecret(api.projectRef, { name: 'read_only_view', secret: 'hidden' });
    renderArea('settings/vault/secrets', { api, permissions: [PERMISSIONS.SQL_ADMIN_READ] });
    const table = await screen.findByRole('table', { name: 'Secrets' });
    const row = within(table).getByText('read_only_view').closest('tr')!;
    for (const name of ['Reveal read_only_view', 'Edit read_only_view', 'Delete read_only_view']) {
      const button = within(row).getByRole('button', { name });
      expect(button.getAttribute('aria-disabled')).toBe('true');
      expect(button.getAttribute('data-disabled-reason')).toMatch(/You need additional permissions to manage the project vault/);
    }
    expect(screen.getByRole('button', { name: 'Add new secret' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('says so when the secrets cannot be read', async () => {
    api.failures['vault.listVaultSecrets'] = { status: 503, message: 'The project database is busy' };
    renderArea('settings/vault/secrets', { api });
    expect(await screen.findByText('Failed to retrieve secrets')).toBeTruthy();
    expect(screen.getByText('The project database is busy')).toBeTruthy();
  });
});
