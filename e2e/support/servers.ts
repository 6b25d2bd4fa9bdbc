import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TEST_ENVIRONMENTS } from './environments';

/**
 * A folder of this run's own for the console servers' logs: `$PLINTH_E2E_LOG_DIR` when set (a run
 * of scripts/test-all.sh sets it), otherwise a new `plinth-e2e-logs-XXXXXX` in the temp folder, so
 * two runs or two checkouts never write to the same files.
 */
export function runLogDir(): string {
  return process.env.PLINTH_E2E_LOG_DIR || mkdtempSync(path.join(os.tmpdir(), 'plinth-e2e-logs-'));
}

/** Where global setup leaves each console server's address for the test workers. */
export const SERVER_URL_VARIABLES: Record<keyof typeof TEST_ENVIRONMENTS, string> = {
  production: 'PLINTH_E2E_PRODUCTION_URL',
  staging: 'PLINTH_E2E_STAGING_URL',
  throws: 'PLINTH_E2E_THROWS_URL',
  broken: 'PLINTH_E2E_BROKEN_URL',
};

/** The address of the console server for a test environment. */
export function serverUrl(environment: keyof typeof TEST_ENVIRONMENTS): string {
  const url = process.env[SERVER_URL_VARIABLES[environment]];
  if (!url) throw new Error(`${SERVER_URL_VARIABLES[environment]} is not set: the browser tests run through playwright.config.ts's global setup.`);
  return url;
}

/** The address of a test environment's project services (a project's URL is `${address}/${ref}`). */
export function servicesUrl(environment: keyof typeof TEST_ENVIRONMENTS): string {
  const url = process.env[`${SERVER_URL_VARIABLES[environment]}_SERVICES`];
  if (!url) throw new Error(`${SERVER_URL_VARIABLES[environment]}_SERVICES is not set: the browser tests run through playwright.config.ts's global setup.`);
  return url;
}
