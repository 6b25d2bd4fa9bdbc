import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALL_PERMISSIONS, PERMISSIONS } from '@plinth/shared-contracts';
import { createFakeApi, PROJECT_REF } from '@plinth/area-kit/testing';
import { renderArea } from '../../testing/render-area';

const GENERAL_PAGE = `/project/${PROJECT_REF}/settings/general`;

describe('the custom domain on Project Settings, General', () => {
  it('offers to add one, and refuses what is not a domain before calling the API', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    renderArea(GENERAL_PAGE, { api });
    const panel = await screen.findByRole('region', { name: 'Custom domain' });
    const input = await within(panel).findByRole('textbox', { name: 'Custom domain' });
    await user.type(input, 'not a domain');
    await user.click(within(panel).getByRole('button', { name: 'Add' }));
    expect(await within(panel).findByText('custom_hostname must be a domain name such as api.example.com')).toBeTruthy();
    expect(api.argsOf('settings.setCustomHostname')).toEqual([]);
  });

  it('shows the TXT record to publish and what the last check found', async () => {
    const api = createFakeApi();
    api.state.customHostname = {
      status: '2_initiated',
      data: {
        result: {
          id: 'h1',
          hostname: 'api.example.com',
          ssl: { status: 'pending_validation' },
          status: 'pending',
          created_at: '2026-11-27T10:00:00.000Z',
          ownership_verification: { type: 'txt', name: '_plinth-challenge.api.example.com', value: 'plinth-verification=abc' },
          verification_errors: ['No TXT record was found at _plinth-challenge.api.example.com.'],
        },
      },
    };
    renderArea(GENERAL_PAGE, { api });
    const panel = await screen.findByRole('region', { name: 'Custom domain' });
    expect((await within(panel).findByRole('status', { name: 'TXT record name' })).textContent).toBe('_plinth-challenge.api.example.com');
    expect(within(panel).getByRole('status', { name: 'TXT record value' }).textContent).toBe('plinth-verification=abc');
    expect(within(panel).getByText('No TXT record was found at _plinth-challenge.api.example.com.')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Verify' })).toBeTruthy();
  });

  it('keeps Add disabled, with the reason, for a member who may not change the project', async () => {
    const user = userEvent.setup();
    renderArea(GENERAL_PAGE, { permissions: ALL_PERMISSIONS.filter((p) => p !== PERMISSIONS.PROJECTS_WRITE) });
    const panel = await screen.findByRole('region', { name: 'Custom domain' });
    const add = await within(panel).findByRole('button', { name: 'Add' });
    expect(add.getAttribute('aria-disabled')).toBe('true');
    await user.hover(add);
    expect((await screen.findByRole('tooltip')).textContent).toContain('add a custom domain');
  });

  it('says the plan has no custom domains on the free plan', async () => {
    const api = createFakeApi();
    api.state.customHostname = { status: '0_not_allowed', data: null };
    renderArea(GENERAL_PAGE, { api });
    expect(await screen.findByText(/Custom domains are available on the Pro plan and above/)).toBeTruthy();
  });
});
