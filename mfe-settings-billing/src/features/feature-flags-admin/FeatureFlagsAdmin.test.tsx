import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi } from '@plinth/area-kit/testing';
import { renderArea } from '../../testing/render-area';

// The platform admins' feature flags screen (/account/feature-flags): the environment's values and
// any organization's own settings; the entry is in the account menu for platform admins alone.

const menu = () => screen.getByRole('navigation', { name: 'Account settings' });

describe('feature flags for platform admins', () => {
  it('an admin turns a flag off for the environment, then on for one organization, and back to following', async () => {
    const user = userEvent.setup();
    const api = createFakeApi({ platformAdmin: true, featureFlags: { ongoing_incident_banner: true } });
    const { notices } = renderArea('/account/feature-flags', { api });
    expect(await screen.findByRole('heading', { name: 'Feature Flags' })).toBeTruthy();
    await waitFor(() => expect(within(menu()).getByRole('link', { name: 'Feature Flags' })).toBeTruthy());

    const env = await screen.findByRole('list', { name: 'Environment flags' });
    const storage = within(env).getByRole('combobox', { name: 'storage_report for the environment' }) as HTMLSelectElement;
    expect(storage.value).toBe('follow');
    expect(within(storage).getByRole('option', { name: 'Deploy default (On)' })).toBeTruthy();
    expect((within(env).getByRole('combobox', { name: 'ongoing_incident_banner for the environment' }) as HTMLSelectElement).value).toBe('follow');
    await user.selectOptions(storage, 'off');
    await waitFor(() => expect(api.argsOf('featureFlagAdmin.setAdminFeatureFlag')).toEqual([['storage_report', false, undefined]]));
    await waitFor(() => expect(notices.at(-1)?.message).toBe('storage_report is off for the environment'));
    expect(api.state.environmentFlagSettings).toEqual({ storage_report: false });

    // One organization: found by slug, its own setting over the environment's
    await user.type(screen.getByRole('textbox', { name: 'Organization slug' }), 'acme');
    await user.click(screen.getByRole('button', { name: 'Show flags' }));
    const acme = await screen.findByRole('list', { name: 'Flags of acme' });
    const acmeStorage = within(acme).getByRole('combobox', { name: 'storage_report for acme' }) as HTMLSelectElement;
    expect(within(acmeStorage).getByRole('option', { name: 'Environment (Off)' })).toBeTruthy();
    await user.selectOptions(acmeStorage, 'on');
    await waitFor(() => expect(api.state.organizationFlagSettings?.acme?.overrides).toEqual({ storage_report: true }));
    expect(await screen.findByRole('button', { name: 'acme (1)' })).toBeTruthy();
    await user.selectOptions(within(screen.getByRole('list', { name: 'Flags of acme' })).getByRole('combobox', { name: 'storage_report for acme' }), 'follow');
    await waitFor(() => expect(api.state.organizationFlagSettings?.acme?.overrides).toEqual({}));
    await waitFor(() => expect(notices.at(-1)?.message).toBe('storage_report follows the environment again for acme'));
    expect(screen.getByText('No organization has settings of its own.')).toBeTruthy();
  });

  it('a slug that is not one is refused in the form; an unknown organization is named', async () => {
    const user = userEvent.setup();
    const api = createFakeApi({ platformAdmin: true });
    renderArea('/account/feature-flags', { api });
    await user.type(await screen.findByRole('textbox', { name: 'Organization slug' }), 'Not A Slug');
    await user.click(screen.getByRole('button', { name: 'Show flags' }));
    expect(await screen.findByText('Enter an organization slug: lowercase letters, digits and hyphens')).toBeTruthy();
    expect(api.argsOf('featureFlagAdmin.getAdminFeatureFlags')).not.toContainEqual(['Not A Slug']);
    await user.clear(screen.getByRole('textbox', { name: 'Organization slug' }));
    await user.type(screen.getByRole('textbox', { name: 'Organization slug' }), 'no-such-org');
    await user.click(screen.getByRole('button', { name: 'Show flags' }));
    expect(await screen.findByText('Failed to retrieve the feature flags of no-such-org')).toBeTruthy();
    expect(screen.getByText('Organization not found: no-such-org')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back to the environment' }));
    expect(await screen.findByRole('list', { name: 'Environment flags' })).toBeTruthy();
  });

  it('someone who is not a platform admin does not see the entry, and the page says the API refused', async () => {
    const api = createFakeApi();
    renderArea('/account/feature-flags', { api });
    expect(await screen.findByText('Only platform admins can manage feature flags')).toBeTruthy();
    expect(screen.getByText('Only platform admins can manage feature flags for the environment and for every organization')).toBeTruthy();
    expect(within(menu()).getByRole('link', { name: 'Preferences' })).toBeTruthy();
    expect(within(menu()).queryByRole('link', { name: 'Feature Flags' })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(api.writes()).toEqual([]);
  });

  it('a failure to load is told with a retry', async () => {
    const user = userEvent.setup();
    const api = createFakeApi({ platformAdmin: true });
    api.failures['featureFlagAdmin.getAdminFeatureFlags'] = { status: 503, message: 'The control database is unavailable' };
    renderArea('/account/feature-flags', { api });
    expect(await screen.findByText('Failed to retrieve feature flags', {}, { timeout: 5000 })).toBeTruthy();
    api.failures['featureFlagAdmin.getAdminFeatureFlags'] = undefined;
    await user.click(screen.getByRole('button', { name: /retry/i }));
    expect(await screen.findByRole('list', { name: 'Environment flags' })).toBeTruthy();
  });
});
