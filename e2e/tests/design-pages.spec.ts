import { expect, test as base, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import type { AreaManifest, Project } from '@plinth/shared-contracts';
import { openApiSession, signUpThroughApi, waitForProjectStatus, type ApiSession } from '../support/api-session';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AREAS, release, TEST_ENVIRONMENTS } from '../support/environments';
import { ENVIRONMENTS_DIR, REPO_ROOT } from '../support/paths';
import { packageVersion } from '../support/fixture-remotes';
import { serverUrl } from '../support/servers';
import { seriousViolations } from '../support/axe';

// Every page of the console, looked at as a user would: the shell's own screens (signed out,
// signed in, each project state's status screen) and every page the published area manifests
// declare, loaded once and looked at in both themes at 1440 × 900 (the system setting switched,
// the console following it): a screenshot compared with the committed reference and axe-core with
// no serious or critical violation in each; then at 768 px, where nothing may scroll sideways.
// One list drives it all (PAGES below). References live beside this file; after a meant change look at the new pictures and accept them with --update-snapshots.

type Theme = 'dark' | 'light';
type Who = 'signed-out' | 'signed-in' | 'second-factor';

/** What one worker seeds once: a user, an organization, a running and a paused project. */
interface Seed {
  baseUrl: string;
  session: ApiSession;
  email: string;
  orgSlug: string;
  active: string;
  paused: string;
  /** A user who owes a second factor: signed in with a password only. */
  secondFactor: ApiSession;
  /** A table of the running project (public.countries, two rows), by its id. */
  tableId: number;
}

/** The running project's bucket, with a folder and a file in it. */
const BUCKET = 'media';

