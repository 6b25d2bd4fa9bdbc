import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AREA_MANIFEST_FILE, parseAreaManifest, type AreaManifest, type AreaName, type BuildMode } from '@plinth/shared-contracts';
import { DEFAULT_DIRS, DeployError, isAreaName, publishedAreaDir, remoteManifestUrl, requireEnvironmentName, requireVersion, type DeployDirs } from './paths';

/** An environment's entry for one area: which published version runs, where, and what the area says of itself. */
export interface AreaRelease {
  version: string;
  url: string;
  /** The published build's area-manifest.json: the shell derives the area's routes, rail entry and links from it. */
  manifest: AreaManifest;
}

/** deploy/environments/<env>.json. The server answers /environment.json with it, less `history`. */
export interface EnvironmentFile {
  name: string;
  buildMode: BuildMode;
  areas: Partial<Record<AreaName, AreaRelease>>;
  /** Versions promoted to this environment, oldest first; the last one is the current one. */
  history?: Partial<Record<AreaName, string[]>>;
}

export function environmentFilePath(dirs: DeployDirs, env: string): string {
  return path.join(dirs.environments, `${requireEnvironmentName(env)}.json`);
}

function validate(value: unknown, file: string): EnvironmentFile {
  const problem = (what: string) => new DeployError(`${file} is not a valid environment manifest: ${what}.`);
  if (typeof value !== 'object' || value === null) throw problem('it is not a JSON object');
  const candidate = value as Record<string, unknown>;
  if (typeof candidate.name !== 'string' || !candidate.name) throw problem('"name" is missing');
  if (candidate.buildMode !== 'hosted' && candidate.buildMode !== 'self-hosted') throw problem('"buildMode" must be "hosted" or "self-hosted"');
  if (typeof candidate.areas !== 'object' || candidate.areas === null) throw problem('"areas" is missing');
  for (const [area, release] of Object.entries(candidate.areas as Record<string, unknown>)) {
    if (!isAreaName(area)) throw problem(`"${area}" is not an area`);
    const r = release as Partial<AreaRelease> | null;
    if (!r || typeof r.version !== 'string' || typeof r.url !== 'string') throw problem(`areas.${area} needs "version" and "url"`);
    if (!r.manifest) throw problem(`areas.${area} needs the area's "manifest" (publish the area, then promote it)`);
    let manifest: AreaManifest;
    try {
      manifest = parseAreaManifest(r.manifest, `areas.${area}.manifest`);
    } catch (error) {
      throw problem((error as Error).message);
    }
    if (manifest.id !== area) throw problem(`areas.${area}.manifest is the "${manifest.id}" area's`);
  }
  return value as EnvironmentFile;
}

