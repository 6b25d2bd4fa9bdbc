// How the size benches read what a page downloads: every script a page fetches while something
// happens, each body gzipped here (so the figure does not depend on the encoding the server chose),
// and the whole first load of a route opened in a cold browser.
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page, Request, Response } from 'playwright-core';
import { call } from './load-console';
import type { Measured, RouteBudget } from './budgets';

export interface Fetched {
  path: string;
  gzip: number;
}

export const isScript = (path: string, type: string) => path.endsWith('.js') || type.includes('javascript');
export const total = (files: Fetched[]) => files.reduce((sum, f) => sum + f.gzip, 0);

/** Records the body of every response `keep` accepts that the page receives while `during` runs. */
export async function recordFetches(page: Page, during: () => Promise<void>, keep: (path: string, type: string) => boolean): Promise<Fetched[]> {
  const pending: Promise<Fetched | null>[] = [];
  const onResponse = (response: Response) => {
    const url = new URL(response.url());
    const type = response.headers()['content-type'] ?? '';
    if (!keep(url.pathname, type)) return;
    pending.push(
      response
        .body()
        .then((body) => ({ path: url.pathname, gzip: gzipSync(body).length }))
        .catch(() => null),
    );
  };
  page.on('response', onResponse);
  await during();
  page.off('response', onResponse);
  return (await Promise.all(pending)).filter((f): f is Fetched => f !== null);
}

/**
 * Resolves once the page has had no request in flight for `quietMs` (or after `maxMs`): what a page
 * fetches as it draws its data (a grid, an editor, a diagram's layout) is part of its first load.
 */
export function networkQuiet(page: Page, quietMs = 500, maxMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    const inFlight = new Set<Request>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cap = setTimeout(done, maxMs);
    const arm = () => {
      clearTimeout(timer);
      if (inFlight.size === 0) timer = setTimeout(done, quietMs);
    };
    const started = (request: Request) => {
      inFlight.add(request);
      clearTimeout(timer);
    };
    const ended = (request: Request) => {
      inFlight.delete(request);
      arm();
    };
    function done() {
      clearTimeout(timer);
      clearTimeout(cap);
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
      resolve();
    }
    page.on('request', started);
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
    arm();
  });
}

/** The values a route's address names: the bench project, a bucket in it, its organization. */
export interface RouteValues {
  ref: string;
  bucket: string;
  slug: string;
}

export function routeAddress(route: RouteBudget, values: RouteValues): string {
  return route.path.replace('{ref}', values.ref).replace('{bucket}', values.bucket).replace('{slug}', values.slug);
}

/**
 * What the bench routes need to be drawn with data: a bucket, and two related tables (so the schema
 * visualizer draws a diagram and loads its layout).
 */
export async function seedRouteData(context: BrowserContext, baseUrl: string, ref: string): Promise<Omit<RouteValues, 'ref'>> {
  const bucket = 'bench-bucket';
  await call(context, `${baseUrl}/api/platform/storage/${ref}/buckets`, 'POST', { id: bucket, public: false });
  await call(context, `${baseUrl}/api/platform/pg-meta/${ref}/query`, 'POST', {
    query: 'create table public.bench_authors (id bigint primary key, name text); create table public.bench_posts (id bigint primary key, author_id bigint references public.bench_authors (id), title text);',
  });
  const project = await call(context, `${baseUrl}/api/platform/projects/${ref}`, 'GET');
  const slug = String(project.organization_slug ?? '');
  if (!slug) throw new Error(`Project ${ref} names no organization`);
  return { bucket, slug };
}

/**
 * A route opened in a fresh browser context (cold cache; signed in with `cookies` unless the route
 * says otherwise): the gzip bytes of every script fetched until its `ready` selector shows and,
 * unless `settle` is false, the network is quiet.
 */
export async function measureFirstLoad(browser: Browser, baseUrl: string, route: RouteBudget, values: RouteValues, cookies: Parameters<BrowserContext['addCookies']>[0]): Promise<Measured> {
  const context = await browser.newContext();
  try {
    if (route.signedIn !== false) await context.addCookies(cookies);
    const page = await context.newPage();
    const address = routeAddress(route, values);
    const files = await recordFetches(
      page,
      async () => {
        await page.goto(`${baseUrl}${address}`);
        await page
          .locator(route.ready)
          .first()
          .waitFor({ state: 'visible', timeout: 30_000 })
          .catch((error: unknown) => {
            throw new Error(`${route.name} (${address}): "${route.ready}" did not show within 30 s (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
          });
        if (route.settle !== false) await networkQuiet(page);
      },
      isScript,
    );
    return { name: route.name, path: address, bytes: total(files), scripts: files.length, files };
  } finally {
    await context.close();
  }
}
