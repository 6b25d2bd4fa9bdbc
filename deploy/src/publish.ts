import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AREA_MANIFEST_FILE, parseAreaManifest, type AreaName, type RuntimeProvides } from '@plinth/shared-contracts';
import { environmentsBrokenByShell, environmentsRefusingBuild, refreshEnvironments } from './environments';
import { copyBuild, fingerprint, PUBLISH_RECORD, readJsonFile } from './files';
import { areaDistDir, DEFAULT_DIRS, DeployError, publishedAreaDir, requireVersion, SHELL_FOLDER, type DeployDirs } from './paths';
import { parseRuntimeProvides, readRequiresIn, RUNTIME_PROVIDES_FILE, shellLabel } from './runtime-contract';

/** What @plinth/build-config writes into every area build (plinth-area.json). */
export interface AreaBuildStamp {
  area: AreaName;
  version: string;
  contractsMajor: number;
  fault: string | null;
}

export interface PublishOptions {
  area: AreaName;
  /** Version to publish as; default: the version stamped in the build. A different one rebuilds the area with it. */
  version?: string;
  /** Replace a different build already published under this version. */
  force?: boolean;
  /** Build the area first with these environment variables (AREA_FAULT, AREA_CONTRACTS_MAJOR, ...). */
  envVars?: Record<string, string>;
  /** Build the area first even without envVars. */
  build?: boolean;
  dirs?: DeployDirs;
  /** Where the build output is read from; default mfe-<area>/dist. */
  sourceDir?: string;
  /** Folder of the area's sources when it is built first; default mfe-<area> (a test fixture lives elsewhere). */
  areaDir?: string;
  /**
   * What the shell published together with this area provides (publish-all publishes one build of
   * the workspace: its areas and its shell go out as one release). Environments that run the
   * published shell are checked against this one; default: the shell published now.
   */
  nextShell?: RuntimeProvides | null;
  log?: (line: string) => void;
}

export interface PublishResult {
  area: AreaName;
  version: string;
  target: string;
  outcome: 'published' | 'unchanged' | 'replaced';
}

async function readStamp(dir: string): Promise<AreaBuildStamp | null> {
  const file = path.join(dir, 'plinth-area.json');
  return existsSync(file) ? readJsonFile<AreaBuildStamp>(file) : null;
}

/** The build's area-manifest.json must be there, valid, and describe the area being published; returns its title. */
async function checkAreaManifest(source: string, area: AreaName): Promise<string> {
  const file = path.join(source, AREA_MANIFEST_FILE);
  if (!existsSync(file)) throw new DeployError(`The build in ${source} has no ${AREA_MANIFEST_FILE}: build the area again with the current @plinth/build-config.`);
  let manifest: { id: string; title: string };
  try {
    manifest = parseAreaManifest(await readJsonFile<unknown>(file), file);
  } catch (error) {
    throw new DeployError((error as Error).message);
  }
  if (manifest.id !== area) throw new DeployError(`${file} describes the "${manifest.id}" area, not ${area}.`);
  return manifest.title;
}

/** Builds one area with extra environment variables into a temporary folder and returns it. */
export async function buildAreaInto(
  area: AreaName,
  env: Record<string, string>,
  dirs: DeployDirs,
  log: (line: string) => void,
  areaDir: string = path.join(dirs.workspace, `mfe-${area}`),
): Promise<string> {
  // An area package has webpack-cli of its own; a folder outside the workspace's packages uses pnpm's hoisted one.
  const webpackBin = [path.join(areaDir, 'node_modules/webpack-cli/bin/cli.js'), path.join(dirs.workspace, 'node_modules/.pnpm/node_modules/webpack-cli/bin/cli.js')].find(
    (candidate) => existsSync(candidate),
  ) ?? path.join(areaDir, 'node_modules/webpack-cli/bin/cli.js');
  if (!existsSync(webpackBin)) throw new DeployError(`Cannot build the ${area} area: ${webpackBin} is missing (run pnpm install).`);
  const out = await mkdtemp(path.join(os.tmpdir(), `plinth-${area}-`));
  log(`Building the ${area} area with ${Object.entries(env).map(([k, v]) => `${k}=${v}`).join(' ') || 'its defaults'}...`);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [webpackBin, '--mode', 'production', '--output-path', out], {
      cwd: areaDir,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new DeployError(`Building the ${area} area failed (exit ${code}).`))));
  });
  return out;
}

