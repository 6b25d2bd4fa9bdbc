import { expect, type Locator, type Page } from '@playwright/test';
import type { Area } from './environments';

/** Signs a new account up through the sign-up page. */
export async function signUpThroughUi(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/sign-up`);
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign up' }).click();
}

/** Signs in through the sign-in page (the caller checks where it lands). */
export async function signInThroughUi(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/sign-in`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

/** Where each area is first visited inside a project, and an entry of its side menu (spec 000 §2). */
export const AREA_VISITS: Record<Area, { railLink: string; path: string; menuEntry: string }> = {
  storage: { railLink: 'Storage', path: 'storage/buckets', menuEntry: 'All buckets' },
  'auth-policies': { railLink: 'Authentication', path: 'auth/users', menuEntry: 'Users' },
  'sql-editor': { railLink: 'SQL Editor', path: 'sql/new', menuEntry: 'New query' },
  logs: { railLink: 'Logs', path: 'logs/explorer', menuEntry: 'Recent' },
  'settings-billing': { railLink: 'Project Settings', path: 'settings/general', menuEntry: 'General' },
};

/** The element the shell mounts an area into. */
export function areaRegion(page: Page, area: Area): Locator {
  return page.locator(`[data-area-root="${area}"]`);
}

/** Waits until the area is mounted from its remote and shows its side menu entry. */
export async function expectAreaMenu(page: Page, area: Area): Promise<void> {
  await expect(areaRegion(page, area).getByText(AREA_VISITS[area].menuEntry, { exact: true }).first()).toBeVisible();
}

/** The shell's navigation rail (spec 000 §2.2). */
export function navRail(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Project', exact: true });
}

/** The error panel an area's region shows when it could not be loaded, was refused or threw. */
export function areaErrorPanel(page: Page): Locator {
  return page.locator('[data-area-error]').filter({ has: page.getByRole('heading') });
}