interface DesignPage {
  name: string;
  who: Who;
  path: (seed: Seed) => string;
  /** Project answers the browser sees changed (a state the API cannot be held in). */
  fake?: (seed: Seed) => { ref: string; project: Partial<Project>; liveDown?: boolean };
  /** What shows once the page is ready, beyond no loading placeholder left. */
  ready?: (page: Page) => Locator;
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first();

const SHELL_PAGES: DesignPage[] = [
  { name: 'sign-in', who: 'signed-out', path: () => '/sign-in', ready: (page) => page.getByRole('form', { name: 'Sign in' }) },
  { name: 'sign-up', who: 'signed-out', path: () => '/sign-up', ready: (page) => page.getByRole('form', { name: 'Sign up' }) },
  { name: 'terms', who: 'signed-out', path: () => '/terms', ready: heading('Terms of Service') },
  { name: 'privacy', who: 'signed-out', path: () => '/privacy', ready: heading('Privacy Policy') },
  { name: 'sign-in-mfa', who: 'second-factor', path: () => '/sign-in-mfa', ready: (page) => page.getByRole('form', { name: 'Verify two-factor code' }) },
  { name: 'not-found', who: 'signed-in', path: () => '/no-such-page', ready: heading('Page not found') },
  { name: 'projects', who: 'signed-in', path: () => '/projects', ready: heading('Projects') },
  { name: 'support-new', who: 'signed-in', path: (s) => `/support/new?category=Problem&ref=${s.active}&subject=Slow%20queries`, ready: heading('Submit a support request') },
  { name: 'organization-not-found', who: 'signed-in', path: () => '/org/no-such-organization/general', ready: heading('Organization not found') },
  { name: 'project-home', who: 'signed-in', path: (s) => `/project/${s.active}`, ready: (page) => page.getByTestId('project-status') },
  { name: 'project-unknown', who: 'signed-in', path: () => '/project/zzzzzzzzzzzzzzzzzzzz', ready: heading('Something went wrong') },
  { name: 'edge-functions', who: 'signed-in', path: (s) => `/project/${s.active}/functions`, ready: heading('Edge Functions') },
  { name: 'status-paused-home', who: 'signed-in', path: (s) => `/project/${s.paused}`, ready: heading('This project is paused') },
  { name: 'status-paused', who: 'signed-in', path: (s) => `/project/${s.paused}/storage/buckets`, ready: heading('This project is paused') },
  { name: 'status-pausing', who: 'signed-in', path: (s) => `/project/${s.active}/storage/buckets`, fake: (s) => ({ ref: s.active, project: { status: 'PAUSING' } }), ready: heading('Pausing project') },
  { name: 'status-restoring', who: 'signed-in', path: (s) => `/project/${s.active}/storage/buckets`, fake: (s) => ({ ref: s.active, project: { status: 'RESTORING' } }), ready: heading('Restoring project') },
  {
    name: 'status-restoration-failed',
    who: 'signed-in',
    path: (s) => `/project/${s.active}/storage/buckets`,
    fake: (s) => ({ ref: s.active, project: { status: 'RESTORATION_FAILED' } }),
    ready: heading('Restoration failed'),
  },
  { name: 'status-coming-up', who: 'signed-in', path: (s) => `/project/${s.active}/building`, fake: (s) => ({ ref: s.active, project: { status: 'COMING_UP' } }), ready: heading(/^Setting up/) },
  {
    name: 'status-api-offline',
    who: 'signed-in',
    path: (s) => `/project/${s.active}/storage/buckets`,
    fake: (s) => ({ ref: s.active, project: { postgrestStatus: 'OFFLINE' } }),
    ready: heading('Project API is offline'),
  },
  {
    name: 'status-connecting',
    who: 'signed-in',
    path: (s) => `/project/${s.active}/storage/buckets`,
    fake: (s) => ({ ref: s.active, project: {}, liveDown: true }),
    ready: heading('Connecting to project'),
  },
];

/** A concrete address for a manifest page: "storage/*" → "storage", "org/:slug/*" → "org/{slug}". */
function concrete(pattern: string, seed: Seed): string {
  const parts = pattern.split('/').filter((part) => part && part !== '*');
  return parts.map((part) => (part === ':slug' ? seed.orgSlug : part)).join('/');
}

/** Every page the published area manifests declare, and their rail entries' pages. */
function areaPages(): DesignPage[] {
  const pages = new Map<string, DesignPage>();
  for (const area of AREAS) {
    const manifest = release(area, packageVersion(area)).manifest as AreaManifest;
    const rootSegments = manifest.routes.root ?? [];
    const patterns = [...manifest.pages.map((page) => page.path), ...manifest.nav.map((entry) => entry.path)];
    for (const pattern of patterns) {
      // A page below one bucket, table or query needs data this spec does not seed.
      if (pattern.split('/').some((part) => part.startsWith(':') && part !== ':slug')) continue;
      const atRoot = rootSegments.includes(pattern.split('/')[0]);
      const name = `${area}-${pattern.replace(/\/?\*$/, '').replace(/[/:]+/g, '-') || 'index'}`;
      if (pages.has(name)) continue;
      pages.set(name, {
        name,
        who: 'signed-in',
        path: (seed) => {
          const below = concrete(pattern, seed);
          return atRoot ? `/${below}` : `/project/${seed.active}/${below}`;
        },
        ready: (page) => page.locator(`[data-area-root="${area}"], [data-area-error]`).first(),
      });
    }
  }
  return [...pages.values()];
}

function codeFor(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
}

async function seedWorker(baseUrl: string): Promise<Seed> {
  const { session, email } = await signUpThroughApi(baseUrl, 'design');
  const org = await session.client.organizations.create({ name: 'Design team' });
  // The two projects come up side by side; the second is paused once it is up.
  const [active, paused] = await Promise.all(
    ['Design', 'Archive'].map(async (name) => {
      const project = await session.client.projects.create({ name, organization_slug: org.slug });
      await waitForProjectStatus(session, project.ref, 'ACTIVE_HEALTHY');
      return project.ref;
    }),
  );
  await session.client.storage.createBucket(active, { id: BUCKET });
  await session.client.storage.uploadObject(active, BUCKET, 'docs/readme.txt', new TextEncoder().encode('Plinth'), { contentType: 'text/plain' });
  await session.client.database.runQuery(active, {
    query: `create table public.countries (id bigint generated by default as identity primary key, name text not null, capital text);
      insert into public.countries (name, capital) values ('Norway', 'Oslo'), ('Chile', 'Santiago');`,
  });
  const table = await session.client.database.runQuery(active, { query: `select 'public.countries'::regclass::oid::int as id` });
  const tableId = Number(table.rows[0].id);
  await session.client.projects.pause(paused);
  await waitForProjectStatus(session, paused, 'INACTIVE');

  const mfa = await signUpThroughApi(baseUrl, 'design-mfa');
  const factor = await mfa.session.client.auth.enrolFactor({ friendly_name: 'Phone' });
  await mfa.session.client.auth.verifyFactor(factor.id, { code: codeFor(factor.totp.secret) });
  const secondFactor = await openApiSession(baseUrl);
  await secondFactor.client.auth.signIn({ email: mfa.email, password: mfa.password });
  return { baseUrl, session, email, orgSlug: org.slug, active, paused, secondFactor, tableId };
}

/**
 * A browser context signed in as the given session (or no one), in the dark theme of the system
 * setting: with no theme stored the console follows that setting as it changes, so one page load
 * is pictured in both themes.
 */
async function themedContext(browser: Browser, session?: ApiSession): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce', colorScheme: 'dark' });
  await context.addInitScript(() => {
    Math.random = () => 0; // the sign-in page's quote
  });
  if (session) await session.shareWith(context);
  return context;
}

