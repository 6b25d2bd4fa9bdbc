import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRealApi } from '@plinth/area-kit/testing/real-api';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { createApi } from '../../api';
import { renderArea } from '../../testing/render-area';

// The providers page's multi-factor authentication card against the real console API and auth
// service: a switch turned on in the page is what an app's phone factor enrolment then meets.
const api = useRealApi(createApi);
const LOAD = { timeout: 10_000 };

const card = () => screen.findByRole('region', { name: 'Multi-factor authentication' }, LOAD);
const ENROL = 'Allow phone factor enrollment';
const VERIFY = 'Allow phone factor verification';

/** A new app user's access token. */
async function appUser(name: string): Promise<string> {
  const signUp = await api.app({ method: 'POST', path: '/auth/v1/signup', body: { email: `${name}-${Date.now()}@example.com`, password: 'a long enough password 1' } });
  expect(signUp.status).toBe(200);
  return (signUp.json as { access_token: string }).access_token;
}
const enrolPhone = (token: string) =>
  api.app({ method: 'POST', path: '/auth/v1/factors', token, body: { factor_type: 'phone', phone: `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}` } });

describe('multi-factor authentication on the providers page', { timeout: 30_000 }, () => {
  it('turns phone factor enrollment on: an app user enrolling a phone factor is then accepted, refused before', async () => {
    const token = await appUser('mfa-card');
    const before = await enrolPhone(token);
    expect(before.status).toBe(422);
    expect(before.json).toMatchObject({ error_code: 'mfa_phone_enroll_not_enabled' });

    const user = userEvent.setup({ delay: null });
    renderArea('auth/providers', { api });
    const mfa = await card();
    const enrol = await within(mfa).findByRole('switch', { name: ENROL }, LOAD);
    expect(enrol.getAttribute('aria-checked')).toBe('false');
    expect(within(mfa).getByRole('switch', { name: VERIFY }).getAttribute('aria-checked')).toBe('false');

    await user.click(enrol);
    await waitFor(() => expect(within(mfa).getByRole('switch', { name: ENROL }).getAttribute('aria-checked')).toBe('true'));
    expect(api.argsOf('authMfa.updateAuthMfaSettings')).toEqual([[api.projectRef, { phone_enroll_enabled: true }]]);
    expect(within(mfa).getByRole('switch', { name: VERIFY }).getAttribute('aria-checked')).toBe('false');

    const after = await enrolPhone(token);
    expect(after.status).toBe(200);
    expect(after.json).toMatchObject({ type: 'phone' });

    // Off again: the next enrolment is refused once more.
    await user.click(within(mfa).getByRole('switch', { name: ENROL }));
    await waitFor(() => expect(within(mfa).getByRole('switch', { name: ENROL }).getAttribute('aria-checked')).toBe('false'));
    expect((await enrolPhone(await appUser('mfa-card-off'))).json).toMatchObject({ error_code: 'mfa_phone_enroll_not_enabled' });
  });

  it('shows the switches read-only to a member who may not change them', async () => {
    const user = userEvent.setup({ delay: null });
    renderArea('auth/providers', { api, permissions: [PERMISSIONS.SQL_ADMIN_READ] });
    const mfa = await card();
    const enrol = await within(mfa).findByRole('switch', { name: ENROL }, LOAD);
    expect(enrol.getAttribute('aria-disabled')).toBe('true');
    await user.click(enrol);
    await user.click(within(mfa).getByRole('switch', { name: VERIFY }));
    expect(api.argsOf('authMfa.updateAuthMfaSettings')).toEqual([]);
    expect(await api.clients.authMfa.getAuthMfaSettings(api.projectRef)).toEqual({ phone_enroll_enabled: false, phone_verify_enabled: false });
  });

  it('says when the settings cannot be read, and reads them again on retry', async () => {
    const user = userEvent.setup({ delay: null });
    api.failures['authMfa.getAuthMfaSettings'] = { status: 503, message: 'The auth service is not answering' };
    renderArea('auth/providers', { api });
    expect(await screen.findByText(/Failed to retrieve multi-factor authentication settings: The auth service is not answering/, undefined, LOAD)).toBeTruthy();
    api.failures['authMfa.getAuthMfaSettings'] = undefined;
    await user.click(screen.getByRole('button', { name: /retry/i }));
    expect(await within(await card()).findByRole('switch', { name: ENROL }, LOAD)).toBeTruthy();
  });
});
