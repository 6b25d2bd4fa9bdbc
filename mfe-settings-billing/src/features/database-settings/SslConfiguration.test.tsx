import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALL_PERMISSIONS, PERMISSIONS } from '@plinth/shared-contracts';
import { createFakeApi, PROJECT_REF } from '@plinth/area-kit/testing';
import { renderArea } from '../../testing/render-area';

const DATABASE_PAGE = `/project/${PROJECT_REF}/settings/database`;
const OFFERED = { embedded: true, offered: true, enforced: false, unavailable_reason: null };

describe('Project Settings, Database, SSL configuration', () => {
  it('says the platform offers no SSL and why, with the switch disabled and the reason on it', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    renderArea(DATABASE_PAGE, { api });
    const section = await screen.findByRole('region', { name: 'SSL configuration' });
    expect(await within(section).findByText('Not offered by the platform')).toBeTruthy();
    expect(within(section).getByText(/has no certificate for database connections/)).toBeTruthy();
    const toggle = within(section).getByRole('switch', { name: 'Enforce SSL on incoming connections' });
    expect(toggle.getAttribute('aria-disabled')).toBe('true');
    await user.hover(toggle);
    expect((await screen.findByRole('tooltip')).textContent).toContain('no certificate');
    expect(api.writes()).toEqual([]);
  });

  it('enforces SSL from the keyboard, and the connection strings then ask for it', async () => {
    const user = userEvent.setup();
    const api = createFakeApi({ databaseSsl: OFFERED });
    const { notices } = renderArea(DATABASE_PAGE, { api });
    const section = await screen.findByRole('region', { name: 'SSL configuration' });
    expect(await within(section).findByText('Offered by the platform')).toBeTruthy();
    expect((await screen.findByLabelText('Connection string (URI)')).textContent).not.toContain('sslmode');
    const toggle = within(section).getByRole('switch', { name: 'Enforce SSL on incoming connections' });
    toggle.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(api.argsOf('databaseSsl.updateDatabaseSsl')).toEqual([[PROJECT_REF, { enforced: true }]]));
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(notices).toContainEqual({ kind: 'success', message: 'SSL is now enforced' });
    await waitFor(() => expect(screen.getByLabelText('Connection string (URI)').textContent).toBe(`postgresql://postgres.${PROJECT_REF}:[YOUR-PASSWORD]@localhost:5433/postgres?sslmode=require`));
    expect(screen.getByLabelText('Connection string (key-value)').textContent).toContain('sslmode=require');
  });

  it('keeps the switch disabled for a member who may not change the project', async () => {
    const api = createFakeApi({ databaseSsl: OFFERED });
    renderArea(DATABASE_PAGE, { api, permissions: ALL_PERMISSIONS.filter((p) => p !== PERMISSIONS.PROJECTS_WRITE) });
    const section = await screen.findByRole('region', { name: 'SSL configuration' });
    const toggle = await within(section).findByRole('switch', { name: 'Enforce SSL on incoming connections' });
    expect(toggle.getAttribute('aria-disabled')).toBe('true');
  });

  it("on a Postgres server shows the server's SSL state and no switch", async () => {
    const api = createFakeApi({ databaseSsl: { embedded: false, offered: true, enforced: false, unavailable_reason: "The project database is on a Postgres server: the server's own SSL configuration decides" } });
    renderArea(DATABASE_PAGE, { api });
    const section = await screen.findByRole('region', { name: 'SSL configuration' });
    expect(await within(section).findByText('On (the server has SSL enabled)')).toBeTruthy();
    expect(within(section).getByText(/server's own SSL configuration decides/)).toBeTruthy();
    expect(within(section).queryByRole('switch')).toBeNull();
  });

  it('says so when the SSL configuration cannot be read, and retries', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    api.failures['databaseSsl.getDatabaseSsl'] = { status: 503, message: 'The API is down' };
    renderArea(DATABASE_PAGE, { api });
    const section = await screen.findByRole('region', { name: 'SSL configuration' });
    expect(await within(section).findByText('Failed to retrieve the SSL configuration')).toBeTruthy();
    api.failures['databaseSsl.getDatabaseSsl'] = undefined;
    await user.click(within(section).getByRole('button', { name: /retry/i }));
    expect(await within(section).findByText('Not offered by the platform')).toBeTruthy();
  });
});