type Contexts = Record<Who, BrowserContext>;

const test = base.extend<object, { seed: Seed; contexts: Contexts }>({
  seed: [async ({}, use) => use(await seedWorker(serverUrl('production'))), { scope: 'worker', timeout: 120_000 }],
  // One context per person for the whole worker: pages open in it and close again.
  contexts: [
    async ({ browser, seed }, use) => {
      const contexts: Contexts = {
        'signed-out': await themedContext(browser),
        'signed-in': await themedContext(browser, seed.session),
        'second-factor': await themedContext(browser, seed.secondFactor),
      };
      await use(contexts);
      await Promise.all(Object.values(contexts).map((context) => context.close()));
    },
    // Making and closing three contexts on a busy 2-core machine: the seed's allowance, not one test's.
    { scope: 'worker', timeout: 120_000 },
  ],
});

test.describe.configure({ mode: 'parallel' });

/** Answers the project's detail and status calls with the state the page is about. */
async function fakeProjectState(page: Page, fake: { ref: string; project: Partial<Project>; liveDown?: boolean }) {
  const patch = async (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
    const response = await route.fetch();
    const body = { ...(await response.json()), ...fake.project };
    await route.fulfill({ response, json: body });
  };
  await page.route(`**/api/platform/projects/${fake.ref}`, patch);
  await page.route(`**/api/platform/projects/${fake.ref}/status`, patch);
  // The page's first call answers the project, its status and whether its API answers, in one.
  await page.route(`**/api/platform/bootstrap*`, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    if (body.project?.project?.ref === fake.ref) {
      body.project.project = { ...body.project.project, ...fake.project };
      body.project.status = { ...body.project.status, ...fake.project };
      // A project whose API is down or offline did not answer the bootstrap's check either.
      if (fake.liveDown || fake.project.postgrestStatus === 'OFFLINE') body.project.reachable = false;
    }
    await route.fulfill({ response, json: body });
  });
  if (fake.liveDown) {
    await page.route(`**/api/projects/${fake.ref}/live`, (route) => route.fulfill({ status: 503, json: { message: 'The data API is not answering', code: 'REST_OFFLINE' } }));
    await page.route(`**/api/projects/${fake.ref}/api/rest`, (route) => route.fulfill({ status: 503, json: { message: 'The data API is not answering', code: 'REST_OFFLINE' } }));
  }
}

/** What differs from run to run: the user (address and name), refs, addresses with the server's port, keys, times, usage. */
function movingParts(page: Page, seed: Seed): Locator[] {
  const words = [seed.email, seed.email.split('@')[0], seed.active, seed.paused, seed.orgSlug].map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return [
    page.getByText(new RegExp(words.join('|'))),
    page.locator('pre, code, textarea, input[readonly]'),
    page.getByText(/\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}:\d{2}(:\d{2})?\b|\bago\b/),
    // Usage figures (the database grows, each call counts as egress).
    page.getByText(/\d+(\.\d+)? (bytes|KB|MB|GB)\b/),
    // Figures a page reads live from the project database (the Database and Query performance reports).
    page.locator('[data-live-figure]'),
  ];
}

