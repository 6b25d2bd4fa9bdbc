import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { createFakeApi } from '@plinth/area-kit/testing';
import { renderArea } from '../../testing/render-area';

const links = () => within(screen.getByRole('navigation', { name: 'Organization settings' })).getAllByRole('link').map((l) => l.textContent);

describe('organization menu and feature flags', () => {
  it('leaves out OAuth Apps and Audit Logs when their flags are off for the organization, and asks by its slug', async () => {
    const api = createFakeApi();
    api.state.featureFlags = { oauth_apps: false, audit_logs: false };
    renderArea('/org/acme/general', { api });
    await waitFor(() => expect(links()).toEqual(['General', 'Team', 'Integrations', 'Billing', 'Usage', 'Invoices']));
    expect(api.argsOf('featureFlags.getFeatureFlags')[0]).toEqual([{ organization: 'acme' }]);
  });

  it('a page whose flag is off is not found', async () => {
    const api = createFakeApi();
    api.state.featureFlags = { audit_logs: false };
    renderArea('/org/acme/audit', { api });
    expect(await screen.findByText('This organization page does not exist.')).toBeTruthy();
  });
});
