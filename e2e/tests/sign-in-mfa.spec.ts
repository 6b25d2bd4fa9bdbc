import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { signUpThroughApi } from '../support/api-session';
import { signInThroughUi } from '../support/console-ui';
import { serverUrl } from '../support/servers';

function codeFor(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
}

test('a user with an authenticator app signs in, is asked for a code on /sign-in-mfa and reaches the projects', async ({ page }) => {
  const baseUrl = serverUrl('production');
  const { session, email, password } = await signUpThroughApi(baseUrl, 'mfa');
  const factor = await session.client.auth.enrolFactor({ friendly_name: 'Phone' });
  await session.client.auth.verifyFactor(factor.id, { code: codeFor(factor.totp.secret) });

  await signInThroughUi(page, baseUrl, email, password);
  await expect(page).toHaveURL(/\/sign-in-mfa/);
  await expect(page).toHaveTitle('Two-factor authentication | Plinth');

  const form = page.getByRole('form', { name: 'Verify two-factor code' });
  const wrong = String((Number(codeFor(factor.totp.secret)) + 500_000) % 1_000_000).padStart(6, '0');
  await form.getByLabel('Authentication code').fill(wrong);
  await form.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Invalid code: the code is wrong or expired')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in-mfa/);

  await form.getByLabel('Authentication code').fill(codeFor(factor.totp.secret));
  await form.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
});

test('without the second factor the projects page sends the user back to /sign-in-mfa', async ({ page }) => {
  const baseUrl = serverUrl('production');
  const { session, email, password } = await signUpThroughApi(baseUrl, 'mfa-guard');
  const factor = await session.client.auth.enrolFactor({ friendly_name: 'Phone' });
  await session.client.auth.verifyFactor(factor.id, { code: codeFor(factor.totp.secret) });

  await signInThroughUi(page, baseUrl, email, password);
  await expect(page).toHaveURL(/\/sign-in-mfa/);
  await page.goto(`${baseUrl}/projects`);
  await expect(page).toHaveURL(/\/sign-in-mfa/);
});
