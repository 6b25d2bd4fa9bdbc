import { expect, test, type Page } from '@playwright/test';
import type { FeatureFlag } from '@plinth/shared-contracts';
import { createActiveProject, signUpThroughApi } from '../support/api-session';
import { navRail } from '../support/console-ui';
import { serverUrl } from '../support/servers';

// The feature flags of 000 §6 as an organization's owner sets them through the API's override
// route: each gated part is there with its flag on and gone with it off, after a reload.

test('feature flags turn the snippet menu entries, the navigation layout and the integrations page on and off', async ({ page, context }) => {
  test.setTimeout(240_000); // a project is created and started first
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'flags');
  const { orgSlug, ref } = await createActiveProject(session, 'Flags');
  const snippet = await session.client.snippets.createSnippet(ref, { name: 'Untitled query', sql: 'create table notes (id bigint primary key, body text);' });
  const set = async (flags: Partial<Record<FeatureFlag, boolean>>) => {
    for (const [flag, enabled] of Object.entries(flags)) await session.client.featureFlags.setFeatureFlag(orgSlug, flag as FeatureFlag, enabled);
  };
  await session.shareWith(context);
  await page.setViewportSize({ width: 768, height: 900 });

  const openMenu = async (p: Page, name: string) => {
    await p.getByRole('button', { name: `Actions for ${name}` }).first().click();
    return p.getByRole('menu');
  };

  // Shared snippets off, AI rename and the second navigation on.
  await set({ shared_snippets: false, ai_rename: true, navigation_layout_v2: true, integrations_v2: true });
  await page.goto(`${baseUrl}/project/${ref}/sql/${snippet.id}`);
  await expect(navRail(page).getByRole('group', { name: 'Database' }).getByRole('link', { name: 'SQL Editor' })).toBeVisible();
  let menu = await openMenu(page, 'Untitled query');
  await expect(menu.getByRole('menuitem')).toHaveText(['Rename query', 'Rename with AI', 'Delete query']);

  // Rename with AI: the API's name, accepted as proposed.
  await menu.getByRole('menuitem', { name: 'Rename with AI' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename query' });
  await expect(dialog.getByRole('textbox', { name: /Name/ })).toHaveValue('Create table notes');
  await dialog.getByRole('button', { name: 'Rename query' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await session.client.snippets.listSnippets(ref)).data.find((s) => s.id === snippet.id)?.name).toBe('Create table notes');

  // Shared snippets on, AI rename and the second navigation off.
  await set({ shared_snippets: true, ai_rename: false, navigation_layout_v2: false });
  await page.reload();
  menu = await openMenu(page, 'Create table notes');
  await expect(menu.getByRole('menuitem')).toHaveText(['Rename query', 'Share query', 'Delete query']);
  await page.keyboard.press('Escape');
  await expect(navRail(page).getByRole('link', { name: 'SQL Editor' })).toBeVisible();
  await expect(navRail(page).getByRole('group')).toHaveCount(0);

  // Integrations: the card grid with the flag on, the list with it off.
  await page.goto(`${baseUrl}/org/${orgSlug}/integrations`);
  const grid = page.getByRole('list', { name: 'Integrations' });
  await expect(grid.getByRole('button', { name: 'Install GitHub' })).toBeVisible();
  await set({ integrations_v2: false });
  await page.reload();
  await expect(page.getByText('No integrations installed')).toBeVisible();
  await expect(grid).toBeHidden();

  // Account security: MFA setup is on in this environment.
  await page.goto(`${baseUrl}/account/security`);
  await expect(page.getByRole('button', { name: 'Add authenticator app' })).toBeVisible();
});
