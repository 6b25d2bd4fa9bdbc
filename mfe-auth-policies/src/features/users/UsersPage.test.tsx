import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authUser, createFakeApi, findDialog } from '@plinth/area-kit/testing';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { renderArea } from '../../testing/render-area';

// jsdom does no layout: give the users table the height a browser would.
let heightSpy: { mockRestore: () => void } | undefined;
beforeEach(() => {
  heightSpy = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.hasAttribute('data-virtual-list') ? 560 : 0;
  });
});
afterEach(() => heightSpy?.mockRestore());

const emails = () => within(screen.getByRole('grid', { name: 'Users' })).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('gridcell')[0]!.textContent);

function setup(users = [authUser({ email: 'ada@example.com', last_sign_in_at: '2026-03-01T10:00:00.000Z' }), authUser({ email: 'bob@example.com' })], permissions?: string[]) {
  const api = createFakeApi({ authUsers: users });
  const view = renderArea('auth/users', { api, ...(permissions ? { permissions } : {}) });
  return { ...view, api, user: userEvent.setup({ delay: null }) };
}

describe('users page', { timeout: 20_000 }, () => {
  it('lists the users with provider, created, last sign-in and status, and searches by email', async () => {
    const { user, api } = setup();
    await screen.findByRole('grid', { name: 'Users' });
    expect(emails()).toEqual(['ada@example.com', 'bob@example.com']);
    const ada = screen.getAllByRole('row')[1]!;
    expect(within(ada).getByText('1 Mar 2026, 10:00 UTC')).toBeTruthy();
    expect(within(ada).getByText('Active')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Search users by email or phone' }), 'bob');
    await waitFor(() => expect(emails()).toEqual(['bob@example.com']));
    expect(api.argsOf('authUsers.listAuthUsers').at(-1)).toEqual([expect.any(String), { page: 1, per_page: 50, search: 'bob' }]);
    await user.clear(screen.getByRole('textbox', { name: 'Search users by email or phone' }));
    await user.type(screen.getByRole('textbox', { name: 'Search users by email or phone' }), 'nobody');
    expect(await screen.findByText('No users found')).toBeTruthy();
  });

  it('pages through many users', async () => {
    const many = Array.from({ length: 120 }, (_, i) => authUser({ email: `user${String(i).padStart(3, '0')}@example.com` }));
    const { user } = setup(many);
    expect(await screen.findByText('Showing 1–50 of 120 users')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 51–100 of 120 users')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 101–120 of 120 users')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('creates a user, and shows a taken email on its field', async () => {
    const { user, api, notices } = setup();
    await user.click(await screen.findByRole('button', { name: 'Create user' }));
    const panel = await findDialog('Create a new user');
        await user.type(within(panel).getByRole('textbox', { name: /Email address/ }), 'ada@example.com');
    await user.type(within(panel).getByLabelText(/Password/), 'secret-password');
    await user.click(within(panel).getByRole('button', { name: 'Create user' }));
    expect(await within(panel).findByText('A user with this email address has already been registered')).toBeTruthy();

    await user.clear(within(panel).getByRole('textbox', { name: /Email address/ }));
    await user.type(within(panel).getByRole('textbox', { name: /Email address/ }), 'cleo@example.com');
    await user.click(within(panel).getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.argsOf('authUsers.createAuthUser').at(-1)).toEqual([expect.any(String), { email: 'cleo@example.com', password: 'secret-password', auto_confirm: true }]);
    expect(notices).toContainEqual({ kind: 'success', message: 'Created user cleo@example.com' });
    await waitFor(() => expect(emails()).toContain('cleo@example.com'));
  });

  it('invites a user by email', async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const panel = await findDialog('Invite a user');
        await user.type(within(panel).getByRole('textbox', { name: /Email address/ }), 'not-an-email');
    await user.click(within(panel).getByRole('button', { name: 'Send invitation' }));
    expect(await within(panel).findByText('Enter a valid email address')).toBeTruthy();
    await user.clear(within(panel).getByRole('textbox', { name: /Email address/ }));
    await user.type(within(panel).getByRole('textbox', { name: /Email address/ }), 'dan@example.com');
    await user.click(within(panel).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(api.state.authEmails).toEqual([{ to: 'dan@example.com', kind: 'invite' }]));
    await waitFor(() => expect(within(screen.getAllByRole('row')[1]!).getByText('Invited')).toBeTruthy());
  });

  it('opens a user by keyboard, bans them and sends a recovery from the row menu', async () => {
    const { user, api, notices } = setup();
    const grid = await screen.findByRole('grid', { name: 'Users' });
    grid.focus();
    await user.keyboard('{Enter}');
    const panel = await findDialog('ada@example.com');
    expect(within(panel).getByText(api.state.authUsers[0]!.id)).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Ban user' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notices).toContainEqual({ kind: 'success', message: 'Banned ada@example.com' });
    await waitFor(() => expect(within(screen.getAllByRole('row')[1]!).getByText('Banned')).toBeTruthy());

    await user.click(screen.getByRole('button', { name: 'Actions for bob@example.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Send password recovery' }));
    await waitFor(() => expect(api.state.authEmails).toEqual([{ to: 'bob@example.com', kind: 'recovery' }]));
  });

  it('deletes a user once their email is typed', async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for bob@example.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete user' }));
    const dialog = await findDialog('Delete user bob@example.com');
    const confirm = within(dialog).getByRole('button', { name: 'Delete user' }) as HTMLButtonElement;
    await user.type(within(dialog).getByRole('textbox'), 'bob@example');
    expect(confirm.disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox'), '.com');
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.state.authUsers.map((u) => u.email)).toEqual(['ada@example.com']);
  });

  it('shows a failed list with a retry, and an empty project with a prompt', async () => {
    const api = createFakeApi({ authUsers: [] });
    api.failures['authUsers.listAuthUsers'] = { status: 503, message: 'Project database is not reachable' };
    const user = userEvent.setup({ delay: null });
    renderArea('auth/users', { api });
    expect(await screen.findByText('Failed to retrieve users: Project database is not reachable')).toBeTruthy();
    delete api.failures['authUsers.listAuthUsers'];
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No users yet')).toBeTruthy();
  });

  it('keeps a read-only member from changing users', async () => {
    const { user, api } = setup(undefined, [PERMISSIONS.SQL_ADMIN_READ]);
    const create = await screen.findByRole('button', { name: 'Create user' });
    expect(create.getAttribute('aria-disabled')).toBe('true');
    await user.click(create);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Actions for ada@example.com' }));
    expect((await screen.findByRole('menuitem', { name: 'Ban user' })).getAttribute('aria-disabled')).toBe('true');
    expect(api.writes()).toEqual([]);
  });
});
