import { ROLE_PERMISSIONS } from '@plinth/shared-contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useRealApi } from '@plinth/area-kit/testing/real-api';
import { createApi } from '../../api';
import { renderArea } from '../../testing/render-area';

// The first page load of the file compiles the page's code: up to 10 s on a busy machine.
const api = useRealApi(createApi, { waitForMs: 10_000 });

/** The organization on this plan and, off the free plan, the project's stored limit; then the page. */
async function setup({ fileSizeLimit = 52_428_800, isFreeTier = false } = {}, permissions?: readonly string[]) {
  await api.platform.plans.updateSubscription(api.organization.slug, { plan: isFreeTier ? 'free' : 'pro' });
  if (!isFreeTier) await api.platform.storage.updateStorageConfig(api.projectRef, { fileSizeLimit });
  const view = renderArea('storage/settings', { api, permissions });
  return { ...view, api, user: userEvent.setup({ delay: null }) };
}

const limitInput = () => screen.findByRole('textbox', { name: 'Upload file size limit' }) as Promise<HTMLInputElement>;

describe('storage settings page', { timeout: 30_000 }, () => {
  it('shows the stored limit in its unit and saves a new one in bytes', async () => {
    const { user, api, notices } = await setup();
    expect(await screen.findByRole('heading', { name: 'Storage Settings', level: 1 })).toBeTruthy();
    const input = await limitInput();
    expect(input.value).toBe('50');
    expect((screen.getByRole('combobox', { name: 'Unit' }) as HTMLSelectElement).value).toBe('MB');
    await user.clear(input);
    await user.type(input, '2a0');
    expect(input.value).toBe('20');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Unit' }), 'KB');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.argsOf('storage.updateStorageConfig').map(([, body]) => body)).toEqual([{ fileSizeLimit: 20_480 }]));
    // The call is recorded as it is sent; the notice comes with the server's answer.
    await waitFor(() => expect(notices).toContainEqual({ kind: 'success', message: 'Successfully updated storage settings' }));
    expect((await api.platform.storage.getStorageConfig(api.projectRef)).fileSizeLimit).toBe(20_480);
  });

  it('names the most the unit allows past 5 GB and refuses to send it, with the notice of the spec', async () => {
    const { user, api, notices } = await setup();
    const input = await limitInput();
    await user.clear(input);
    await user.type(input, '5121');
    expect(screen.getByText('Maximum limit is up to 5,120 MB.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(notices).toContainEqual({ kind: 'error', message: 'Upload file size limit must be up to 5GB (5,368,709,120 bytes)' });
    expect(api.writes()).toEqual([]);
  });

  it('tells of a refused save', async () => {
    const { user, api, notices } = await setup();
    api.failures['storage.updateStorageConfig'] = { status: 403, message: 'Missing permission: storage admin write' };
    const input = await limitInput();
    await user.clear(input);
    await user.type(input, '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notices).toContainEqual({ kind: 'error', message: 'Failed to update storage settings: Missing permission: storage admin write' }));
  });

  it('keeps the free plan at 50 MB with the inputs disabled', async () => {
    await setup({ isFreeTier: true });
    expect((await limitInput()).disabled).toBe(true);
    expect((screen.getByRole('combobox', { name: 'Unit' }) as HTMLSelectElement).disabled).toBe(true);
    expect(screen.getByText("The free plan's limit is fixed at 50 MB")).toBeTruthy();
  });

  it('disables the form for a member without storage write and says why', async () => {
    const { user } = await setup(undefined, ROLE_PERMISSIONS['Read-only']);
    expect((await limitInput()).disabled).toBe(true);
    await user.hover(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('You need additional permissions to update storage settings')).length).toBeGreaterThan(0);
  });

  it('shows the load failure in place of the form, and loads it on retry', async () => {
    api.failures['storage.getStorageConfig'] = { status: 500, message: 'unavailable' };
    await setup();
    expect(await screen.findByText('Error loading storage settings')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Upload file size limit' })).toBeNull();
    delete api.failures['storage.getStorageConfig'];
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await limitInput()).toBeTruthy();
  });
});
