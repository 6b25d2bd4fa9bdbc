/**
 * The RLS policies page for a schema of 500 tables with 2,000 policies, in Chromium against the
 * console as `pnpm start` serves it (embedded API): time from opening the page in the area's menu
 * to the first table section on screen, the longest main-thread task meanwhile, and the gzip bytes
 * a cold first load of /project/{ref}/auth/policies fetches with the policy editor (and its code
 * editor) open. Targets (issue 11): first paint of the sections < 500 ms, no task > 100 ms,
 * first load with the editor <= 316 KB gzip.
 * Run: pnpm --filter @plinth/bench run bench:policies-page   (after build and publish-all)
 */
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import type { BrowserContext, Page } from 'playwright-core';
import { kb, launchChromium, signUpWithProject, startConsole } from './load-console';

const TABLES = Number(process.env.TABLES ?? 500);
const POLICIES_PER_TABLE = Number(process.env.POLICIES_PER_TABLE ?? 4);
const PAINT_TARGET_MS = 500;
const TASK_TARGET_MS = 100;
const BUNDLE_TARGET = 316 * 1024;

async function runQuery(context: BrowserContext, url: string, ref: string, query: string) {
  const csrf = (await context.cookies(url)).find((c) => c.name === 'plinth_csrf')?.value;
  const response = await context.request.post(`${url}/api/platform/pg-meta/${ref}/query`, {
    data: { query, timeoutMs: 120_000 },
    headers: csrf ? { 'x-csrf-token': decodeURIComponent(csrf) } : {},
    timeout: 180_000,
  });
  if (!response.ok()) throw new Error(`The setup query answered ${response.status()}: ${await response.text()}`);
}

/**
 * From now on, in the page: the longest main-thread task, and when the first table section and the
 * first policy row of the page appear (the frame after a DOM mutation shows them, so no polling
 * interval of the test driver is counted).
 */
// A string, not a function: the bundler would wrap its inner named functions in a helper the page lacks.
const watchPage = `(() => {
  const w = window;
  w.__longest = 0;
  w.__section = undefined;
  w.__policy = undefined;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__longest = Math.max(w.__longest, entry.duration);
  }).observe({ type: 'longtask' });
  const observer = new MutationObserver(() => {
    if (w.__section === undefined && document.querySelector('[role="heading"][title="t0001"]')) requestAnimationFrame(() => { w.__section ??= performance.now(); });
    if (w.__policy === undefined && document.querySelector('[role="group"][aria-label^="Policy policy"]')) requestAnimationFrame(() => { w.__policy ??= performance.now(); });
    if (w.__section !== undefined && w.__policy !== undefined) observer.disconnect();
  });
  observer.observe(document.body, { childList: true, subtree: true });
})()`;
const seenAt = (page: Page) => page.evaluate(() => {
  const w = window as unknown as { __longest: number; __section?: number; __policy?: number };
  return { section: w.__section ?? NaN, policy: w.__policy ?? NaN, longest: w.__longest };
});

// A CSS selector, not getByRole: a role query runs in the page and would show up among its long tasks.
const firstSection = (page: Page) => page.locator('[role="heading"][title="t0001"]').first();

