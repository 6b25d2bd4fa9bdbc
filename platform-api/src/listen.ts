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
  await listenProjectDatabases(app, consoleHost);
  // The project URL as the console shows it, with `{ref}` in place of a ref.
  return plinth.projectUrls.base('{ref}', { protocol: 'http', host: consoleHost }, false);
}

/**
 * Embedded: starts the project databases' Postgres wire protocol listener (platform-core
 * project-db/wire-server.ts) on the configured port (PLINTH_DATABASE_PORT, default PORT + 2), on
 * the console's host; a port in use falls back to any free one (Database settings show it).
 * Answers the port, or null in server mode (people connect to the Postgres server itself).
 */
export async function listenProjectDatabases(app: FastifyInstance, consoleHost: string): Promise<number | null> {
  const plinth = (app as Partial<FastifyInstance>).plinth;
  const wire = plinth?.databases.wireServer();
  if (!plinth || !wire) return null;
  if (wire.listening) return wire.port;
  const loopback = consoleHost === '127.0.0.1' || consoleHost === 'localhost' || consoleHost === '::1';
  const host = loopback ? '127.0.0.1' : consoleHost;
  wire.shownHost = plinth.config.databaseHost ?? (loopback ? 'localhost' : consoleHost);
  wire.logServer = app;
  try {
    return await wire.listen(plinth.config.databasePort, host);
  } catch (err) {
    if ((err as { code?: string }).code !== 'EADDRINUSE') throw err;
    app.log.warn(`Port ${plinth.config.databasePort} is in use: the project databases answer on any free port instead (PLINTH_DATABASE_PORT sets it)`);
    return wire.listen(0, host);
  }
}
