import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/paths';

// Browser tests of the whole console in Debian's Chromium. Global setup starts the console servers
// (one per test environment). Two workers: much of a browser test is waiting on the page or the
// server, so two run side by side on the two cores. Each test makes its own user, organization and
// projects; the tests that change what a whole server shares run one at a time in a project of
// their own (beside the others): the staging environment's file (deploy promote, its versions) and
// the one DNS port custom domains are verified through.
const ONE_AT_A_TIME = [
  'environment-versions.spec.ts',
  'new-area.spec.ts',
  'runtime-contract.spec.ts',
  'custom-domain.spec.ts',
  'two-origins.spec.ts',
];

// The root README's pictures are documentation, not a check: they are taken on request
// (`pnpm --filter @plinth/e2e run pictures:readme`), never in the test run.
const README_PICTURES = 'readme-screenshots.spec.ts';

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  workers: Number(process.env.PLINTH_E2E_WORKERS || 2),
  fullyParallel: false,
  // Reference pictures are named by the test alone, whichever project runs it (no project name in the file name).
  snapshotPathTemplate: '{testDir}/{testFilePath}-snapshots/{arg}{-snapshotSuffix}{ext}',
  projects: [
    { name: 'console', testIgnore: [...ONE_AT_A_TIME, README_PICTURES] },
    { name: 'shared-state', testMatch: ONE_AT_A_TIME, workers: 1 },
    ...(process.env.PLINTH_README_PICTURES === '1' ? [{ name: 'readme-pictures', testMatch: README_PICTURES }] : []),
  ],
  // On CI a test that fails is run once more and, if it then passes, reported as flaky in the list;
  // one that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
