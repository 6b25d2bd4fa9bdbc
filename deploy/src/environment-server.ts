import type { FastifyInstance } from 'fastify';
import type { ServerOptions } from '@plinth/platform-api';
import { readEnvironmentFile, type EnvironmentFile } from './environments';
import { DEFAULT_DIRS, type DeployDirs } from './paths';
import { createConsoleServer } from './server';

export interface EnvironmentServerOptions {
  /** The environment served: deploy/environments/<env>.json. */
  env: string;
  dirs?: DeployDirs;
  /** The platform API's options, but its build mode, which is the environment's. */
  apiOptions?: Omit<ServerOptions, 'buildMode'>;
}

/**
 * The console server of one environment (what `serve.ts` starts): its manifest is read first, and
 * the platform API answers in the manifest's `buildMode`, the console's own: a self-hosted
 * environment's API has no hosted-only features (saved log queries answer 404 `hosted_only`)
 * without PLINTH_BUILD_MODE being set by hand, and a variable that says otherwise is overruled
 * (`buildModeNote` says so), since the console served is the manifest's.
 */
export async function createEnvironmentServer(options: EnvironmentServerOptions): Promise<{ app: FastifyInstance; manifest: EnvironmentFile }> {
  const dirs = options.dirs ?? DEFAULT_DIRS;
  const manifest = await readEnvironmentFile(dirs, options.env);
  const app = await createConsoleServer({ env: options.env, dirs, apiOptions: { ...options.apiOptions, buildMode: manifest.buildMode } });
  return { app, manifest };
}

/** A line for the server's output when PLINTH_BUILD_MODE disagrees with the environment's build mode (null when it does not). */
export function buildModeNote(manifest: Pick<EnvironmentFile, 'name' | 'buildMode'>, variable: string | undefined): string | null {
  if (!variable || variable === manifest.buildMode) return null;
  return `PLINTH_BUILD_MODE=${variable} is ignored: the "${manifest.name}" environment is ${manifest.buildMode}, and so is its API.`;
}
