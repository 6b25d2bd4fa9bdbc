import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALL_PERMISSIONS, PERMISSIONS } from '@plinth/shared-contracts';
import { createFakeApi, PROJECT_REF } from '@plinth/area-kit/testing';
import { renderArea } from '../../testing/render-area';

const DATABASE_PAGE = `/project/${PROJECT_REF}/settings/database`;
const uriOf = async () => (await screen.findByLabelText('Connection string (URI)')).textContent;

describe('Project Settings, Database', () => {
  it('shows the connection details with the password hidden, and reveals it into both connection strings', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    renderArea(DATABASE_PAGE, { api });
    const details = await screen.findByRole('region', { name: 'Connection details' });
    expect(within(details).getByText('localhost')).toBeTruthy();
    expect(within(details).getByText('5433')).toBeTruthy();
    expect(within(details).getByText(`postgres.${PROJECT_REF}`)).toBeTruthy();
    expect(await uriOf()).toBe(`postgresql://postgres.${PROJECT_REF}:[YOUR-PASSWORD]@localhost:5433/postgres`);
    expect(api.argsOf('databaseSettings.revealDatabasePassword')).toEqual([]);
    await user.click(within(details).getByRole('button', { name: 'Reveal password' }));
    await waitFor(async () => expect(await uriOf()).toBe(`postgresql://postgres.${PROJECT_REF}:db-password-1@localhost:5433/postgres`));
    expect(screen.getByLabelText('Connection string (key-value)').textContent).toBe(`host=localhost port=5433 dbname=postgres user=postgres.${PROJECT_REF} password=db-password-1`);
  });

  it('resets the password after a confirmation and shows the new one', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    const { notices } = renderArea(DATABASE_PAGE, { api });
    const reset = await screen.findByRole('region', { name: 'Database password' });
    await user.click(within(reset).getByRole('button', { name: 'Reset database password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the database password?' });
    expect(api.argsOf('databaseSettings.resetDatabasePassword')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    await waitFor(async () => expect(await uriOf()).toContain(':db-password-1-new@'));
    expect(notices).toContainEqual({ kind: 'success', message: 'Database password reset' });
  });

  it('saves the connection limit and statement time-out, refusing values out of bounds before calling the API', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    renderArea(DATABASE_PAGE, { api });
    const limits = await screen.findByRole('region', { name: 'Connection limits' });
    const limit = within(limits).getByRole('textbox', { name: 'Connection limit' });
    const timeout = within(limits).getByRole('textbox', { name: 'Statement time-out (seconds)' });
    await user.type(limit, '0');
    await user.click(within(limits).getByRole('button', { name: 'Save' }));
    expect(await within(limits).findByText('Enter a whole number from 1 to 100, or leave it empty for the default')).toBeTruthy();
    expect(api.argsOf('databaseSettings.updateDatabaseSettings')).toEqual([]);
    await user.clear(limit);
    await user.type(limit, '5');
    await user.type(timeout, '2.5');
    await user.click(within(limits).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.argsOf('databaseSettings.updateDatabaseSettings')).toEqual([[PROJECT_REF, { connection_limit: 5, statement_timeout_ms: 2500 }]]));
    expect(await within(limits).findByText('Connections open at once. Now 5.')).toBeTruthy();
  });

  it('keeps reveal, reset and save disabled, with the reason, for a read-only member', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    renderArea(DATABASE_PAGE, { api, permissions: ALL_PERMISSIONS.filter((p) => p !== PERMISSIONS.SQL_QUERY_RUN && p !== PERMISSIONS.PROJECTS_WRITE) });
    const details = await screen.findByRole('region', { name: 'Connection details' });
    const reveal = within(details).getByRole('button', { name: 'Reveal password' });
    expect(reveal.getAttribute('aria-disabled')).toBe('true');
    await user.hover(reveal);
    expect((await screen.findByRole('tooltip')).textContent).toContain('see the database password');
    const reset = screen.getByRole('region', { name: 'Database password' });
    expect(within(reset).getByRole('button', { name: 'Reset database password' }).getAttribute('aria-disabled')).toBe('true');
    expect(api.writes()).toEqual([]);
  });

  it('says so when the settings cannot be read, and retries', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    api.failures['databaseSettings.getDatabaseSettings'] = { status: 503, message: 'The API is down' };
    renderArea(DATABASE_PAGE, { api });
    expect(await screen.findByText('Failed to retrieve the database settings')).toBeTruthy();
    api.failures['databaseSettings.getDatabaseSettings'] = undefined;
    await user.click(screen.getByRole('button', { name: /retry/i }));
    expect(await screen.findByRole('region', { name: 'Connection details' })).toBeTruthy();
  });
});
