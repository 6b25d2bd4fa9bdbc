import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi, FAKE_INVITATION_TOKEN } from '@plinth/area-kit/testing';
import type { Invitation } from '@plinth/contracts-billing';
import { renderArea } from '../../testing/render-area';

const invitation = (over: Partial<Invitation> = {}): Invitation => ({
  id: 'inv-1',
  invited_email: 'me@example.com',
  role: 'Developer',
  invited_by: 'grace@example.com',
  invited_at: '2026-11-20T10:00:00.000Z',
  expires_at: '2026-11-27T10:00:00.000Z',
  expired: false,
  ...over,
});

describe('accepting an invitation', () => {
  it('shows the organization and role, accepts, and opens the organization', async () => {
    const user = userEvent.setup();
    const api = createFakeApi({ invitations: [invitation()] });
    const { notices, navigations } = renderArea(`/account/invitation?token=${FAKE_INVITATION_TOKEN}`, { api });
    expect(await screen.findByText('You have been invited to join Acme Inc as Developer.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(api.argsOf('team.acceptInvitation')).toEqual([[FAKE_INVITATION_TOKEN]]));
    await waitFor(() => expect(notices.at(-1)?.message).toBe('You joined Acme Inc as Developer'));
    expect(navigations.at(-1)).toBe('/org/acme/general');
  });

  it('names a role older builds do not know (Billing admin) as the API holds it', async () => {
    // The API answers `role` as a 1.6 build reads it (Read-only) and the role itself in `organization_role`.
    const api = createFakeApi({ invitations: [invitation({ role: 'Read-only' })], invitationRoles: { 'inv-1': 'Billing admin' } });
    renderArea(`/account/invitation?token=${FAKE_INVITATION_TOKEN}`, { api });
    expect(await screen.findByText('You have been invited to join Acme Inc as Billing admin.')).toBeTruthy();
  });

  it('an expired invitation cannot be accepted and says to ask for it again', async () => {
    renderArea(`/account/invitation?token=${FAKE_INVITATION_TOKEN}`, { api: createFakeApi({ invitations: [invitation({ expired: true })] }) });
    expect(await screen.findByText('This invitation has expired: ask a member of Acme Inc to send it again.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Accept invitation' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('an invitation for another address says to sign in with it', async () => {
    renderArea(`/account/invitation?token=${FAKE_INVITATION_TOKEN}`, { api: createFakeApi({ invitations: [invitation({ invited_email: 'ada@example.com' })] }) });
    expect(await screen.findByText(/This invitation is for ada@example\.com, and you are signed in as me@example\.com/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Accept invitation' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a revoked or unknown link says so in the API words', async () => {
    renderArea('/account/invitation?token=nope', { api: createFakeApi() });
    expect(await screen.findByText('This invitation link is not valid: it may have been revoked, resent or already accepted')).toBeTruthy();
  });
});
