import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AREA_ID_PATTERN, type AreaName } from '@plinth/shared-contracts';

export const DEPLOY_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WORKSPACE_DIR = path.resolve(DEPLOY_DIR, '..');

/** Folders deploy works in; tests point them at temporary folders. */
export interface DeployDirs {
  /** Published builds: <area>/<version>/ and host-shell/. */
  published: string;
  /** Environment manifests: <env>.json. */
  environments: string;
  /** The workspace, where mfe-<area>/dist and host-shell/dist are built. */
  workspace: string;
}

export const DEFAULT_DIRS: DeployDirs = {
  published: path.join(DEPLOY_DIR, 'published'),
  environments: path.join(DEPLOY_DIR, 'environments'),
  workspace: WORKSPACE_DIR,
};

export const SHELL_FOLDER = 'host-shell';

/** Whether a name can be an area's (its manifest's id): lowercase words joined by dashes. */
export function isAreaName(value: string): value is AreaName {
  return AREA_ID_PATTERN.test(value);
}

export function requireAreaName(value: string | undefined): AreaName {
  if (!value || !isAreaName(value)) {
    throw new DeployError(`"${value ?? ''}" is not an area name (lowercase words joined by dashes, as in "sql-editor").`);
  }
  return value;
}

const VERSION_PATTERN = /^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?$/;
export function requireVersion(value: string | undefined): string {
  if (!value || !VERSION_PATTERN.test(value)) throw new DeployError(`"${value ?? ''}" is not a version like 1.2.3.`);
  return value;
}

const ENV_PATTERN = /^[a-z][a-z0-9-]*$/;
export function requireEnvironmentName(value: string | undefined): string {
  if (!value || !ENV_PATTERN.test(value)) throw new DeployError(`"${value ?? ''}" is not an environment name (lowercase letters, digits and dashes).`);
  return value;
}

/** A mistake of the person running deploy: printed without a stack trace. */
export class DeployError extends Error {}

export function areaDistDir(dirs: DeployDirs, area: AreaName): string {
  return path.join(dirs.workspace, `mfe-${area}`, 'dist');
}

export function publishedAreaDir(dirs: DeployDirs, area: AreaName, version: string): string {
  return path.join(dirs.published, area, version);
}

/** URL at which the deploy server answers an area version's manifest. */
export function remoteManifestUrl(area: AreaName, version: string): string {
  return `/remotes/${area}/${version}/mf-manifest.json`;
}
