import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { auditEntry, createFakeApi } from '@plinth/area-kit/testing';
import { renderArea } from '../../testing/render-area';
import { auditLogCsv } from './AuditLogs';

const GRACE = '22222222-2222-4222-8222-222222222222';
const entries = [
  auditEntry({ id: '3', occurred_at: '2026-11-22T09:00:00.000Z', actor_id: GRACE, actor_email: 'grace@example.com', action: 'POST /platform/organizations/:slug/invitations', target: '/api/platform/organizations/acme/invitations' }),
  auditEntry({ id: '2', occurred_at: '2026-11-21T09:00:00.000Z', action: 'PATCH /platform/organizations/:slug/members/:userId', target: `/api/platform/organizations/acme/members/${GRACE}`, ip_address: '198.51.100.4' }),
  auditEntry({ id: '1', occurred_at: '2026-11-20T09:00:00.000Z' }),
];

describe('audit logs', () => {
  it('on the free plan the organization page explains the plan requirement and reads nothing', async () => {
    const api = createFakeApi();
    renderArea('/org/acme/audit', { api });
    expect(await screen.findByText(/Audit logs are available on the Team and Enterprise plans\. This organization is on the Free plan/)).toBeTruthy();
    expect(api.callNames()).not.toContain('team.auditLogs');
  });

  it('lists who did what, when and from where; filters by member, action and time; exports CSV and JSON', async () => {
    const user = userEvent.setup();
    const api = createFakeApi({ plan: 'team', auditLog: entries });
    renderArea('/org/acme/audit', { api });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[2]!.textContent)).toEqual(['Invitation sent', 'Member role changed', 'Organization renamed']);
    expect(within(rows[1]!).getByText('198.51.100.4')).toBeTruthy();
    expect(within(rows[0]!).getByText('grace@example.com')).toBeTruthy();
    expect(screen.getByText('3 changes')).toBeTruthy();

    await waitFor(() => expect(screen.getByRole('option', { name: 'grace@example.com' })).toBeTruthy());
    await user.selectOptions(screen.getByLabelText('Member'), GRACE);
    await waitFor(() => expect(screen.getByText('1 change')).toBeTruthy());
    expect(api.argsOf('team.auditLogs').at(-1)).toEqual(['acme', { actor: GRACE, action: undefined, from: undefined, to: undefined, limit: 1000 }]);
    await user.selectOptions(screen.getByLabelText('Member'), '');
    await user.selectOptions(screen.getByLabelText('Action'), 'PATCH /platform/organizations/:slug/members/:userId');
    await waitFor(() => expect(screen.getByText('1 change')).toBeTruthy());
    expect(within(screen.getByRole('table', { name: 'Audit log' })).getByText('Member role changed')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Action'), '');
    await user.type(screen.getByLabelText('From'), '2026-11-22T00:00');
    await waitFor(() => expect(api.argsOf('team.auditLogs').at(-1)?.[1]).toMatchObject({ from: new Date('2026-11-22T00:00').toISOString() }));
    await waitFor(() => expect(screen.getByText('1 change')).toBeTruthy());
    await user.type(screen.getByLabelText('To'), '2026-11-22T01:00');
    expect(await screen.findByText('No change matches these filters.')).toBeTruthy();
    await user.clear(screen.getByLabelText('From'));
    await user.clear(screen.getByLabelText('To'));
    await waitFor(() => expect(screen.getByText('3 changes')).toBeTruthy());

    const created: Blob[] = [];
    const createObjectURL = vi.fn((b: Blob) => (created.push(b), 'blob:x'));
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await user.click(screen.getByRole('button', { name: 'Export JSON' }));
    expect(created).toHaveLength(2);
    const text = (b: Blob) =>
      new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(b);
      });
    const csv = await text(created[0]!);
    expect(csv.split('\n')[0]).toBe('occurred_at,actor_email,actor_id,action,target,status,ip_address,organization_slug,project_ref');
    expect(csv.split('\n')).toHaveLength(5);
    expect(JSON.parse(await text(created[1]!))).toHaveLength(3);
  });

  it("the account's page lists the user's own changes", async () => {
    const api = createFakeApi({ accountAuditLog: [auditEntry({ id: '9', action: 'PATCH /platform/profile', target: '/api/platform/profile', organization_slug: null })] });
    renderArea('/account/audit', { api });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(table).getByText('Profile updated')).toBeTruthy();
    expect(screen.queryByLabelText('Member')).toBeNull();
  });

  it('a load failure says so with a retry', async () => {
    const api = createFakeApi({ plan: 'team' });
    api.failures['team.auditLogs'] = { status: 503, message: 'The control database is not answering' };
    renderArea('/org/acme/audit', { api });
    expect(await screen.findByText('The control database is not answering')).toBeTruthy();
    expect(screen.getByRole('button', { name: /retry/i })).toBeTruthy();
  });

  it('a quoted field stays one CSV field', () => {
    const csv = auditLogCsv([auditEntry({ actor_email: 'a,"b"@example.com' })]);
    expect(csv.split('\n')[1]).toContain('"a,""b""@example.com"');
  });
});
