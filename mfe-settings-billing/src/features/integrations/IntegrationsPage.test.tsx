import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi, organizationIntegration, PROJECT_REF, findDialog, repository } from '@plinth/area-kit/testing';
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

  it("GitHub on a GitHub App server installs on GitHub: Install asks for the app's install page and nothing is made here; back from GitHub, the page says how it went", async () => {
    const api = createFakeApi({ integrations: [] });
    api.state.featureFlags = { integrations_v2: true };
    api.state.githubInstallUrl = 'https://github.test/apps/plinth/installations/new?state=s';
    const user = userEvent.setup();
    const view = renderArea('/org/acme/integrations', { api });
    const grid = await screen.findByRole('list', { name: 'Integrations' });
    await user.click(within(grid).getByRole('button', { name: 'Install GitHub' }));
    await waitFor(() => expect(api.argsOf('branching.githubInstallLink')).toEqual([['acme']]));
    expect(api.argsOf('integrations.createIntegration')).toEqual([]);
    view.unmount();

    renderArea('/org/acme/integrations?install_error=Not%20found%20on%20GitHub', { api });
    const failed = await screen.findByRole('alert');
    expect(failed.textContent).toContain('Failed to install the GitHub App');
    expect(failed.textContent).toContain('Not found on GitHub');
    await user.click(within(failed).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText('Failed to install the GitHub App')).toBeNull());
  });

  it('back from GitHub with the app installed, the page names the account', async () => {
    const api = createFakeApi({ integrations: [github()] });
    api.state.featureFlags = { integrations_v2: true };
    renderArea('/org/acme/integrations?installed=acme', { api });
    expect(await screen.findByText('GitHub App installed for acme')).toBeTruthy();
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

describe('repository connections', () => {
  it("connects a repository to the project: repositories by integration id, then its branches, then branching enabled from the branch chosen", async () => {
    const api = createFakeApi({
      integrations: [organizationIntegration('GitHub')],
      repositories: [repository('acme/shop', 'main'), repository('acme/web', 'trunk')],
      gitBranches: { 'acme/shop': [{ name: 'feature-login', commit_sha: 'a'.repeat(40) }, { name: 'main', commit_sha: 'b'.repeat(40) }] },
    });
    const user = userEvent.setup();
    const view = renderArea(`/project/${PROJECT_REF}/settings/integrations`, { api });
    const card = await screen.findByRole('region', { name: 'GitHub connections' });
    expect(within(card).getByText('No connections yet')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Connect repository' }));
    const dialog = await findDialog('Connect a repository');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'acme/shop' })).toBeTruthy());
    const integrationId = api.state.integrations[0]!.id;
    expect(api.argsOf('integrations.listRepositories')).toEqual([[integrationId]]);
    await user.selectOptions(within(dialog).getByLabelText('Repository'), 'acme/shop');
    // The repository's default branch is chosen once its branches are in.
    await waitFor(() => expect((within(dialog).getByLabelText('Production branch') as HTMLSelectElement).value).toBe('main'));
    expect(api.argsOf('integrations.listGitBranches')).toEqual([[integrationId, 'acme', 'shop']]);
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));

    const list = await screen.findByRole('list', { name: 'GitHub connections' });
    expect(within(list).getByText('acme/shop')).toBeTruthy();
    expect(api.argsOf('integrations.createConnection')).toEqual([[{ organization_integration_id: integrationId, connection: { supabase_project_ref: PROJECT_REF, foreign_project_id: 'acme/shop', metadata: { name: 'shop' } } }]]);
    expect(api.argsOf('branching.enableBranching')).toEqual([[PROJECT_REF, { git_branch: 'main' }]]);
    expect(view.notices).toContainEqual({ kind: 'success', message: 'Connected acme/shop to this project' });
    expect(screen.queryByRole('button', { name: 'Connect repository' })).toBeNull();
  });

  it('says Failed to retrieve Github branches when the branches of the repository cannot be read', async () => {
    const api = createFakeApi({ integrations: [organizationIntegration('GitHub')], repositories: [repository('acme/shop')], gitBranches: {} });
    api.failures['integrations.listGitBranches'] = { status: 409, message: 'Repository acme/shop is not a readable git repository' };
    const user = userEvent.setup();
    renderArea(`/project/${PROJECT_REF}/settings/integrations`, { api });
    await user.click(await screen.findByRole('button', { name: 'Connect repository' }));
    const dialog = await findDialog('Connect a repository');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'acme/shop' })).toBeTruthy());
    await user.selectOptions(within(dialog).getByLabelText('Repository'), 'acme/shop');
    expect(await within(dialog).findByText('Failed to retrieve Github branches')).toBeTruthy();
  });

  it('disconnects after confirmation; a refusal says Failed to delete Github connection: {message}', async () => {
    const api = createFakeApi({ integrations: [github()] });
    const user = userEvent.setup();
    const view = renderArea('/org/acme/integrations', { api });
    await user.click(await screen.findByRole('button', { name: 'Disconnect acme/web' }));
    let dialog = await findDialog('Disconnect acme/web?');
    api.failures['integrations.deleteConnection'] = { status: 403, message: 'You need the integrations write permission' };
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(view.notices).toContainEqual({ kind: 'error', message: 'Failed to delete Github connection: You need the integrations write permission' }));

    api.failures['integrations.deleteConnection'] = undefined;
    await user.click(screen.getByRole('button', { name: 'Disconnect acme/web' }));
    dialog = await findDialog('Disconnect acme/web?');
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Disconnect acme/web' })).toBeNull());
    expect(api.argsOf('integrations.deleteConnection')).toEqual([['c1'], ['c1']]);
  });

  it("says Failed to retrieve integrations when the organization's integrations cannot be read", async () => {
    const api = createFakeApi();
    api.failures['integrations.listIntegrations'] = { status: 500, message: 'boom' };
    renderArea('/org/acme/integrations', { api });
    expect(await screen.findByText('Failed to retrieve integrations')).toBeTruthy();
  });
});