/** Axe's rules whose outcome depends on the colours: all a second theme needs checking again. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Elements that scroll sideways though nothing in them is meant to (tables, code and editors may). */
async function sidewaysScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const meant = 'pre, code, table, textarea, [role="grid"], [role="table"], [role="tablist"], .cm-scroller, [data-scroll-x]';
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`the page: ${root.scrollWidth} > ${root.clientWidth}`);
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const overflow = getComputedStyle(element).overflowX;
      if (overflow !== 'auto' && overflow !== 'scroll') continue;
      if (element.matches(meant) || element.closest(meant)) continue;
      if (element.scrollWidth > element.clientWidth + 1) {
        const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.getAttribute('aria-label') ? `[${element.getAttribute('aria-label')}]` : ''}`;
        found.push(`${name}: ${element.scrollWidth} > ${element.clientWidth}`);
      }
    }
    return found;
  });
}

/** Writes the production-like test environment again (as global setup does) when it is gone. */
function restoreTestEnvironment(): void {
  const file = path.join(ENVIRONMENTS_DIR, `${TEST_ENVIRONMENTS.production}.json`);
  if (existsSync(file)) return;
  const production = JSON.parse(readFileSync(path.join(ENVIRONMENTS_DIR, 'production.json'), 'utf8')) as { buildMode?: string };
  const areas = Object.fromEntries(AREAS.map((area) => [area, release(area, packageVersion(area))]));
  const manifest = { name: TEST_ENVIRONMENTS.production, buildMode: production.buildMode === 'self-hosted' ? 'self-hosted' : 'hosted', areas };
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
}

async function open(contexts: Contexts, target: DesignPage, seed: Seed): Promise<Page> {
  const page = await contexts[target.who].newPage();
  const fake = target.fake?.(seed);
  if (fake) await fakeProjectState(page, fake);
  await page.goto(`${seed.baseUrl}${target.path(seed)}`);
  // Another run of the browser tests in this working tree removes the test environments when it
  // ends, and the console cannot start without its environment: put them back and load again.
  const startFailed = page.getByRole('heading', { name: 'The console could not start' });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const ready = target.ready ? target.ready(page) : page.locator('#root > *').first();
    await expect(ready.or(startFailed).first()).toBeVisible({ timeout: 20_000 });
    if (!(await startFailed.isVisible())) break;
    restoreTestEnvironment();
    await page.reload();
  }
  if (target.ready) await expect(target.ready(page)).toBeVisible({ timeout: 20_000 });
  // Nothing left loading: no busy region, no skeleton.
  await expect(page.locator('[aria-busy="true"]:not([aria-labelledby="status-screen-title"])')).toHaveCount(0, { timeout: 20_000 });
  return page;
}

/** Pages below one bucket or table, which the manifests declare only as patterns. */
const DETAIL_PAGES: DesignPage[] = [
  {
    name: 'storage-bucket',
    who: 'signed-in',
    path: (s) => `/project/${s.active}/storage/buckets/${BUCKET}`,
    ready: (page) => page.locator('[data-testid="storage-item"][data-name="docs"]'),
  },
  {
    name: 'sql-editor-editor-table',
    who: 'signed-in',
    path: (s) => `/project/${s.active}/editor/${s.tableId}`,
    ready: (page) => page.getByText('Santiago').first(),
  },
];

const PAGES: DesignPage[] = [...SHELL_PAGES, ...areaPages(), ...DETAIL_PAGES];

/** The stylesheet applied while a picture is taken. */
const SCREENSHOT_STYLE = path.join(REPO_ROOT, 'e2e/support/design-pages.css');

/** The page in a theme: the system setting switched, the console following it without a reload. */
async function showTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

for (const target of PAGES) {
  test(`${target.name} in the dark and the light theme, and at 768 px`, async ({ contexts, seed }) => {
    const page = await open(contexts, target, seed);
    try {
      // One load, both themes: the pictures and axe in each, then the narrow window.
      for (const theme of ['dark', 'light'] as const) {
        await showTheme(page, theme);
        await expect(page).toHaveScreenshot(`${target.name}-${theme}.png`, {
          maxDiffPixelRatio: 0.005,
          animations: 'disabled',
          caret: 'hide',
          mask: movingParts(page, seed),
          // Tables of live rows (statements, tables, indexes) grow with what the worker ran before: one height in the picture.
          stylePath: SCREENSHOT_STYLE,
          timeout: 20_000,
        });
        // Every rule in the first theme; in the second only those the colours decide (names, roles and structure are the same).
        expect(await seriousViolations(page, { rules: theme === 'dark' ? undefined : COLOUR_RULES }), `axe in the ${theme} theme`).toEqual([]);
      }
      await page.setViewportSize({ width: 768, height: 900 });
      await expect.poll(() => sidewaysScrollers(page)).toEqual([]);
    } finally {
      await page.close();
    }
  });
}
