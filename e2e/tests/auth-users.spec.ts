import { expect, test, type Page } from '@playwright/test';
import { createActiveProject, projectApp, signUpThroughApi, uniqueEmail } from '../support/api-session';
import { serverUrl } from '../support/servers';

// The authentication pages against the project's real auth service: a user made in the console
// signs in through /auth/v1 until they are banned, and the saved recovery template is the email
// the auth service writes.

const APP_PASSWORD = 'app-user-password-1';

/** A password sign-in of an app's user, as supabase-js makes it. */
async function appSignIn(app: Awaited<ReturnType<typeof projectApp>>, email: string) {
  const res = await app('/auth/v1/token?grant_type=password', { method: 'POST', body: JSON.stringify({ email, password: APP_PASSWORD }) });
  return { status: res.status, body: (await res.json()) as { error_code?: string; access_token?: string } };
}

async function rowActions(page: Page, email: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${email}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('create and ban a user; change the recovery template and see it in the sent email', async ({ page, context }) => {
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'auth-admin');
  const { ref } = await createActiveProject(session, 'Members');
  const app = await projectApp(session, ref);
  await session.shareWith(context);
  // The whole flow at the narrowest width the console supports.
  await page.setViewportSize({ width: 768, height: 900 });

  // Create a user in the console; they sign in through the auth service.
  const email = uniqueEmail('member');
  await page.goto(`${baseUrl}/project/${ref}/auth/users`);
  await expect(page.getByText('No users yet')).toBeVisible();
  await page.getByRole('button', { name: 'Create user' }).click();
  const panel = page.getByRole('dialog', { name: 'Create a new user' });
  await panel.getByRole('textbox', { name: /Email address/ }).fill(email);
  await panel.getByLabel(/Password/).fill(APP_PASSWORD);
  await panel.getByRole('button', { name: 'Create user' }).click();
  await expect(panel).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(email) });
  await expect(row.getByText('Active')).toBeVisible();
  expect((await appSignIn(app, email)).status).toBe(200);
  await page.reload();
  await expect(row.getByRole('gridcell').nth(4)).not.toHaveText('—');

  // Banned, their sign-in is refused; unbanned, it works again.
  await rowActions(page, email, 'Ban user');
  await expect(row.getByText('Banned')).toBeVisible();
  expect(await appSignIn(app, email)).toMatchObject({ status: 400, body: { error_code: 'user_banned' } });
  await rowActions(page, email, 'Unban user');
  await expect(row.getByText('Active')).toBeVisible();
  expect((await appSignIn(app, email)).status).toBe(200);

  // The recovery template, changed in the console, is what the auth service sends.
  await page.getByRole('navigation', { name: 'Authentication' }).getByRole('link', { name: 'Templates' }).click();
  await page.getByRole('tab', { name: 'Reset password' }).click();
  const recovery = page.getByRole('tabpanel');
  await recovery.getByRole('textbox', { name: 'Subject' }).fill('Members: new password for {{ .Email }}');
  await recovery.getByRole('textbox', { name: 'Message body' }).fill('Hello {{ .Email }}, your code is {{ .Token }}. Or follow {{ .ConfirmationURL }}');
  await expect(recovery.getByTestId('preview-subject')).toHaveText('Members: new password for user@example.com');
  await recovery.getByRole('button', { name: 'Save' }).click();
  await expect(recovery.getByText('Customized')).toBeVisible();

  await page.getByRole('navigation', { name: 'Authentication' }).getByRole('link', { name: 'Users' }).click();
  await rowActions(page, email, 'Send password recovery');
  await expect.poll(async () => (await session.client.http<{ emails: { to: string; subject: string; body: string }[] }>('GET', `/platform/projects/${ref}/auth/outbox`)).emails.length).toBe(1);
  const { emails } = await session.client.http<{ emails: { to: string; kind: string; subject: string; body: string }[] }>('GET', `/platform/projects/${ref}/auth/outbox`);
  expect(emails[0]).toMatchObject({ to: email, kind: 'recovery', subject: `Members: new password for ${email}` });
  expect(emails[0]!.body).toMatch(new RegExp(`^Hello ${email.replace(/[.+]/g, '\\$&')}, your code is \\d{6}\\. Or follow http://\\S+/auth/v1/verify\\?\\S+$`));
});
