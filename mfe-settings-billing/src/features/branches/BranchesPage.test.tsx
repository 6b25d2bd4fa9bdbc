import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi, findDialog, organizationIntegration, PROJECT_REF, projectBranch, repository } from '@plinth/area-kit/testing';
import { INTEGRATION_MESSAGES } from '@plinth/contracts-settings';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { renderArea } from '../../testing/render-area';

const connected = () =>
  organizationIntegration('GitHub', {
    connections: [
      {
        id: '30000000-0000-4000-8000-000000000001',
        organization_integration_id: 'i1',
        supabase_project_ref: PROJECT_REF,
        foreign_project_id: 'acme/shop',
        metadata: { name: 'shop' },
        inserted_at: '2026-01-01T00:00:00Z',
        added_by: { id: 'u', username: 'me', primary_email: 'me@example.com' },
      },
    ],
  });

function shopApi(seed: Parameters<typeof createFakeApi>[0] = {}) {
  return createFakeApi({
    integrations: [connected()],
    repositories: [repository('acme/shop')],
    gitBranches: { 'acme/shop': [{ name: 'main', commit_sha: 'a'.repeat(40) }, { name: 'feature-login', commit_sha: 'b'.repeat(40) }] },
    ...seed,
  });
}

afterEach(() => vi.restoreAllMocks());

