// Shared by the browser benches: starts the console as `pnpm start` serves it (deploy's server for
// one environment, on a free port, with a throwaway data directory), drives Debian's Chromium, and
// signs a user up with a project through the API from inside the browser context.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEPLOY_DIR = path.join(REPO_ROOT, 'deploy');

/** The areas the console ships: those of the committed production environment (deploy/environments/). */
export const AREAS: readonly string[] = Object.keys(
  (JSON.parse(readFileSync(path.join(DEPLOY_DIR, 'environments/production.json'), 'utf8')) as { areas: Record<string, unknown> }).areas,
);
export type Area = string;

/** Where each area is visited, the nav rail link that leads there, and an entry of its side menu. */
export const AREA_VISITS: Record<Area, { railLink: string; path: string; menuEntry: string }> = {
  storage: { railLink: 'Storage', path: 'storage/buckets', menuEntry: 'All buckets' },
  'auth-policies': { railLink: 'Authentication', path: 'auth/users', menuEntry: 'Users' },
  'sql-editor': { railLink: 'SQL Editor', path: 'sql/new', menuEntry: 'New query' },
  logs: { railLink: 'Logs', path: 'logs/explorer', menuEntry: 'Recent' },
  'settings-billing': { railLink: 'Project Settings', path: 'settings/general', menuEntry: 'General' },
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface RunningConsole {
  url: string;
  stop: () => Promise<void>;
}

/** Starts deploy/src/serve.ts for an environment; the console must be built and published. */
export async function startConsole(environment = process.env.PLINTH_ENV ?? 'production'): Promise<RunningConsole> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plinth-bench-'));
  const child = spawn(path.join(DEPLOY_DIR, 'node_modules/.bin/tsx'), ['src/serve.ts'], {
    cwd: DEPLOY_DIR,
    env: { ...process.env, PLINTH_ENV: environment, PORT: String(port), HOST: '127.0.0.1', PLINTH_DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* gone */
      }
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The console server exited (code ${child.exitCode}); is the console built and published?`);
    try {
      if ((await fetch(`${url}/api/auth/session`)).ok) return { url, stop };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`The console server did not answer on ${url} within 180 s`);
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-gpu'],
  });
}

/** A call to the API from the context, with its cookies and the CSRF header. */
export async function call(context: BrowserContext, url: string, method: 'GET' | 'POST', body?: unknown): Promise<Record<string, unknown>> {
  const csrf = (await context.cookies(url)).find((c) => c.name === 'plinth_csrf')?.value;
  const response = await context.request.fetch(url, {
    method,
    data: body,
    headers: csrf ? { 'x-csrf-token': decodeURIComponent(csrf) } : {},
  });
  if (!response.ok()) throw new Error(`${method} ${url} answered ${response.status()}: ${await response.text()}`);
  return (await response.json().catch(() => ({}))) as Record<string, unknown>;
}

/** Signs a new user up in the context and creates a project that is up; returns its ref. */
export async function signUpWithProject(context: BrowserContext, baseUrl: string): Promise<string> {
  await call(context, `${baseUrl}/api/auth/session`, 'GET');
  const email = `bench-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await call(context, `${baseUrl}/api/auth/sign-up`, 'POST', { email, password: 'bench password 1234' });
  const org = await call(context, `${baseUrl}/api/platform/organizations`, 'POST', { name: 'Bench' });
  const project = await call(context, `${baseUrl}/api/platform/projects`, 'POST', { name: 'Bench', organization_slug: org.slug });
  const ref = String(project.ref);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const status = await call(context, `${baseUrl}/api/platform/projects/${ref}/status`, 'GET');
    if (status.status === 'ACTIVE_HEALTHY') return ref;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Project ${ref} did not come up within 60 s`);
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
