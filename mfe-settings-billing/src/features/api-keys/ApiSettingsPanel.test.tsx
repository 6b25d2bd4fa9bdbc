import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALL_PERMISSIONS, PERMISSIONS } from '@plinth/shared-contracts';
import { ANON_KEY, createFakeApi, JWT_SECRET, PROJECT_REF, SERVICE_KEY } from '@plinth/area-kit/testing';
import { renderArea } from '../../testing/render-area';
import { MASKED_VALUE } from '../../area/SecretField';

const API_PAGE = `/project/${PROJECT_REF}/settings/api`;
const valueOf = (label: string) => screen.getByRole('status', { name: label }).textContent;

describe('API settings', () => {
  it('shows the anon key, hides service_role until revealed, and shows URL and JWT Secret', async () => {
    const user = userEvent.setup();
    renderArea(API_PAGE);
    expect(await screen.findByRole('heading', { name: 'Project API keys' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Project Configuration' })).toBeTruthy();
    await screen.findByText(ANON_KEY);
    expect(valueOf('service_role')).toBe(MASKED_VALUE);
    await waitFor(() => expect(valueOf('URL')).toBe(`https://${PROJECT_REF}.plinth.test`));
    expect(valueOf('JWT Secret')).toBe(MASKED_VALUE);
    const [revealKey, revealSecret] = screen.getAllByRole('button', { name: 'Reveal' });
    await user.click(revealKey);
    expect(valueOf('service_role')).toBe(SERVICE_KEY);
    await user.click(revealSecret);
    expect(valueOf('JWT Secret')).toBe(JWT_SECRET);
  });

  it('keeps the secret key hidden without the permission, with the spec tooltip', async () => {
    const user = userEvent.setup();
    renderArea(API_PAGE, { permissions: ALL_PERMISSIONS.filter((p) => p !== PERMISSIONS.SERVICE_API_KEYS_READ) });
    await screen.findByText(ANON_KEY);
    const reveal = screen.getAllByRole('button', { name: 'Reveal' })[0];
    expect(reveal.getAttribute('aria-disabled')).toBe('true');
    await user.click(reveal);
    expect(valueOf('service_role')).toBe(MASKED_VALUE);
    await user.hover(reveal);
    expect((await screen.findByRole('tooltip')).textContent).toContain('You need additional permissions to view API keys');
  });

  it('says Updating JWT secret... while the update runs, polling until it is done', async () => {
    const api = createFakeApi();
    api.state.jwtStates = ['Updating', 'Updating', 'Updated'];
    renderArea(API_PAGE, { api });
    expect(await screen.findByText('Updating JWT secret...')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Updating JWT secret...')).toBeNull(), { timeout: 4000 });
    const polls = api.argsOf('settings.getJwtSecretUpdateStatus').length;
    expect(polls).toBeGreaterThanOrEqual(3);
  });

  it('warns when the JWT secret update failed', async () => {
    const api = createFakeApi();
    api.state.jwtStates = ['Failed'];
    renderArea(API_PAGE, { api });
    expect(await screen.findByText('JWT secret update failed, new API key may have issues')).toBeTruthy();
  });

  it('re-reads the settings until the API keys exist', async () => {
    const api = createFakeApi();
    api.state.keysReady = false;
    renderArea(API_PAGE, { api });
    expect(await screen.findByText('The API keys are being created…')).toBeTruthy();
    api.state.keysReady = true;
    expect(await screen.findByText(ANON_KEY, undefined, { timeout: 4000 })).toBeTruthy();
  });

  it('says Failed to retrieve API keys and Failed to retrieve configuration when the reads fail', async () => {
    const api = createFakeApi();
    api.failures['settings.getProjectSettings'] = { status: 500, message: 'down' };
    api.failures['settings.getProjectConfig'] = { status: 500, message: 'down' };
    renderArea(API_PAGE, { api });
    expect(await screen.findByText('Failed to retrieve API keys')).toBeTruthy();
    expect(await screen.findByText('Failed to retrieve configuration')).toBeTruthy();
  });

  it('starts a JWT secret rotation and follows its status', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    renderArea(API_PAGE, { api });
    await user.click(await screen.findByRole('button', { name: 'Generate a new JWT secret' }));
    expect(await screen.findByText('Updating JWT secret...')).toBeTruthy();
    expect(api.writes()).toContain('settings.updateJwtSecret');
  });
});
