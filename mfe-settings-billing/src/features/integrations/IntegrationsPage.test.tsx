import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi, organizationIntegration, PROJECT_REF, findDialog } from '@plinth/area-kit/testing';
import { renderArea } from '../../testing/render-area';
import { integrationCards } from './integration-cards';

const github = () =>
  organizationIntegration('GitHub', {
    connections: [
      {
        id: 'c1',
        organization_integration_id: 'i1',
        supabase_project_ref: PROJECT_REF,
        foreign_project_id: 'acme/web',
        metadata: { name: 'web' },
        inserted_at: '2026-01-01T00:00:00Z',
        added_by: { id: 'u', username: 'me', primary_email: 'me@example.com' },
      },
    ],
  });

describe('integrations pages and the integrations_v2 flag', () => {
  it('flag off: the organization page lists the installed integrations, no cards', async () => {
    const api = createFakeApi({ integrations: [github()] });
    api.state.featureFlags = { integrations_v2: false };
    renderArea('/org/acme/integrations', { api });
    const list = await screen.findByRole('list', { name: 'Installed integrations' });
    expect(within(list).getByText('GitHub')).toBeTruthy();
    expect(within(list).getByText('1 connection')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^(Install|Manage) / })).toBeNull();
  });

  it('flag on: a card per integration with its status; Install installs, Manage shows the connections', async () => {
    const api = createFakeApi({ integrations: [github()] });
    api.state.featureFlags = { integrations_v2: true };
    const user = userEvent.setup();
    renderArea('/org/acme/integrations', { api });
    const grid = await screen.findByRole('list', { name: 'Integrations' });
    expect(within(grid).getByRole('region', { name: 'GitHub' })).toBeTruthy();
    expect(within(grid).getByText('Installed · 1 connection')).toBeTruthy();
    expect(within(grid).getByText('Not installed')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Installed integrations' })).toBeNull();

    await user.click(within(grid).getByRole('button', { name: 'Manage GitHub' }));
    const dialog = await findDialog('GitHub connections');
    expect(within(dialog).getByText('acme/web')).toBeTruthy();
    await user.keyboard('{Escape}');

    await user.click(within(grid).getByRole('button', { name: 'Install Vercel' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Integrations' })).getByRole('button', { name: 'Manage Vercel' })).toBeTruthy());
    expect(api.argsOf('integrations.createIntegration')).toEqual([['acme', { integration_name: 'Vercel' }]]);
  });

  it("project settings show the project's organization's integrations, in the layout its flag says", async () => {
    const api = createFakeApi({ integrations: [github()] });
    api.state.featureFlags = { integrations_v2: true };
    renderArea(`/project/${PROJECT_REF}/settings/integrations`, { api });
    expect(await screen.findByRole('button', { name: 'Install Vercel' })).toBeTruthy();
    expect(api.argsOf('integrations.listIntegrations')[0]).toEqual(['acme']);
  });

  it('orders cards installed first, each status in words', () => {
    expect(integrationCards([organizationIntegration('Vercel')]).map((c) => [c.name, c.status])).toEqual([
      ['Vercel', 'Installed'],
      ['GitHub', 'Not installed'],
    ]);
  });
});
