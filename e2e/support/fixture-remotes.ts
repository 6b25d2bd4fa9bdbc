import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DEPLOY_DIR, PUBLISHED_DIR, REPO_ROOT, TSX_BIN } from './paths';

/**
 * Remote builds the browser tests need beside the real ones, each published under its own version
 * of the storage area: an older release, one built against contracts v0, and one that throws on mount.
 */
export const FIXTURE_REMOTES = {
  older: { area: 'storage', version: '0.9.0', env: { AREA_VERSION: '0.9.0' } },
  incompatible: { area: 'storage', version: '1.0.0-e2e-contracts0', env: { AREA_VERSION: '1.0.0-e2e-contracts0', AREA_CONTRACTS_MAJOR: '0' } },
  throwsOnMount: { area: 'storage', version: '1.0.0-e2e-throws', env: { AREA_VERSION: '1.0.0-e2e-throws', AREA_FAULT: 'throw-on-mount' } },
} as const;

/** A copy of the logs area published under its own version, which the outage test hides and restores. */
export const OUTAGE_REMOTE = { area: 'logs', version: '1.0.0-e2e-outage' } as const;

export function publishedDir(area: string, version: string): string {
  return path.join(PUBLISHED_DIR, area, version);
}

export function packageVersion(area: string): string {
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, `mfe-${area}`, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/**
 * Builds the area with the given build-time variables and publishes it under the version given,
 * with deploy's own command (it builds into a temporary folder: the package's dist is left alone).
 */
function buildAndPublish(area: string, version: string, env: Record<string, string>): void {
  const envArgs = Object.entries(env).flatMap(([key, value]) => ['--env-var', `${key}=${value}`]);
  try {
    execFileSync(TSX_BIN, ['src/cli.ts', 'publish', area, '--version', version, '--force', ...envArgs], {
      cwd: DEPLOY_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const output = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`Could not build and publish the ${area} fixture remote ${version}: ${String(output.stderr ?? '')}${String(output.stdout ?? '')}`);
  }
  if (!existsSync(path.join(publishedDir(area, version), 'mf-manifest.json'))) {
    throw new Error(`Publishing the ${area} fixture remote ${version} left no mf-manifest.json in ${publishedDir(area, version)}`);
  }
}

/** Publishes every fixture remote; E2E_REUSE_FIXTURES=1 keeps ones already published (local reruns). */
export function publishFixtureRemotes(): void {
  for (const fixture of Object.values(FIXTURE_REMOTES)) {
    const ready = existsSync(path.join(publishedDir(fixture.area, fixture.version), 'mf-manifest.json'));
    if (ready && process.env.E2E_REUSE_FIXTURES === '1') continue;
    buildAndPublish(fixture.area, fixture.version, fixture.env);
  }
  // A plain copy of what publish-all published: the outage test hides and restores this folder.
  const source = publishedDir(OUTAGE_REMOTE.area, packageVersion(OUTAGE_REMOTE.area));
  if (!existsSync(path.join(source, 'mf-manifest.json'))) {
    throw new Error(`The ${OUTAGE_REMOTE.area} area is not published at ${source}; run \`pnpm run build\` and \`pnpm --filter @plinth/deploy run publish-all\` first.`);
  }
  const outage = publishedDir(OUTAGE_REMOTE.area, OUTAGE_REMOTE.version);
  rmSync(outage, { recursive: true, force: true });
  rmSync(`${outage}.hidden`, { recursive: true, force: true });
  cpSync(source, outage, { recursive: true });
}

/** Removes the test-only versions publishFixtureRemotes published (0.9.0 stays: staging may pin it). */
export function removeFixtureRemotes(): void {
  if (process.env.E2E_REUSE_FIXTURES === '1') return;
  for (const fixture of [FIXTURE_REMOTES.incompatible, FIXTURE_REMOTES.throwsOnMount]) rmSync(publishedDir(fixture.area, fixture.version), { recursive: true, force: true });
  const outage = publishedDir(OUTAGE_REMOTE.area, OUTAGE_REMOTE.version);
  rmSync(outage, { recursive: true, force: true });
  rmSync(`${outage}.hidden`, { recursive: true, force: true });
}
