import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DEPLOY_DIR, TSX_BIN } from './paths';

/** The secret of GitHub's webhook on the test servers, and the e-mail address of their platform admin. */
export const E2E_WEBHOOK_SECRET = 'e2e-github-webhook-secret';
export const E2E_PLATFORM_ADMIN = 'platform-admin@e2e.example.com';

/** One running console: deploy's server for one environment, with its own data directory (empty unless given). */
export interface ConsoleServer {
  environment: string;
  url: string;
  /** The project services' address (a project's URL is `${servicesUrl}/${ref}`): the other loopback name, its own port. */
  servicesUrl: string;
  dataDir: string;
  logFile: string;
  stop: () => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return res.ok;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/**
 * Starts `deploy/src/serve.ts` the way `pnpm start` does (shell, published remotes, API under /api;
 * the project services on a port of their own)
 * for the given environment on a free port, and waits until it serves its manifest and the API.
 * Its output goes to `<logDir>/<environment>.log`.
 */
export async function startConsoleServer(
  environment: string,
  logDir: string,
  timeoutMs = 180_000,
  options: {
    /** A data directory a stopped server left (`keepData`): the platform starts again on it. */
    dataDir?: string;
    /** Keep the data directory when the server stops, to start another on it. */
    keepData?: boolean;
    /** The log file's name in `logDir` (default `<environment>.log`). */
    logName?: string;
  } = {},
): Promise<ConsoleServer> {
  const port = await freePort();
  const projectPort = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), `plinth-e2e-${environment}-`));
  mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, options.logName ?? `${environment}.log`);
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(TSX_BIN, ['src/serve.ts'], {
    cwd: DEPLOY_DIR,
    env: { ...process.env, PLINTH_ENV: environment, PORT: String(port), PROJECT_PORT: String(projectPort), HOST: '127.0.0.1', PLINTH_DATA_DIR: dataDir, NODE_ENV: 'production',
      // Every test signs up from 127.0.0.1: the per-address sign-up limit is raised for the suite.
      PLINTH_SIGN_UPS_PER_HOUR: '1000',
      // GitHub's push webhook (branches.spec.ts signs its deliveries) and a platform admin (feature-flags-admin.spec.ts).
      GITHUB_WEBHOOK_SECRET: E2E_WEBHOOK_SECRET, PLINTH_PLATFORM_ADMINS: E2E_PLATFORM_ADMIN },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so stop() also ends the node process tsx starts
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  const servicesUrl = `http://localhost:${projectPort}`;

  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      const killer = setTimeout(() => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }, 5_000);
      await exited(child);
      clearTimeout(killer);
    }
    log.end();
    if (!process.env.E2E_KEEP_DATA && !options.keepData) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The ${environment} console server exited with code ${child.exitCode} before answering; see ${logFile}`);
    }
    if ((await answers(`${url}/environment.json`)) && (await answers(`${url}/api/auth/session`))) {
      return { environment, url, servicesUrl, dataDir, logFile, stop };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`The ${environment} console server did not answer on ${url} within ${timeoutMs / 1000} s`);
}
