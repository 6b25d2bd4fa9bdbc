import type { FastifyInstance } from 'fastify';
import './server';

/**
 * Starts the project services' listener of a console server made with the platform API (none
 * otherwise): on the port of its configuration (PROJECT_PORT, default PORT + 1), on both loopback
 * names when the console is on one of them (the console at 127.0.0.1 shows project URLs on
 * localhost, and the reverse). Answers the address apps are shown, or null.
 */
export async function listenProjectServices(app: FastifyInstance, consoleHost: string): Promise<string | null> {
  const plinth = (app as Partial<FastifyInstance>).plinth;
  if (!plinth) return null;
  const loopback = consoleHost === '127.0.0.1' || consoleHost === 'localhost' || consoleHost === '::1';
  await plinth.services.listen({ port: plinth.config.projectPort, host: loopback ? 'localhost' : consoleHost });
  const address = plinth.services.server.address();
  const port = typeof address === 'object' && address ? address.port : plinth.config.projectPort;
  plinth.projectUrls.listening(port);
  // The project URL as the console shows it, with `{ref}` in place of a ref.
  return plinth.projectUrls.base('{ref}', { protocol: 'http', host: consoleHost }, false);
}
