import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { ServerOptions } from '@plinth/platform-api';
import { publicManifest, readEnvironmentFile } from './environments';
import { DEFAULT_DIRS, DeployError, isAreaName, SHELL_FOLDER, type DeployDirs } from './paths';
import { cacheControlFor, CompressedCopies, isFile, REVALIDATE, safeJoin, sendDocument, sendFile } from './static-files';
import { apiPreloads, areaPreloads, hasSessionCookie, SHELL_CSP, shellDocument } from './shell-page';
import { createPlatformApiServer } from './platform-api';

export interface ConsoleRoutesOptions {
  /** Environment whose manifest is served as /environment.json. */
  env: string;
  dirs?: DeployDirs;
}

const cacheFor = cacheControlFor;

async function isDirectory(dir: string): Promise<boolean> {
  return stat(dir).then((info) => info.isDirectory(), () => false);
}

function notFound(reply: FastifyReply, message: string) {
  return reply.code(404).header('cache-control', 'no-store').send({ message, code: 'NOT_FOUND' });
}

/**
 * The console's own routes beside the API: the environment manifest, the published remotes
 * (CORS, long-lived caching of hashed files) and the shell with index.html for every console route.
 */
export async function registerConsoleRoutes(app: FastifyInstance, options: ConsoleRoutesOptions): Promise<void> {
  const dirs = options.dirs ?? DEFAULT_DIRS;
  const shellRoot = path.join(dirs.published, SHELL_FOLDER);
  // Compressed copies of files published before publish wrote .br copies (see static-files.ts).
  const copies = new CompressedCopies();

  app.get('/environment.json', async (_request, reply) => {
    try {
      const manifest = await readEnvironmentFile(dirs, options.env);
      return reply.header('cache-control', 'no-store').send(publicManifest(manifest));
    } catch (error) {
      if (!(error instanceof DeployError)) throw error;
      return reply.code(503).send({ message: error.message, code: 'ENVIRONMENT_UNAVAILABLE' });
    }
  });

  const corsHeaders = (reply: FastifyReply) =>
    reply.header('access-control-allow-origin', '*').header('access-control-allow-methods', 'GET, HEAD, OPTIONS');

  app.options('/remotes/*', async (_request, reply) => corsHeaders(reply).code(204).send());

  app.get('/remotes/*', async (request: FastifyRequest<{ Params: { '*': string } }>, reply) => {
    corsHeaders(reply);
    const rest = request.params['*'] ?? '';
    const [area, version, ...fileParts] = rest.split('/');
    if (!area || !isAreaName(area) || !(await isDirectory(path.join(dirs.published, area)))) {
      return notFound(reply, `There is no area "${area ?? ''}" among the published remotes.`);
    }
    const versionDir = safeJoin(dirs.published, `${area}/${version ?? ''}`);
    const file = versionDir && fileParts.length ? safeJoin(versionDir, fileParts.join('/')) : null;
    if (!file || path.basename(file).startsWith('.') || !(await isFile(file))) {
      return notFound(reply, `No file "${fileParts.join('/')}" in the published ${area} area, version ${version ?? ''}.`);
    }
    return sendFile(request, reply, file, cacheFor(file), copies);
  });

  app.get('/*', async (request: FastifyRequest<{ Params: { '*': string } }>, reply) => {
    const urlPath = `/${request.params['*'] ?? ''}`;
    // No other origin (a project's services origin among them) may show the console in a frame.
    // Scripts only from this origin, and the shell document's early bootstrap script (by its hash).
    reply.header('content-security-policy', SHELL_CSP).header('x-frame-options', 'SAMEORIGIN');
    if (urlPath === '/api' || urlPath.startsWith('/api/')) {
      return notFound(reply, `Route not found: ${request.method} ${urlPath}`);
    }
    const index = path.join(shellRoot, 'index.html');
    if (!(await isFile(index))) {
      return reply
        .code(503)
        .send({ message: 'The console shell is not published. Run `pnpm build` and `pnpm --filter @plinth/deploy run publish-all`.' });
    }
    const file = safeJoin(shellRoot, urlPath);
    if (file && path.basename(file) !== 'index.html' && !path.basename(file).startsWith('.') && (await isFile(file))) {
      return sendFile(request, reply, file, cacheFor(file), copies);
    }
    // A missing asset is a 404; any other address is a console route the shell's router handles.
    if (path.extname(urlPath) && path.basename(urlPath) !== 'index.html') return notFound(reply, `No file ${urlPath} in the console shell.`);
    const environment = await readEnvironmentFile(dirs, options.env).catch(() => null);
    const preloads = environment ? await areaPreloads(urlPath, environment, dirs) : [];
    // The area page's first API calls, for a visitor with a session cookie (whoever has none is
    // sent to sign in: nothing to preload).
    const calls = environment && hasSessionCookie(request.headers.cookie) ? apiPreloads(urlPath, environment) : [];
    return sendDocument(request, reply, shellDocument(await readFile(index, 'utf8'), preloads, calls), REVALIDATE);
  });
}

export interface ConsoleServerOptions extends ConsoleRoutesOptions {
  /** "platform" mounts the platform API under /api (default); "none" serves the console only. */
  api?: 'platform' | 'none';
  apiOptions?: ServerOptions;
}

/** One server for one environment: the platform API under /api, the remotes and the shell. */
export async function createConsoleServer(options: ConsoleServerOptions): Promise<FastifyInstance> {
  const app = options.api === 'none' ? Fastify({ logger: false }) : await createPlatformApiServer(options.apiOptions);
  await registerConsoleRoutes(app, options);
  return app;
}

