import { createReadStream, existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { REPO_ROOT } from '../support/paths';

// The design gallery (shared-ui/gallery, built by `pnpm run build`) in both themes: compared with
// the committed screenshots, and checked by axe-core. A change to a token or a primitive shows
// here; when it is meant, look at the new pictures and update them with --update-snapshots.
const GALLERY_DIR = path.join(REPO_ROOT, 'shared-ui/gallery/dist');
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript' };

let server: http.Server;
let galleryUrl = '';

test.beforeAll(async () => {
  if (!existsSync(path.join(GALLERY_DIR, 'index.html'))) {
    throw new Error(`The design gallery is not built in ${GALLERY_DIR}: run \`pnpm --filter @plinth/shared-ui run build\` (part of \`pnpm run build\`).`);
  }
  server = http.createServer((req, res) => {
    const name = path.basename(new URL(req.url ?? '/', 'http://gallery').pathname) || 'index.html';
    const file = path.join(GALLERY_DIR, existsSync(path.join(GALLERY_DIR, name)) ? name : 'index.html');
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  galleryUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

test.use({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });

for (const theme of ['dark', 'light'] as const) {
  test(`the design gallery in the ${theme} theme matches its reference and has no serious accessibility violation`, async ({ page }) => {
    // A tall page: the screenshot is taken until two in a row agree, then axe reads every element.
    test.setTimeout(120_000);
    await page.goto(`${galleryUrl}?theme=${theme}`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.getByRole('heading', { level: 1, name: 'Plinth design language' })).toBeVisible();
    await expect(page.getByRole('grid', { name: 'Objects (dense)' }).getByRole('row').nth(3)).toBeVisible();
    await page.evaluate(() => document.fonts.ready);

    await expect(page).toHaveScreenshot(`gallery-${theme}.png`, { fullPage: true, maxDiffPixelRatio: 0.002, animations: 'disabled', caret: 'hide', timeout: 30_000 });

    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('the gallery switches theme by its link and keeps the keyboard focus ring visible', async ({ page }) => {
  await page.goto(`${galleryUrl}?theme=dark`);
  await page.getByRole('link', { name: 'Show the light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(247, 248, 250)');
  await page.keyboard.press('Tab');
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
  expect(outline).toBe('solid');
});
