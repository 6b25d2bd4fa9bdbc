import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AREA_MANIFEST_FILE, parseAreaManifest, type AreaManifest, type AreaName, type BuildMode, type RuntimeProvides, type RuntimeRequires } from '@plinth/shared-contracts';
import { DEFAULT_DIRS, DeployError, isAreaName, publishedAreaDir, remoteManifestUrl, requireEnvironmentName, requireVersion, type DeployDirs } from './paths';
import { parseRuntimeProvides, parseRuntimeRequires, publishedRequires, publishedShellProvides, refusalFor, shellLabel } from './runtime-contract';

/** An environment's entry for one area: which published version runs, where, and what the area says of itself. */
export interface AreaRelease {
  version: string;
  url: string;
  /** The published build's area-manifest.json: the shell derives the area's routes, rail entry and links from it. */
  manifest: AreaManifest;
  /** The published build's runtime-requires.json: what the area needs of the shell (the host checks it again at load time). */
  requires?: RuntimeRequires;
}

/** The shell an environment is pinned to by `promote-shell`: what it provides to the areas. */
export interface ShellRelease {
  version: string;
  fingerprint?: string;
  provides: RuntimeProvides;
}

/** deploy/environments/<env>.json. The server answers /environment.json with it, less `history`. */
export interface EnvironmentFile {
  name: string;
  buildMode: BuildMode;
  areas: Partial<Record<AreaName, AreaRelease>>;
  /**
   * The shell `promote-shell` last promoted into this environment; without it the environment
   * runs the published shell (published/host-shell/) and is checked against what it provides.
   */
  shell?: ShellRelease;
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
    if (r.requires !== undefined) parseRuntimeRequires(r.requires, `${file} (areas.${area}.requires)`);
  }
  const shell = candidate.shell as Partial<ShellRelease> | undefined;
  if (shell !== undefined) {
    if (typeof shell !== 'object' || shell === null || typeof shell.version !== 'string') throw problem('"shell" needs its "version" and "provides"');
    parseRuntimeProvides(shell.provides, `${file} (shell.provides)`);
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

/** The manifest as the browser sees it (the shell knows what it provides itself). */
export function publicManifest(manifest: EnvironmentFile): Omit<EnvironmentFile, 'history' | 'shell'> {
  const { history: _history, shell: _shell, ...rest } = manifest;
  return rest;
}

/** What an environment's shell provides: the one promoted into it, else the published shell (null when neither says). */
export async function environmentShellProvides(dirs: DeployDirs, manifest: Pick<EnvironmentFile, 'shell'>): Promise<RuntimeProvides | null> {
  return manifest.shell?.provides ?? publishedShellProvides(dirs);
}

/** Refuses an area release the environment's shell cannot run, with the host's words and the environment named. */
export async function requireShellMeets(dirs: DeployDirs, env: string, manifest: Pick<EnvironmentFile, 'shell'>, release: AreaRelease, action: string): Promise<void> {
  if (!release.requires) return;
  const refusal = refusalFor({ title: release.manifest.title, version: release.version, requires: release.requires }, await environmentShellProvides(dirs, manifest), env);
  if (refusal) throw new DeployError(`${action}: ${refusal}`);
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
  return {
    version,
    url: remoteManifestUrl(area, version),
    manifest: await publishedAreaManifest(dirs, area, version),
    requires: await publishedRequires(dirs, area, version),
  };
}

/** Every environment file that reads as one, by name (a file that does not is skipped, as the host would refuse it). */
async function readableEnvironments(dirs: DeployDirs): Promise<{ env: string; manifest: EnvironmentFile }[]> {
  if (!existsSync(dirs.environments)) return [];
  const found: { env: string; manifest: EnvironmentFile }[] = [];
  for (const file of (await readdir(dirs.environments)).filter((name) => name.endsWith('.json')).sort()) {
    const env = file.slice(0, -'.json'.length);
    try {
      found.push({ env, manifest: await readEnvironmentFile(dirs, env) });
    } catch {
      continue;
    }
  }
  return found;
}

/**
 * After a publish: every environment that runs this area at this version takes the manifest just
 * published (a rebuild under the same version may have changed it). Returns the environments updated.
 */
export async function refreshEnvironments(dirs: DeployDirs, area: AreaName, version: string): Promise<string[]> {
  const updated: string[] = [];
  for (const { env, manifest } of await readableEnvironments(dirs)) {
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
  await requireShellMeets(dirs, env, manifest, release, `Cannot promote ${area} ${version} into ${env}`);
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
  await requireShellMeets(dirs, env, manifest, release, `Cannot roll ${area} back to ${previous} in ${env}`);
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
  const lines = [`${manifest.name} (${manifest.buildMode})`, `  shell: ${manifest.shell ? `${shellLabel(manifest.shell.provides)} (promoted)` : 'the published one'}`];
  for (const [area, release] of Object.entries(manifest.areas) as Array<[AreaName, AreaRelease]>) {
    const published = existsSync(path.join(publishedAreaDir(dirs, area, release.version), 'mf-manifest.json'));
    const earlier = (manifest.history?.[area] ?? []).slice(0, -1);
    lines.push(
      `  ${area.padEnd(17)} ${release.version.padEnd(10)} ${published ? 'published' : 'NOT PUBLISHED'}${earlier.length ? `   earlier: ${earlier.join(', ')}` : ''}`,
    );
  }
  return lines;
}

/**
 * Every area of every environment that runs the published shell (none promoted into it) and that
 * the shell described by `provides` could not run: what publishing that shell would break.
 */
export async function environmentsBrokenByShell(dirs: DeployDirs, provides: RuntimeProvides): Promise<string[]> {
  const refusals: string[] = [];
  for (const { env, manifest } of await readableEnvironments(dirs)) {
    if (manifest.shell) continue;
    refusals.push(...shellRefusals(manifest, provides, env));
  }
  return refusals;
}

function shellRefusals(manifest: EnvironmentFile, provides: RuntimeProvides, env: string): string[] {
  return (Object.values(manifest.areas) as AreaRelease[]).flatMap((release) =>
    release.requires ? (refusalFor({ title: release.manifest.title, version: release.version, requires: release.requires }, provides, env) ?? []) : [],
  );
}

/**
 * Pins an environment to the published shell (what published/host-shell/ provides now), refused
 * when the shell cannot run an area already promoted there.
 */
export async function promoteShell(env: string, dirs: DeployDirs = DEFAULT_DIRS): Promise<{ env: string; previous: string | null; current: string }> {
  const manifest = await readEnvironmentFile(dirs, env);
  const provides = await publishedShellProvides(dirs);
  if (!provides) {
    throw new DeployError(`The published shell does not say what it provides (no runtime-provides.json in ${path.join(dirs.published, 'host-shell')}): build the shell and publish it again.`);
  }
  const label = shellLabel(provides);
  const refusals = shellRefusals(manifest, provides, env);
  if (refusals.length) throw new DeployError(`Cannot promote the shell (${label}) into ${env}: ${refusals.join(' ')}`);
  const recordFile = path.join(dirs.published, 'host-shell', '.published.json');
  const fingerprint = existsSync(recordFile) ? (JSON.parse(await readFile(recordFile, 'utf8')) as { fingerprint?: string }).fingerprint : undefined;
  const previous = manifest.shell ? `${manifest.shell.provides.shell ? shellLabel(manifest.shell.provides) : manifest.shell.version}` : null;
  const shell: ShellRelease = { version: provides.shell?.version ?? 'unknown', ...(fingerprint ? { fingerprint } : {}), provides };
  await writeEnvironmentFile(dirs, { ...manifest, shell });
  return { env, previous, current: label };
}

/**
 * Before a build replaces a published version: every environment running that version whose shell
 * could not run the new build, in the host's words.
 */
export async function environmentsRefusingBuild(
  dirs: DeployDirs,
  area: AreaName,
  build: { title: string; version: string; requires: RuntimeRequires },
  /** The shell published together with this build (publish-all): environments that run the published shell are checked against it. */
  nextShell: RuntimeProvides | null = null,
): Promise<string[]> {
  const refusals: string[] = [];
  for (const { env, manifest } of await readableEnvironments(dirs)) {
    if (manifest.areas[area]?.version !== build.version) continue;
    const shell = !manifest.shell && nextShell ? nextShell : await environmentShellProvides(dirs, manifest);
    const refusal = refusalFor(build, shell, env);
    if (refusal) refusals.push(refusal);
  }
  return refusals;
}
