import type { FastifyInstance } from 'fastify';
import { buildServer, type ServerOptions } from '@plinth/platform-api';

/** The platform API (with its database) as a Fastify app whose routes live under /api. */
export async function createPlatformApiServer(options: ServerOptions = {}): Promise<FastifyInstance> {
  return buildServer(options);
}
