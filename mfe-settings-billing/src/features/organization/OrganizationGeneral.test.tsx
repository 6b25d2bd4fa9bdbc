import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi } from '@plinth/area-kit/testing';
import { ROLE_PERMISSIONS } from '@plinth/shared-contracts';
import { renderArea } from '../../testing/render-area';

describe('organization general', () => {
  it('renames the organization; an empty name is named as the mistake', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    const { notices } = renderArea('/org/acme/general', { api });
    const name = await screen.findByRole('textbox', { name: 'Organization name' });
    expect((name as HTMLInputElement).value).toBe('Acme Inc');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Organization name is required')).toBeTruthy();
    expect(api.argsOf('organizations.update')).toEqual([]);
    await user.type(name, 'Acme Labs');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.argsOf('organizations.update')).toEqual([['acme', { name: 'Acme Labs' }]]));
    await waitFor(() => expect(notices.at(-1)?.message).toBe('Organization renamed to Acme Labs'));
  });

  it('without members write the name is read-only and Save says why', async () => {
    renderArea('/org/acme/general', { permissions: ROLE_PERMISSIONS.Developer });
    const name = await screen.findByRole('textbox', { name: 'Organization name' });
    expect(name.hasAttribute('readonly')).toBe(true);
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('data-disabled-reason')).toBe(
      'You need additional permissions to rename the organization. Contact your organization owner or adminstrator for assistance.',
    );
  });

  it('deletes the organization after its name is typed; the refusal while projects remain is shown in the API words', async () => {
    const user = userEvent.setup();
    const api = createFakeApi({ organizationProjects: ['Orders'] });
    const { notices, navigations } = renderArea('/org/acme/general', { api });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete organization' }).getAttribute('data-disabled-reason')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Delete organization' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Acme Inc' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete organization' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox'), 'Acme Inc');
    await user.click(confirm);
    expect(await screen.findByText('This organization still has 1 project (Orders): delete it before deleting the organization')).toBeTruthy();
    expect(api.state.organizationDeleted).toBeUndefined();

    api.state.organizationProjects = [];
    await user.click(screen.getByRole('button', { name: 'Delete organization' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Acme Inc' });
    await user.type(within(dialog).getByRole('textbox'), 'Acme Inc');
    await user.click(within(dialog).getByRole('button', { name: 'Delete organization' }));
    await waitFor(() => expect(api.argsOf('team.deleteOrganization')).toEqual([['acme', { confirm_name: 'Acme Inc' }], ['acme', { confirm_name: 'Acme Inc' }]]));
    await waitFor(() => expect(notices.at(-1)?.message).toBe('Organization Acme Inc deleted'));
    expect(navigations.at(-1)).toBe('/projects');
  });

  it('only an Owner may delete the organization', async () => {
    const api = createFakeApi({ members: [{ user_id: '11111111-1111-4111-8111-111111111111', username: 'me', primary_email: 'me@example.com', role: 'Administrator' }] });
    renderArea('/org/acme/general', { api });
    const del = await screen.findByRole('button', { name: 'Delete organization' });
    await waitFor(() => expect(del.getAttribute('data-disabled-reason')).toBe('Only an Owner can delete the organization'));
  });
});
