import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ENVIRONMENTS_DIR } from './paths';
import { FIXTURE_REMOTES, OUTAGE_REMOTE, packageVersion, publishedDir } from './fixture-remotes';

/** An area's id, as its manifest states it. */
export type Area = string;

interface Release {
  version: string;
  url: string;
  manifest: unknown;
}
interface EnvironmentManifest {
  name: string;
  buildMode: 'hosted' | 'self-hosted';
  areas: Record<Area, Release>;
}

function readProduction(): Partial<EnvironmentManifest> {
  const file = path.join(ENVIRONMENTS_DIR, 'production.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<EnvironmentManifest>) : {};
}

/** The areas the console ships: those of the committed production environment. */
export const AREAS: readonly Area[] = Object.keys(readProduction().areas ?? {});

/** Test-only environment names; the committed production and staging manifests are never touched. */
export const TEST_ENVIRONMENTS = {
  production: 'e2e-production',
  staging: 'e2e-staging',
  throws: 'e2e-throws',
  broken: 'e2e-broken',
} as const;

/** An environment entry for a published version, with the manifest its build emitted (as `deploy promote` writes it). */
export function release(area: Area, version: string): Release {
  const manifestFile = path.join(publishedDir(area, version), 'area-manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${area} ${version} is published without area-manifest.json (${manifestFile}): build and publish it again.`);
  return { version, url: `/remotes/${area}/${version}/mf-manifest.json`, manifest: JSON.parse(readFileSync(manifestFile, 'utf8')) };
}

function buildModeOfProduction(): EnvironmentManifest['buildMode'] {
  return readProduction().buildMode === 'self-hosted' ? 'self-hosted' : 'hosted';
}

/** Every area at the version its package states, as publish-all published it. */
function currentAreas(): Record<Area, Release> {
  return Object.fromEntries(AREAS.map((area) => [area, release(area, packageVersion(area))]));
}

function manifestFile(name: string): string {
  return path.join(ENVIRONMENTS_DIR, `${name}.json`);
}

/**
 * Writes the test environments: production-like (current versions), staging (storage pinned to the
 * older 0.9.0), throws (storage throws on mount) and broken (storage built for contracts v0, logs
 * served from a copy the outage test hides).
 */
export function writeTestEnvironments(): void {
  const buildMode = buildModeOfProduction();
  const current = currentAreas();
  const manifests: EnvironmentManifest[] = [
    { name: TEST_ENVIRONMENTS.production, buildMode, areas: current },
    { name: TEST_ENVIRONMENTS.staging, buildMode, areas: { ...current, storage: release('storage', FIXTURE_REMOTES.older.version) } },
    { name: TEST_ENVIRONMENTS.throws, buildMode, areas: { ...current, storage: release('storage', FIXTURE_REMOTES.throwsOnMount.version) } },
    {
      name: TEST_ENVIRONMENTS.broken,
      buildMode,
      areas: {
        ...current,
        storage: release('storage', FIXTURE_REMOTES.incompatible.version),
        logs: release('logs', OUTAGE_REMOTE.version),
      },
    },
  ];
  for (const manifest of manifests) writeFileSync(manifestFile(manifest.name), `${JSON.stringify(manifest, null, 2)}\n`);
}

export function removeTestEnvironments(): void {
  for (const name of Object.values(TEST_ENVIRONMENTS)) rmSync(manifestFile(name), { force: true });
}