describe('the branches page', () => {
  it('enables branching with a selected git branch; none selected says so in the console and sends nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = shopApi();
    const user = userEvent.setup();
    const view = renderArea('branches', { api });
    await screen.findByText('Branching is not enabled');
    await user.click(screen.getByRole('button', { name: 'Enable branching' }));
    const dialog = await findDialog('Enable branching');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'main' })).toBeTruthy());
    await user.click(within(dialog).getByRole('button', { name: 'Enable branching' }));
    expect(warn).toHaveBeenCalledWith(INTEGRATION_MESSAGES.noBranchSelected);
    expect(api.argsOf('branching.enableBranching')).toEqual([]);

    await user.selectOptions(within(dialog).getByLabelText('Production branch'), 'main');
    await user.click(within(dialog).getByRole('button', { name: 'Enable branching' }));
    await screen.findByText('No preview branches yet');
    expect(api.argsOf('branching.enableBranching')).toEqual([[PROJECT_REF, { git_branch: 'main' }]]);
    expect(screen.getByText(/Repository acme\/shop · production branch main/)).toBeTruthy();
    expect(view.notices).toContainEqual({ kind: 'success', message: 'Branching enabled from main' });
  });

  it('lists the branches with git branch, status, created time and a link that opens each', async () => {
    const api = shopApi({ branching: { [PROJECT_REF]: 'main' }, projectBranches: [projectBranch(PROJECT_REF, 'login', { git_branch: 'feature-login', project_ref: 'branchref0000000001' }), projectBranch(PROJECT_REF, 'slow', { status: 'COMING_UP' })] });
    const user = userEvent.setup();
    const view = renderArea('branches', { api });
    const list = await screen.findByRole('list', { name: 'Preview branches' });
    const login = within(list).getByRole('listitem', { name: 'login' });
    expect(within(login).getByText(/Git branch feature-login · schema only · created/)).toBeTruthy();
    expect(within(login).getByText('Healthy')).toBeTruthy();
    expect(within(within(list).getByRole('listitem', { name: 'slow' })).getByText('Coming up')).toBeTruthy();
    const link = within(login).getByRole('link', { name: 'Open branch login' });
    expect(link.getAttribute('href')).toBe('/project/branchref0000000001');
    await user.click(link);
    expect(view.navigations).toEqual(['/project/branchref0000000001']);
  });

  it('creates a branch with name, git branch, region and data; says so word for word, and the API refusal too', async () => {
    const api = shopApi({ branching: { [PROJECT_REF]: 'main' } });
    const user = userEvent.setup();
    const view = renderArea('branches', { api });
    await user.click(await screen.findByRole('button', { name: 'Create branch' }));
    let dialog = await findDialog('Create branch');
    await user.click(within(dialog).getByRole('button', { name: 'Create branch' }));
    expect(await within(dialog).findByText('Give the branch a name')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Branch name/), 'bad name');
    await user.click(within(dialog).getByRole('button', { name: 'Create branch' }));
    expect(await within(dialog).findByText(/Use a valid git branch name/)).toBeTruthy();
    expect(api.argsOf('branching.createPreviewBranch')).toEqual([]);

    await user.clear(within(dialog).getByLabelText(/Branch name/));
    await user.type(within(dialog).getByLabelText(/Branch name/), 'login');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'feature-login' })).toBeTruthy());
    await user.selectOptions(within(dialog).getByLabelText('Git branch'), 'feature-login');
    await user.click(within(dialog).getByRole('checkbox', { name: /Copy the data too/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create branch' }));
    const list = await screen.findByRole('list', { name: 'Preview branches' });
    expect(within(list).getByText(/Git branch feature-login · schema and data/)).toBeTruthy();
    expect(api.argsOf('branching.createPreviewBranch')).toEqual([[PROJECT_REF, { branch_name: 'login', region: 'local', with_data: true, git_branch: 'feature-login' }]]);
    expect(view.notices).toContainEqual({ kind: 'success', message: 'Successfully created new branch.' });

    api.failures['branching.createPreviewBranch'] = { status: 409, message: 'Members of this organization have reached their free project limit: me@example.com' };
    await user.click(screen.getByRole('button', { name: 'Create branch' }));
    dialog = await findDialog('Create branch');
    await user.type(within(dialog).getByLabelText(/Branch name/), 'second');
    await user.click(within(dialog).getByRole('button', { name: 'Create branch' }));
    await waitFor(() => expect(view.notices).toContainEqual({ kind: 'error', message: 'Failed to create branch: Members of this organization have reached their free project limit: me@example.com' }));
  });

  it('resets and deletes a branch after confirmation', async () => {
    const branch = projectBranch(PROJECT_REF, 'login');
    const api = shopApi({ branching: { [PROJECT_REF]: 'main' }, projectBranches: [branch] });
    const user = userEvent.setup();
    const view = renderArea('branches', { api });
    await user.click(await screen.findByRole('button', { name: 'Reset login' }));
    let dialog = await findDialog('Reset branch login?');
    await user.click(within(dialog).getByRole('button', { name: 'Reset branch' }));
    await waitFor(() => expect(view.notices).toContainEqual({ kind: 'success', message: 'Branch login reset to its parent' }));
    expect(api.argsOf('branching.resetBranch')).toEqual([[branch.id]]);

    await user.click(screen.getByRole('button', { name: 'Delete login' }));
    dialog = await findDialog('Delete branch login?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.argsOf('branching.deleteBranch')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete login' }));
    dialog = await findDialog('Delete branch login?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete branch' }));
    await screen.findByText('No preview branches yet');
    expect(api.argsOf('branching.deleteBranch')).toEqual([[branch.id]]);
  });

  it('a git branch list that fails says Failed to retrieve Github branches', async () => {
    const api = shopApi({ branching: { [PROJECT_REF]: 'main' }, projectBranches: [projectBranch(PROJECT_REF, 'login')] });
    api.failures['integrations.listGitBranches'] = { status: 409, message: 'Repository acme/shop is not a readable git repository' };
    const user = userEvent.setup();
    renderArea('branches', { api });
    await user.click(await screen.findByRole('button', { name: 'Create branch' }));
    const dialog = await findDialog('Create branch');
    expect(await within(dialog).findByText(INTEGRATION_MESSAGES.branchesFailed)).toBeTruthy();
  });

  it("says Failed to retrieve integrations when the organization's integrations cannot be read, and Retry loads the page", async () => {
    const api = shopApi({ branching: { [PROJECT_REF]: 'main' }, projectBranches: [projectBranch(PROJECT_REF, 'login')] });
    api.failures['integrations.listIntegrations'] = { status: 503, message: 'The server is busy' };
    const user = userEvent.setup();
    renderArea('branches', { api });
    expect(await screen.findByText(INTEGRATION_MESSAGES.integrationsFailed)).toBeTruthy();
    expect(screen.getByText('The server is busy')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Preview branches' })).toBeNull();
    delete api.failures['integrations.listIntegrations'];
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Preview branches' })).toBeTruthy();
  });

  it('hides every change from a member who may not write projects (branches are projects)', async () => {
    const api = shopApi({ branching: { [PROJECT_REF]: 'main' }, projectBranches: [projectBranch(PROJECT_REF, 'login')] });
    renderArea('branches', { api, permissions: [PERMISSIONS.INTEGRATIONS_WRITE] });
    await screen.findByRole('list', { name: 'Preview branches' });
    expect(screen.queryByRole('button', { name: 'Create branch' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete login' })).toBeNull();
  });

  it('without a connected repository, enabling leads to the repository connection dialog', async () => {
    const api = createFakeApi({ integrations: [organizationIntegration('GitHub')], repositories: [repository('acme/shop')] });
    const user = userEvent.setup();
    renderArea('branches', { api });
    await user.click(await screen.findByRole('button', { name: 'Enable branching' }));
    const dialog = await findDialog('Enable branching');
    expect(within(dialog).getByText(/connect one to this project first/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Connect a repository' }));
    const connect = await findDialog('Connect a repository');
    await waitFor(() => expect(within(connect).getByRole('option', { name: 'acme/shop' })).toBeTruthy());
  });

  it('runs the migrations of a branch and shows each run with its log', async () => {
    const branch = projectBranch(PROJECT_REF, 'login', { git_branch: 'feature-login' });
    const api = shopApi({
      branching: { [PROJECT_REF]: 'main' },
      projectBranches: [branch],
      nextMigrationRun: { id: '40000000-0000-4000-8000-000000000001', ran_at: '2026-01-03T11:00:00Z', git_branch: 'feature-login', ok: false, entries: [{ version: '20260101000000', name: 'add_price', status: 'applied' }, { version: '20260102000000', name: 'broken', status: 'failed', error: 'relation "public.nowhere" does not exist' }] },
    });
    const user = userEvent.setup();
    const view = renderArea('branches', { api });
    await user.click(await screen.findByRole('button', { name: 'Migrations of login' }));
    const dialog = await findDialog('Migrations of login');
    expect(await within(dialog).findByText('No migration runs yet')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Run migrations' }));
    const runs = await within(dialog).findByRole('list', { name: 'Migration runs' });
    expect(within(runs).getByText('Failed')).toBeTruthy();
    expect(within(runs).getByText('20260101000000_add_price: applied')).toBeTruthy();
    expect(within(runs).getByText('20260102000000_broken: failed (relation "public.nowhere" does not exist)')).toBeTruthy();
    expect(view.notices).toContainEqual({ kind: 'error', message: 'A migration failed on login' });
  });

  it('merges a branch after its statements are reviewed; a conflict is explained and the merge cannot be sent', async () => {
    const branch = projectBranch(PROJECT_REF, 'login');
    const other = projectBranch(PROJECT_REF, 'stale');
    const api = shopApi({
      branching: { [PROJECT_REF]: 'main' },
      projectBranches: [branch, other],
      mergePreviews: {
        [branch.id]: { migrations: [{ version: '20260101000000', name: 'add_price', statements: ['alter table public.items add column price int;'] }], conflicts: [] },
        [other.id]: { migrations: [{ version: '20260102000000', name: 'x', statements: ['select 1'] }], conflicts: ['20260105000000'] },
      },
    });
    const user = userEvent.setup();
    const view = renderArea('branches', { api });
    await user.click(await screen.findByRole('button', { name: 'Merge login' }));
    let dialog = await findDialog('Merge login into the main project?');
    const list = await within(dialog).findByRole('list', { name: 'Migrations to merge' });
    expect(within(list).getByText('alter table public.items add column price int;')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(view.notices).toContainEqual({ kind: 'success', message: 'Merged 1 migration of login into the main project' }));
    expect(api.argsOf('branching.merge')).toEqual([[branch.id]]);

    await user.click(screen.getByRole('button', { name: 'Merge stale' }));
    dialog = await findDialog('Merge stale into the main project?');
    expect(await within(dialog).findByText('The main project has changed since this branch')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Merge' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
