import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/**
 * An area no build of the shell knows (e2e/fixtures/scheduler-area), owning the "scheduler"
 * segment. new-area.spec.ts publishes it with deploy's command and adds it to an environment.
 */
export const NEW_AREA = { area: 'scheduler', version: '1.0.0', folder: path.join(REPO_ROOT, 'e2e/fixtures/scheduler-area') } as const;

/**
 * An area that takes shared-ui from the shell (e2e/fixtures/notes-area), owning the "notes"
 * segment. runtime-contract.spec.ts publishes it as `version` (built against the workspace's
 * shared-ui) and as `olderVersion` (stating the minor before), and promotes them under older and
 * newer shells.
 */
export const NOTES_AREA = { area: 'notes', version: '1.0.0', olderVersion: '0.9.0', folder: path.join(REPO_ROOT, 'e2e/fixtures/notes-area') } as const;

/** Runs deploy's command line (src/cli.ts) and returns what it printed; a failure throws with its output. */
export function runDeploy(args: string[]): string {
  try {
    return execFileSync(TSX_BIN, ['src/cli.ts', ...args], { cwd: DEPLOY_DIR, stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  } catch (error) {
    const output = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`deploy ${args.join(' ')} failed: ${String(output.stderr ?? '')}${String(output.stdout ?? '')}`);
  }
}

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

const FIXTURE_KEYS_FILE = path.join(PUBLISHED_DIR, '.e2e-fixtures.json');

/**
 * What a fixture build depends on: the area's current build (its file names carry content hashes)
 * and the build-time variables. A fixture published from the same key is not built again.
 */
function fixtureKey(area: string, env: Record<string, string>): string {
  const dist = path.join(REPO_ROOT, `mfe-${area}`, 'dist');
  const files = existsSync(dist) ? readdirSync(dist).sort() : [];
  return createHash('sha256').update(JSON.stringify({ files, env })).digest('hex');
}

function readFixtureKeys(): Record<string, string> {
  try {
    return JSON.parse(readFileSync(FIXTURE_KEYS_FILE, 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}

/** Publishes every fixture remote that is not already published from the current build. */
export function publishFixtureRemotes(log: (line: string) => void = () => undefined): void {
  const keys = readFixtureKeys();
  for (const fixture of Object.values(FIXTURE_REMOTES)) {
    const id = `${fixture.area}@${fixture.version}`;
    const key = fixtureKey(fixture.area, fixture.env);
    const ready = existsSync(path.join(publishedDir(fixture.area, fixture.version), 'mf-manifest.json'));
    if (ready && keys[id] === key) {
      log(`${id} is already published from the current build`);
      continue;
    }
    const started = Date.now();
    buildAndPublish(fixture.area, fixture.version, fixture.env);
    keys[id] = key;
    writeFileSync(FIXTURE_KEYS_FILE, `${JSON.stringify(keys, null, 2)}\n`);
    log(`built and published ${id} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
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

/** Removes the outage copy; fixture builds stay published (under deploy/published/, not in git) for the next run. */
export function removeOutageRemote(): void {
  const outage = publishedDir(OUTAGE_REMOTE.area, OUTAGE_REMOTE.version);
  rmSync(outage, { recursive: true, force: true });
  rmSync(`${outage}.hidden`, { recursive: true, force: true });
}
