import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { countEgress } from '@plinth/platform-core/egress-hook';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ApiDeps, RouteModule } from '@plinth/platform-core/deps';
import { installErrorHandling } from '@plinth/platform-core/errors';
import { refuseBadText } from '@plinth/platform-core/inputs';
import { requireContractRef } from '@plinth/platform-core/project-ref';
import type { ProjectUrls } from '@plinth/platform-core/project-urls';
import type { ControlEvents } from '@plinth/platform-core/control-events';
import { shareProjectRecords } from './caller';
import { projectAuthRoutes } from './auth/routes';
import { restRoutes } from './rest/routes';
import { projectStorageRoutes } from './storage/routes';

// The services apps call (auth, data, storage), on an origin of their own that is never the
// console's: a project's stored files, pages and redirects can never act as a console user. The
// console's cookies never reach this origin's handlers (nothing here reads a cookie), and this
// origin answers CORS for any site, as apps call it from their own pages with an API key.

/** The project services' modules, each in a scope of its own (their own body parsers and error shapes). */
export const projectServiceModules: RouteModule[] = [projectAuthRoutes, restRoutes, projectStorageRoutes];

export interface ProjectServicesOptions {
  deps: ApiDeps;
  urls: ProjectUrls;
  /** The log store these services' calls are recorded in (its listener takes this server's calls only). */
  logs: object;
  /** Counts the bytes answered per project. */
  egress: { record(ref: string, bytes: number): void };
  logger: boolean | Record<string, unknown>;
  /** The control events of the API instances on this control database (a project's secret or settings changed on one is read afresh on all). */
  events?: ControlEvents;
}

const CORS_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
const CORS_EXPOSED = 'content-range, content-length, content-type, content-location, etag, link, location, preference-applied, range-unit, x-total-count, x-supabase-api-version, upload-offset, upload-length, upload-expires, tus-resumable, tus-version, tus-max-size, tus-extension';

/**
 * CORS for every answer of this origin: apps call it from any origin with an API key and a bearer
 * token, never with cookies, so any origin may (and no credentials are allowed). A preflight is
 * answered here with 204.
 */
function answerCors(req: FastifyRequest, reply: FastifyReply): boolean {
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-expose-headers', CORS_EXPOSED);
  if (req.method !== 'OPTIONS') return false;
  const asked = req.headers['access-control-request-headers'];
  reply.header('access-control-allow-methods', CORS_METHODS);
  reply.header('access-control-allow-headers', typeof asked === 'string' && asked ? asked : 'authorization, apikey, content-type, x-client-info');
  reply.header('access-control-max-age', '86400');
  reply.code(204).send();
  return true;
}

/**
 * Builds the project services' server (not listening). A request is routed to its project by
 * path (`/{ref}/rest/v1/...`), or by host name: a host of the URL template
 * (`{ref}.projects.example.com`) or a project's active custom hostname is rewritten to its
 * project's path, so that `/rest/v1/...` on it is that project's and no other.
 */
export async function buildProjectServices({ deps, urls, logs, egress, logger, events }: ProjectServicesOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    bodyLimit: 1024 * 1024,
    // req.ip: the forwarding header's only behind a proxy trusted by configuration (PLINTH_TRUST_PROXY).
    trustProxy: deps.services.config.trustProxy ?? false,
    rewriteUrl(req) {
      const url = req.url ?? '/';
      const ref = urls.refOfHost(req.headers.host);
      return ref ? `/${ref}${url.startsWith('/') ? url : `/${url}`}` : url;
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  app.decorate('requestLog', logs);
  if (events) {
    const stopSharing = shareProjectRecords(events);
    app.addHook('onClose', async () => void stopSharing());
  }

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    if (answerCors(req, reply)) return reply;
  });
  app.addHook('preValidation', refuseBadText);
  app.addHook('onRoute', requireContractRef);
  // Egress: bytes of every answer about a project (countEgress).
  app.addHook('onSend', countEgress(egress));
  for (const mod of projectServiceModules) await app.register(async (scope) => mod(scope, deps));
  return app;
}
