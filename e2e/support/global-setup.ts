import dgram from 'node:dgram';
import { existsSync } from 'node:fs';
import { startConsoleServer, type ConsoleServer } from './console-server';
import { removeTestEnvironments, TEST_ENVIRONMENTS, writeTestEnvironments } from './environments';
import { publishFixtureRemotes, removeOutageRemote } from './fixture-remotes';
import { PUBLISHED_DIR } from './paths';
import { runLogDir, SERVER_URL_VARIABLES } from './servers';
import path from 'node:path';
import { startMailSink } from './mail-sink';

/**
 * Before the browser tests: the console must already be built and published (scripts/test-all.sh
 * runs `pnpm run build` and `publish-all` first). Publishes the fixture remotes, writes the test
 * environments and starts one console server per environment, each with an empty data directory.
 * Returns the teardown that stops them and removes what was published for the tests.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(PUBLISHED_DIR)) {
    throw new Error(`Nothing is published in ${PUBLISHED_DIR}: run \`pnpm run build\` and \`pnpm --filter @plinth/deploy run publish-all\` before the browser tests.`);
  }
  const started = Date.now();
  const logDir = runLogDir();
  console.log(`[e2e] console server logs of this run: ${logDir}`);
  publishFixtureRemotes((line) => console.log(`[e2e] ${line}`));
  writeTestEnvironments();

  // Custom domains are verified through a DNS server a test starts on this port when it needs one.
  const dnsPort = await freeUdpPort();
  process.env.PLINTH_E2E_DNS_PORT = String(dnsPort);
  process.env.PLINTH_DNS_SERVERS = `127.0.0.1:${dnsPort}`;

  // No daily backups in the console servers: a test takes its backups itself, and a scheduled one
  // appearing in a list would change the design pictures (database-backups.spec.ts).
  process.env.PLINTH_BACKUP_INTERVAL_MS = '0';

  // Webhooks reach only public addresses unless a host is let through: the endpoint a test starts
  // listens on 127.0.0.1 (database-webhooks.spec.ts).
  process.env.PLINTH_WEBHOOK_ALLOWED_HOSTS = '127.0.0.1';

  // The platform's e-mails (invitation links among them) go to an SMTP sink of this run that tests read (mailsTo).
  const mailDir = path.join(logDir, 'mail');
  const mailSink = await startMailSink(mailDir);
  process.env.PLINTH_E2E_MAIL_DIR = mailDir;
  // Only the platform's own mails: the projects' auth e-mails stay in their outboxes (auth-users.spec.ts reads them).
  process.env.PLINTH_PLATFORM_SMTP_URL = mailSink.url;

  const servers: ConsoleServer[] = [];
  const cleanUp = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await mailSink.stop();
    removeTestEnvironments();
    removeOutageRemote();
  };
  try {
    // Started together: much of a server's start is waiting on its databases, not on the CPU.
    const entries = Object.entries(TEST_ENVIRONMENTS) as [keyof typeof TEST_ENVIRONMENTS, string][];
    const results = await Promise.allSettled(
      entries.map(async ([key, environment]) => {
        const server = await startConsoleServer(environment, logDir);
        servers.push(server);
        process.env[SERVER_URL_VARIABLES[key]] = server.url;
        process.env[`${SERVER_URL_VARIABLES[key]}_SERVICES`] = server.servicesUrl;
        // Where the server keeps its files (a test lays a git repository there for the code-hosting integration).
        process.env[`${SERVER_URL_VARIABLES[key]}_DATA_DIR`] = server.dataDir;
        console.log(`[e2e] ${environment} console at ${server.url} after ${((Date.now() - started) / 1000).toFixed(1)} s (log ${server.logFile})`);
      }),
    );
    const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failure) throw failure.reason;
    console.log(`[e2e] set up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return cleanUp;
}

function freeUdpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });
}