const server = await startConsole();
const browser = await launchChromium();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const ref = await signUpWithProject(context, server.url);
  await runQuery(
    context,
    server.url,
    ref,
    `do $$ begin
       for i in 1..${TABLES} loop
         execute format('create table public.%I (id int primary key, user_id uuid, title text)', 't' || lpad(i::text, 4, '0'));
         execute format('alter table public.%I enable row level security', 't' || lpad(i::text, 4, '0'));
         for j in 1..${POLICIES_PER_TABLE} loop
           execute format('create policy %I on public.%I for select to authenticated using (auth.uid() = user_id)', 'policy ' || j, 't' || lpad(i::text, 4, '0'));
         end loop;
       end loop;
     end $$`,
  );
  console.log(`RLS policies page, ${TABLES} tables with ${TABLES * POLICIES_PER_TABLE} policies — ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`);

  // From the area's menu (the area loaded already): click Policies, wait for the first section.
  const page = await context.newPage();
  await page.goto(`${server.url}/project/${ref}/auth/users`);
  const menuLink = page.getByRole('navigation', { name: 'Authentication' }).getByRole('link', { name: 'Policies' });
  await menuLink.waitFor();
  const paints: number[] = [];
  const filled: number[] = [];
  const tasks: number[] = [];
  for (let run = 0; run < 3; run++) {
    await page.evaluate(watchPage);
    const t0 = await page.evaluate(() => performance.now());
    await menuLink.click();
    await firstSection(page).waitFor();
    await page.locator('[role="group"][aria-label^="Policy policy"]').first().waitFor();
    await page.waitForTimeout(100);
    const seen = await seenAt(page);
    paints.push(seen.section - t0);
    filled.push(seen.policy - t0);
    tasks.push(seen.longest);
    await page.getByRole('navigation', { name: 'Authentication' }).getByRole('link', { name: 'Users' }).click();
    await page.waitForURL(/auth\/users/);
  }
  const median = [...paints].sort((a, b) => a - b)[1]!;
  const longest = Math.max(...tasks);
  const joined = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
  console.log(`  first table section on screen after opening the page: first visit ${paints[0]!.toFixed(0)} ms, median ${median.toFixed(0)} ms of 3 (${joined(paints)}); target < ${PAINT_TARGET_MS} ms: ${paints[0]! < PAINT_TARGET_MS ? 'met' : 'NOT met'} on the first visit`);
  console.log(`  first policy row on screen (the sections filled in): ${joined(filled)} ms`);
  console.log(`  longest main-thread task meanwhile: ${longest.toFixed(0)} ms (per run: ${joined(tasks)}; the first run also evaluates the page's code); target <= ${TASK_TARGET_MS} ms: ${longest <= TASK_TARGET_MS ? 'met' : 'NOT met'}`);

  // Scrolling to the last table keeps the page responsive (only the rows in view are mounted).
  await page.goto(`${server.url}/project/${ref}/auth/policies`);
  await firstSection(page).waitFor();
  await page.evaluate(watchPage);
  const list = page.locator('[data-virtual-list]').first();
  await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await page.locator(`[role="heading"][title="t${String(TABLES).padStart(4, '0')}"]`).waitFor();
  const mounted = await page.locator('[role=heading][aria-level="2"]').count();
  console.log(`  scrolled to the last table: longest task ${(await page.evaluate(() => (window as unknown as { __longest: number }).__longest)).toFixed(0)} ms, ${mounted} table headers mounted`);

  // A cold first load of the page, then the policy editor opened: every script fetched, gzip.
  const cold = await browser.newContext({ storageState: await context.storageState(), viewport: { width: 1280, height: 800 } });
  const coldPage = await cold.newPage();
  let bytes = 0;
  let scripts = 0;
  const pending: Promise<void>[] = [];
  coldPage.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js') && !(response.headers()['content-type'] ?? '').includes('javascript')) return;
    pending.push(response.body().then((body) => { bytes += gzipSync(body).length; scripts += 1; }, () => undefined));
  });
  await coldPage.goto(`${server.url}/project/${ref}/auth/policies`);
  await firstSection(coldPage).waitFor();
  await Promise.all(pending);
  const pageOnly = bytes;
  await coldPage.getByRole('group', { name: 'Table t0001' }).getByRole('button', { name: 'Create policy' }).click();
  await coldPage.getByRole('button', { name: /Create a policy from scratch/ }).click();
  await coldPage.getByRole('radio', { name: 'SELECT' }).check();
  await coldPage.locator('textarea[aria-label="USING expression"]').waitFor();
  await coldPage.waitForLoadState('networkidle');
  await Promise.all(pending);
  console.log(`  first load of /project/{ref}/auth/policies: ${kb(pageOnly)} gzip; with the policy editor open: ${kb(bytes)} gzip in ${scripts} scripts (the editor adds ${kb(bytes - pageOnly)}); target <= ${kb(BUNDLE_TARGET)}: ${bytes <= BUNDLE_TARGET ? 'met' : 'NOT met'}`);
  await cold.close();
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
