import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@plinth/shared-contracts';
import { useRealApi } from '@plinth/area-kit/testing/real-api';
import { createApi } from '../../api';
import { renderArea } from '../../testing/render-area';
import { formatUtc } from './time';

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

  it('writes the start time in UTC', () => {
    expect(formatUtc('2026-11-21T23:48:12.000Z')).toBe('2026-11-21 23:48 UTC');
  });
});