export async function readEnvironmentFile(dirs: DeployDirs, env: string): Promise<EnvironmentFile> {
  const file = environmentFilePath(dirs, env);
  if (!existsSync(file)) throw new DeployError(`There is no "${env}" environment (${file} does not exist).`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new DeployError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  return validate(parsed, file);
}

async function writeEnvironmentFile(dirs: DeployDirs, manifest: EnvironmentFile): Promise<void> {
  const file = environmentFilePath(dirs, manifest.name);
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(manifest, null, 2)}\n`);
  await rename(temporary, file);
}

/** The manifest as the browser sees it. */
export function publicManifest(manifest: EnvironmentFile): Omit<EnvironmentFile, 'history'> {
  const { history: _history, ...rest } = manifest;
  return rest;
}

function requirePublished(dirs: DeployDirs, area: AreaName, version: string): void {
  if (!existsSync(path.join(publishedAreaDir(dirs, area, version), 'mf-manifest.json'))) {
    throw new DeployError(`${area} ${version} is not published. Publish it first: tsx src/cli.ts publish ${area} --version ${version}`);
  }
}

/** The area-manifest.json of a published version, checked against the contracts' schema. */
export async function publishedAreaManifest(dirs: DeployDirs, area: AreaName, version: string): Promise<AreaManifest> {
  const file = path.join(publishedAreaDir(dirs, area, version), AREA_MANIFEST_FILE);
  if (!existsSync(file)) throw new DeployError(`${area} ${version} was published without its ${AREA_MANIFEST_FILE}: build it again and publish it with --force.`);
  let manifest: AreaManifest;
  try {
    manifest = parseAreaManifest(JSON.parse(await readFile(file, 'utf8')), file);
  } catch (error) {
    throw new DeployError((error as Error).message);
  }
  if (manifest.id !== area) throw new DeployError(`${file} describes the "${manifest.id}" area, not ${area}.`);
  return manifest;
}

/** The environment entry of a published version, with its manifest folded in. */
async function releaseOf(dirs: DeployDirs, area: AreaName, version: string): Promise<AreaRelease> {
  requirePublished(dirs, area, version);
  return { version, url: remoteManifestUrl(area, version), manifest: await publishedAreaManifest(dirs, area, version) };
}

/**
 * After a publish: every environment that runs this area at this version takes the manifest just
 * published (a rebuild under the same version may have changed it). Returns the environments updated.
 */
export async function refreshEnvironments(dirs: DeployDirs, area: AreaName, version: string): Promise<string[]> {
  if (!existsSync(dirs.environments)) return [];
  const updated: string[] = [];
  for (const file of (await readdir(dirs.environments)).filter((name) => name.endsWith('.json')).sort()) {
    const env = file.slice(0, -'.json'.length);
    let manifest: EnvironmentFile;
    try {
      manifest = await readEnvironmentFile(dirs, env);
    } catch {
      continue;
    }
    if (manifest.areas[area]?.version !== version) continue;
    await writeEnvironmentFile(dirs, { ...manifest, areas: { ...manifest.areas, [area]: await releaseOf(dirs, area, version) } });
    updated.push(env);
  }
  return updated;
}

export interface Promotion {
  env: string;
  area: AreaName;
  previous: string | null;
  current: string;
}

/** Points an environment's area at a published version and records it in the history. */
export async function promote(env: string, area: AreaName, version: string, dirs: DeployDirs = DEFAULT_DIRS): Promise<Promotion> {
  requireVersion(version);
  const release = await releaseOf(dirs, area, version);
  const manifest = existsSync(environmentFilePath(dirs, env))
    ? await readEnvironmentFile(dirs, env)
    : { name: env, buildMode: 'hosted' as const, areas: {} };
  const previous = manifest.areas[area]?.version ?? null;
  const history = { ...(manifest.history ?? {}) };
  const list = [...(history[area] ?? (previous ? [previous] : []))];
  if (list[list.length - 1] !== version) list.push(version);
  history[area] = list;
  await writeEnvironmentFile(dirs, { ...manifest, areas: { ...manifest.areas, [area]: release }, history });
  return { env, area, previous, current: version };
}

/** Returns an environment's area to the version promoted before the current one. */
export async function rollback(env: string, area: AreaName, dirs: DeployDirs = DEFAULT_DIRS): Promise<Promotion> {
  const manifest = await readEnvironmentFile(dirs, env);
  const current = manifest.areas[area]?.version ?? null;
  const list = [...(manifest.history?.[area] ?? (current ? [current] : []))];
  if (list.length < 2) throw new DeployError(`There is no earlier version of the ${area} area to roll back to in ${env}.`);
  list.pop();
  const previous = list[list.length - 1];
  const release = await releaseOf(dirs, area, previous);
  await writeEnvironmentFile(dirs, {
    ...manifest,
    areas: { ...manifest.areas, [area]: release },
    history: { ...manifest.history, [area]: list },
  });
  return { env, area, previous: current, current: previous };
}

/** Takes an area out of an environment (its history stays, for a later promote). */
export async function removeArea(env: string, area: AreaName, dirs: DeployDirs = DEFAULT_DIRS): Promise<void> {
  const manifest = await readEnvironmentFile(dirs, env);
  if (!manifest.areas[area]) throw new DeployError(`The ${area} area is not part of ${env}.`);
  const { [area]: _removed, ...areas } = manifest.areas;
  await writeEnvironmentFile(dirs, { ...manifest, areas });
}

/** One line per area: its version, whether it is published, and the earlier versions it can roll back to. */
export async function describeEnvironment(env: string, dirs: DeployDirs = DEFAULT_DIRS): Promise<string[]> {
  const manifest = await readEnvironmentFile(dirs, env);
  const lines = [`${manifest.name} (${manifest.buildMode})`];
  for (const [area, release] of Object.entries(manifest.areas) as Array<[AreaName, AreaRelease]>) {
    const published = existsSync(path.join(publishedAreaDir(dirs, area, release.version), 'mf-manifest.json'));
    const earlier = (manifest.history?.[area] ?? []).slice(0, -1);
    lines.push(
      `  ${area.padEnd(17)} ${release.version.padEnd(10)} ${published ? 'published' : 'NOT PUBLISHED'}${earlier.length ? `   earlier: ${earlier.join(', ')}` : ''}`,
    );
  }
  return lines;
}
