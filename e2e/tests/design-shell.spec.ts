import { expect, test, type Page } from '@playwright/test';
import { createActiveProject, signUpThroughApi } from '../support/api-session';
import { serverUrl } from '../support/servers';
import { seriousViolations } from '../support/axe';

// The shell's design: the two-panel sign-in page (spec 000 §2.8) and the header's switchers.

/** The same quote on every visit (the first of the list) and the chosen theme, before any script runs. */
async function steadySignIn(page: Page, theme: 'dark' | 'light') {
  await page.addInitScript((chosen) => {
    Math.random = () => 0;
    window.localStorage.setItem('plinth.theme', chosen);
  }, theme);
}

for (const theme of ['dark', 'light'] as const) {
  test(`sign-in at 1440 × 900 in the ${theme} theme: form and quote in two balanced panels, brand and favicon`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await steadySignIn(page, theme);
    await page.goto(`${serverUrl('production')}/sign-in`);
    const form = page.getByRole('form', { name: 'Sign in' });
    await expect(form.getByRole('button', { name: 'Sign in' })).toBeVisible();
    const main = page.getByRole('main');
    const quote = page.getByRole('complementary', { name: 'What our customers say' });
    await expect(quote).toBeVisible();
    await expect(main.getByText('Plinth', { exact: true })).toBeVisible();
    const [a, b] = [await main.boundingBox(), await quote.boundingBox()];
    expect(Math.abs(a!.width - b!.width)).toBeLessThanOrEqual(2);
    expect(a!.height).toBe(900);
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^data:image\/svg\+xml,/);

    await expect(page).toHaveScreenshot(`sign-in-${theme}.png`, { maxDiffPixelRatio: 0.002, animations: 'disabled', caret: 'hide' });
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('sign-in in a narrow window: the form alone, the quote panel hidden, nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 700, height: 800 });
  await steadySignIn(page, 'dark');
  await page.goto(`${serverUrl('production')}/sign-in`);
  await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'What our customers say' })).toBeHidden();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
  const emailBox = await page.getByLabel('Email').boundingBox();
  expect(emailBox!.width).toBeGreaterThan(300);
});

test('the header’s project switcher finds a project by typing and opens it, keyboard only; New project opens its dialog', async ({ page, context }) => {
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'switcher');
  const first = await createActiveProject(session, 'Ledger');
  const second = await session.client.projects.create({ name: 'Payroll', organization_slug: first.orgSlug });
  await session.shareWith(context);

  await page.goto(`${baseUrl}/project/${first.ref}`);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Plinth: all projects' })).toBeVisible();
  const projectButton = header.getByRole('button', { name: /^Project: Ledger/ });
  await expect(projectButton).toBeVisible();
  await expect(header.getByRole('button', { name: 'Organization: Ledger team' })).toBeVisible();

  await projectButton.focus();
  await page.keyboard.press('ArrowDown');
  const search = page.getByRole('combobox', { name: 'Search projects' });
  await expect(search).toBeFocused();
  const list = page.getByRole('listbox', { name: 'Projects' });
  await expect(list.getByRole('option', { name: /Ledger/ })).toHaveAttribute('aria-selected', 'true');
  await expect(list.getByRole('option', { name: /Payroll/ })).toContainText(/Setting up|Healthy/);
  expect(await seriousViolations(page, { include: 'header' })).toEqual([]);

  await page.keyboard.type('payr');
  await expect(list.getByRole('option')).toHaveText([/Payroll/, 'New project']);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/project/${second.ref}`));

  await header.getByRole('button', { name: /^Project: Payroll/ }).click();
  await page.keyboard.type('new');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('dialog', { name: 'Create a new project' })).toBeVisible();
});