/** Copies a built remote into published/<area>/<version>/. */
export async function publishArea(options: PublishOptions): Promise<PublishResult> {
  const dirs = options.dirs ?? DEFAULT_DIRS;
  const log = options.log ?? (() => undefined);
  const { area } = options;
  let source = options.sourceDir ?? (options.areaDir ? path.join(options.areaDir, 'dist') : areaDistDir(dirs, area));
  let temporary: string | null = null;
  try {
    const builtStamp = existsSync(source) ? await readStamp(source) : null;
    const wantsOtherVersion = options.version !== undefined && builtStamp !== null && builtStamp.version !== options.version;
    const envVars = { ...(options.envVars ?? {}) };
    const unbuiltFolder = options.areaDir !== undefined && builtStamp === null;
    if (options.build || unbuiltFolder || Object.keys(envVars).length > 0 || wantsOtherVersion) {
      if (options.version) envVars.AREA_VERSION = requireVersion(options.version);
      temporary = await buildAreaInto(area, envVars, dirs, log, options.areaDir);
      source = temporary;
    }
    if (!existsSync(path.join(source, 'mf-manifest.json'))) {
      throw new DeployError(`No build of the ${area} area in ${source}: run \`pnpm --filter @plinth/mfe-${area} build\` first.`);
    }
    const stamp = await readStamp(source);
    if (stamp && stamp.area !== area) throw new DeployError(`The build in ${source} is the ${stamp.area} area, not ${area}.`);
    const title = await checkAreaManifest(source, area);
    const requires = await readRequiresIn(source, `The build in ${source}`);
    const version = requireVersion(options.version ?? stamp?.version);
    const target = publishedAreaDir(dirs, area, version);
    const print = await fingerprint(source);
    let outcome: PublishResult['outcome'] = 'published';
    if (existsSync(target)) {
      const recordFile = path.join(target, PUBLISH_RECORD);
      const previous = existsSync(recordFile) ? (await readJsonFile<{ fingerprint?: string }>(recordFile)).fingerprint : await fingerprint(target);
      if (previous === print) {
        log(`${area} ${version} is already published from this build.`);
        await refreshEnvironments(dirs, area, version);
        return { area, version, target, outcome: 'unchanged' };
      }
      if (!options.force) {
        throw new DeployError(
          `${area} ${version} is already published from a different build. Publish it under a new version, or pass --force to replace it.`,
        );
      }
      outcome = 'replaced';
    }
    // An environment already running this version takes the new build: its shell must be able to run it.
    const refusals = await environmentsRefusingBuild(dirs, area, { title, version, requires }, options.nextShell ?? null);
    if (refusals.length) throw new DeployError(`Cannot publish ${area} ${version}: ${refusals.join(' ')}`);
    await copyBuild(source, target, {
      area,
      version,
      fingerprint: print,
      contractsMajor: stamp?.contractsMajor ?? null,
      fault: stamp?.fault ?? null,
      // What the build needs of the shell (also in runtime-requires.json beside it).
      requires,
      publishedAt: new Date().toISOString(),
    });
    log(`${outcome === 'replaced' ? 'Replaced' : 'Published'} ${area} ${version} in ${path.relative(dirs.workspace, target)}`);
    // Environments already running this version take the manifest of the build just published.
    for (const env of await refreshEnvironments(dirs, area, version)) log(`${env}: ${area} ${version} now carries the manifest of this build`);
    return { area, version, target, outcome };
  } finally {
    if (temporary) await rm(temporary, { recursive: true, force: true });
  }
}

/** Copies the shell's build (host-shell/dist) into published/host-shell/. */
export async function publishShell(dirs: DeployDirs = DEFAULT_DIRS, log: (line: string) => void = () => undefined): Promise<string> {
  const source = path.join(dirs.workspace, 'host-shell', 'dist');
  if (!existsSync(path.join(source, 'index.html'))) {
    throw new DeployError(`No build of the shell in ${source}: run \`pnpm --filter @plinth/host-shell build\` first.`);
  }
  // Environments that run the published shell (none promoted into them) take this one: it must run their areas.
  const providesFile = path.join(source, RUNTIME_PROVIDES_FILE);
  if (existsSync(providesFile)) {
    const provides = parseRuntimeProvides(await readJsonFile<unknown>(providesFile), providesFile);
    const refusals = await environmentsBrokenByShell(dirs, provides);
    if (refusals.length) throw new DeployError(`Cannot publish the shell (${shellLabel(provides)}): ${refusals.join(' ')}`);
  }
  const target = path.join(dirs.published, SHELL_FOLDER);
  await copyBuild(source, target, { fingerprint: await fingerprint(source), publishedAt: new Date().toISOString() });
  log(`Published the shell in ${path.relative(dirs.workspace, target)}`);
  return target;
}

/** The areas of the workspace: every mfe-<area> folder with an area.manifest.ts. */
export function workspaceAreas(dirs: DeployDirs): AreaName[] {
  return readdirSync(dirs.workspace)
    .filter((name) => name.startsWith('mfe-') && existsSync(path.join(dirs.workspace, name, 'area.manifest.ts')))
    .map((name) => name.slice('mfe-'.length))
    .sort();
}

/** Publishes every area's current build at its stamped version, and the shell. Builds nothing. */
export async function publishAll(options: { dirs?: DeployDirs; force?: boolean; log?: (line: string) => void } = {}): Promise<PublishResult[]> {
  const dirs = options.dirs ?? DEFAULT_DIRS;
  const results: PublishResult[] = [];
  // One build of the workspace: its areas are checked against the shell built with them (which is
  // published last, and refused if an environment keeps an area it cannot run).
  const providesFile = path.join(dirs.workspace, 'host-shell', 'dist', RUNTIME_PROVIDES_FILE);
  const nextShell = existsSync(providesFile) ? parseRuntimeProvides(await readJsonFile<unknown>(providesFile), providesFile) : null;
  for (const area of workspaceAreas(dirs)) {
    results.push(await publishArea({ area, dirs, force: options.force, log: options.log, nextShell }));
  }
  await publishShell(dirs, options.log);
  return results;
}
