// Time from navigation to an area's side menu visible, with a cold cache, in headless Chromium on
// loopback. Two figures per area (median of several runs):
//   in-app — the shell is loaded; the nav rail link is clicked; the area's remote was never fetched;
//   full page — a new browser context opens the area's address directly (shell and area both cold).
// Target (issue 3): under 1 s. Prints, never asserts.
import type { Browser } from 'playwright-core';
import { AREAS, AREA_VISITS, launchChromium, signUpWithProject, startConsole, type Area } from './load-console';

const TARGET_MS = 1000;
const RUNS = Number(process.env.RUNS ?? 3);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function menuVisible(page: import('playwright-core').Page, area: Area): Promise<void> {
  await page.locator(`[data-area-root="${area}"]`).getByText(AREA_VISITS[area].menuEntry, { exact: true }).first().waitFor({ state: 'visible', timeout: 20_000 });
}

async function measure(browser: Browser, baseUrl: string, cookies: Awaited<ReturnType<import('playwright-core').BrowserContext['cookies']>>, ref: string, area: Area) {
  const inApp: number[] = [];
  const fullPage: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext();
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/project/${ref}`);
    await page.getByRole('navigation', { name: 'Project' }).waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    let started = performance.now();
    await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: AREA_VISITS[area].railLink }).click();
    await menuVisible(page, area);
    inApp.push(performance.now() - started);
    await context.close();

    const fresh = await browser.newContext();
    await fresh.addCookies(cookies);
    const direct = await fresh.newPage();
    started = performance.now();
    await direct.goto(`${baseUrl}/project/${ref}/${AREA_VISITS[area].path}`, { waitUntil: 'commit' });
    await menuVisible(direct, area);
    fullPage.push(performance.now() - started);
    await fresh.close();
  }
  return { inApp: median(inApp), fullPage: median(fullPage) };
}

const server = await startConsole();
const browser = await launchChromium();
try {
  const setup = await browser.newContext();
  const ref = await signUpWithProject(setup, server.url);
  const cookies = await setup.cookies();
  await setup.close();
  let met = true;
  for (const area of AREAS) {
    const { inApp, fullPage } = await measure(browser, server.url, cookies, ref, area);
    met &&= inApp < TARGET_MS && fullPage < TARGET_MS;
    const verdict = (ms: number) => (ms < TARGET_MS ? 'met' : 'NOT met');
    console.log(`Area ${area}: in-app ${inApp.toFixed(0)} ms (${verdict(inApp)}), full page ${fullPage.toFixed(0)} ms (${verdict(fullPage)}); target < ${TARGET_MS} ms, median of ${RUNS}`);
  }
  console.log(met ? 'All cold-load targets met.' : 'Some cold-load targets are not met.');
} finally {
  await browser.close();
  await server.stop();
}
