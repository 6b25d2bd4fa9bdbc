import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRealApi } from '@plinth/area-kit/testing/real-api';
import { DEFAULT_AUTH_RATE_LIMITS } from '@plinth/contracts-auth';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { createApi } from '../../api';
import { renderArea } from '../../testing/render-area';

// The providers page's rate limits against the real console API and auth service: what is saved is
// what an app then meets.
const api = useRealApi(createApi);
const LOAD = { timeout: 10_000 };

const card = () => screen.findByRole('region', { name: 'Rate limits' }, LOAD);

describe('rate limits on the providers page', { timeout: 30_000 }, () => {
  it("shows GoTrue's defaults, refuses a value out of range, and saves only what changed; the auth service then answers 429", async () => {
    const user = userEvent.setup({ delay: null });
    renderArea('auth/providers', { api });
    const limits = await card();
    const refreshes = await within(limits).findByRole('textbox', { name: 'Token refreshes' }, LOAD);
    expect((refreshes as HTMLInputElement).value).toBe(String(DEFAULT_AUTH_RATE_LIMITS.token_refresh));
    expect(within(limits).getByText(/requests per 5 minutes, per client address; default 150\./)).toBeTruthy();
    expect((within(limits).getByRole('textbox', { name: 'SMS sent' }) as HTMLInputElement).value).toBe('30');
    expect(within(limits).getByText(/messages per hour, the whole project; default 30\./)).toBeTruthy();

    await user.clear(refreshes);
    await user.type(refreshes, '0');
    await user.click(within(limits).getByRole('button', { name: 'Save rate limits' }));
    expect(await within(limits).findByText('Enter a whole number from 1 to 1,000,000')).toBeTruthy();
    expect(api.argsOf('authUsers.updateAuthRateLimits')).toEqual([]);

    await user.clear(refreshes);
    await user.type(refreshes, '1');
    await user.click(within(limits).getByRole('button', { name: 'Save rate limits' }));
    await waitFor(() => expect(api.argsOf('authUsers.updateAuthRateLimits')).toEqual([[api.projectRef, { token_refresh: 1 }]]));
    expect(await api.clients.authUsers.getAuthRateLimits(api.projectRef)).toEqual({ ...DEFAULT_AUTH_RATE_LIMITS, token_refresh: 1 });

    // An app's second refresh from this address within 5 minutes is refused.
    const signUp = await api.app({ method: 'POST', path: '/auth/v1/signup', body: { email: 'limited@example.com', password: 'a long enough password 1' } });
    const first = await api.app({ method: 'POST', path: '/auth/v1/token?grant_type=refresh_token', body: { refresh_token: (signUp.json as { refresh_token: string }).refresh_token } });
    expect(first.status).toBe(200);
    const second = await api.app({ method: 'POST', path: '/auth/v1/token?grant_type=refresh_token', body: { refresh_token: (first.json as { refresh_token: string }).refresh_token } });
    expect(second.status).toBe(429);
    expect(second.json).toMatchObject({ error_code: 'over_request_rate_limit' });
  });

  it('shows the limits read-only to a member who may not change them', async () => {
    const user = userEvent.setup({ delay: null });
    renderArea('auth/providers', { api, permissions: [PERMISSIONS.SQL_ADMIN_READ] });
    const limits = await card();
    const emails = await within(limits).findByRole('textbox', { name: 'Emails sent' }, LOAD);
    expect(emails.hasAttribute('disabled')).toBe(true);
    await user.click(within(limits).getByRole('button', { name: 'Save rate limits' }));
    expect(api.argsOf('authUsers.updateAuthRateLimits')).toEqual([]);
  });
});
