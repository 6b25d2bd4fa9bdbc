import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@plinth/shared-contracts';
import { useRealApi } from '@plinth/area-kit/testing/real-api';
import { createApi } from '../../api';
import { renderArea } from '../../testing/render-area';
import { formatLocal, formatUtc } from './time';

const api = useRealApi(createApi);

describe('project infrastructure', { timeout: 30_000 }, () => {
  it('shows the engine and the database version; a project on the latest version is offered no upgrade, and the API refuses one', async () => {
    renderArea('settings/infrastructure', { api });
    expect(await screen.findByText(/^\d+-plinth\.\d+$/)).toBeTruthy();
    expect(screen.getByText(/^Postgres( \(embedded, PGlite\))?$/)).toBeTruthy();
    expect(await screen.findByText(/This project's database is on the latest version/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade database' })).toBeNull();
    expect(await screen.findByText("This project's database has not been upgraded.")).toBeTruthy();
    const info = await api.clients.databaseUpgrade.getEligibility(api.projectRef);
    const refused = await api.clients.databaseUpgrade.start(api.projectRef, { target_version: info.current_version }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(400);
    expect(api.writes()).toEqual(['databaseUpgrade.start']);
  });

  it('shows the compute size the project runs, Micro until a larger size is chosen on Add Ons, and leads there', async () => {
    const user = userEvent.setup({ delay: null });
    const view = renderArea('settings/infrastructure', { api });
    const compute = await screen.findByRole('region', { name: 'Compute' });
    expect(await within(compute).findByText('Micro')).toBeTruthy();
    await user.click(within(compute).getByRole('link', { name: 'Change compute size' }));
    expect(view.navigations).toEqual([`/project/${api.projectRef}/settings/addons`]);
  });

  it('says when the version cannot be read, and reads it again on Retry', async () => {
    api.failures['databaseUpgrade.getEligibility'] = { status: 503, message: 'The platform is not answering' };
    const user = userEvent.setup({ delay: null });
    renderArea('settings/infrastructure', { api });
    expect(await screen.findByText('Failed to retrieve the database version')).toBeTruthy();
    expect(screen.getByText(/The platform is not answering/)).toBeTruthy();
    delete api.failures['databaseUpgrade.getEligibility'];
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText('Failed to retrieve the database version')).toBeNull());
    expect(await screen.findByText(/^\d+-plinth\.\d+$/)).toBeTruthy();
  });

  it('writes the start time in UTC, and in the local time zone with its name for the tooltip', () => {
    expect(formatUtc('2026-11-21T23:48:12.000Z')).toBe('2026-11-21 23:48 UTC');
    expect(formatLocal('2026-11-21T23:48:12.000Z', 'en-US', 'America/New_York')).toBe('Nov 21, 2026, 6:48 PM EST');
    expect(formatLocal('2026-11-21T23:48:12.000Z', 'en-GB', 'Europe/Oslo')).toMatch(/^22 Nov 2026, 00:48 (CET|GMT\+1)$/);
    expect(formatLocal('not a time')).toBe('not a time');
  });
});
