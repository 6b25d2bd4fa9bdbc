import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { runtimeContractProblems, runtimeContractRefusal, type RuntimeProvides, type RuntimeRequires } from '@plinth/shared-contracts';
import type { AreaName } from '@plinth/shared-contracts';
import { DeployError, publishedAreaDir, SHELL_FOLDER, type DeployDirs } from './paths';

/** What an area's build writes beside mf-manifest.json: what it needs of the shell (see @plinth/build-config). */
export const RUNTIME_REQUIRES_FILE = 'runtime-requires.json';
/** What the shell's build writes beside index.html: what it provides to the areas. */
export const RUNTIME_PROVIDES_FILE = 'runtime-provides.json';

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new DeployError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNames = (value: unknown) => Array.isArray(value) && value.every((name) => typeof name === 'string');

/** Checks the shape of a runtime-requires.json, naming the entry that is wrong. */
export function parseRuntimeRequires(value: unknown, file: string): RuntimeRequires {
  const problem = (what: string) => new DeployError(`${file} is not a valid ${RUNTIME_REQUIRES_FILE}: ${what}.`);
  if (!isRecord(value) || !isRecord(value.modules)) throw problem('"modules" is missing');
  for (const [name, module] of Object.entries(value.modules)) {
    if (!isRecord(module)) throw problem(`modules["${name}"] is not an object`);
    if (module.requiredVersion !== null && typeof module.requiredVersion !== 'string') throw problem(`modules["${name}"].requiredVersion must be a range or null`);
    if (module.imports !== null && !isNames(module.imports)) throw problem(`modules["${name}"].imports must be a list of names or null`);
  }
  if (value.contracts !== undefined && (!isRecord(value.contracts) || !Object.values(value.contracts).every((major) => Number.isInteger(major)))) {
    throw problem('"contracts" must map each contracts package to its major');
  }
  return value as unknown as RuntimeRequires;
}

/** Checks the shape of a runtime-provides.json, naming the entry that is wrong. */
export function parseRuntimeProvides(value: unknown, file: string): RuntimeProvides {
  const problem = (what: string) => new DeployError(`${file} is not a valid ${RUNTIME_PROVIDES_FILE}: ${what}.`);
  if (!isRecord(value) || !isRecord(value.modules)) throw problem('"modules" is missing');
  for (const [name, module] of Object.entries(value.modules)) {
    if (!isRecord(module) || typeof module.version !== 'string') throw problem(`modules["${name}"] needs its "version"`);
    if (module.exports !== undefined && !isNames(module.exports)) throw problem(`modules["${name}"].exports must be a list of names`);
  }
  return value as unknown as RuntimeProvides;
}

/** The runtime-requires.json of a build folder; a build without one was made before the runtime contract. */
export async function readRequiresIn(dir: string, what: string): Promise<RuntimeRequires> {
  const file = path.join(dir, RUNTIME_REQUIRES_FILE);
  if (!existsSync(file)) throw new DeployError(`${what} has no ${RUNTIME_REQUIRES_FILE} (what it needs of the shell): build it again with the current @plinth/build-config.`);
  return parseRuntimeRequires(await readJson(file), file);
}

/** What a published area version needs of the shell. */
export function publishedRequires(dirs: DeployDirs, area: AreaName, version: string): Promise<RuntimeRequires> {
  return readRequiresIn(publishedAreaDir(dirs, area, version), `${area} ${version} as published`);
}

/** What the published shell provides, or null when it was published without saying (or not at all). */
export async function publishedShellProvides(dirs: DeployDirs): Promise<RuntimeProvides | null> {
  const file = path.join(dirs.published, SHELL_FOLDER, RUNTIME_PROVIDES_FILE);
  return existsSync(file) ? parseRuntimeProvides(await readJson(file), file) : null;
}

/** The shell's name and version as its provides state them, for messages. */
export function shellLabel(provides: RuntimeProvides): string {
  return provides.shell ? `${provides.shell.name} ${provides.shell.version}` : 'the published shell';
}

/**
 * Why an area cannot run in an environment's shell, in the host's words with the environment
 * named (null when it can, or when nothing is known of the shell).
 */
export function refusalFor(
  area: { title: string; version: string; requires: RuntimeRequires },
  provides: RuntimeProvides | null,
  env: string,
): string | null {
  if (!provides) return null;
  const problems = runtimeContractProblems(area.requires, provides);
  return problems.length ? runtimeContractRefusal(area.title, area.version, problems, `the ${env} environment`) : null;
}
