import { mkdir } from 'node:fs/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { PlanId } from '@plinth/shared-contracts';
import { SQL_STATEMENT_TIMEOUT_CEILING_MS } from '@plinth/contracts-billing';
import { resolveConfig, type ResolvedConfig, type ServerOptions } from '@plinth/platform-core/config';
import type { ApiDeps } from '@plinth/platform-core/deps';
import { AccessRegistry } from '@plinth/platform-core/access';
import { openControlEvents } from '@plinth/platform-core/control-events';
import { SharedAccessRegistry } from '@plinth/platform-core/shared-access';
import { checkCsrf } from '@plinth/platform-core/cookies';
import { CsrfTokens, loadServerSecret } from '@plinth/platform-core/csrf';
import { refuseBadText } from '@plinth/platform-core/inputs';
import { requireContractRef } from '@plinth/platform-core/project-ref';
import { openControlDatabase, type OpenControlDatabase } from '@plinth/platform-core/control-db';
import { installErrorHandling } from '@plinth/platform-core/errors';
import { createDiskObjectStore } from '@plinth/platform-core/object-store';
import { checkS3Bucket, createS3ObjectStore } from '@plinth/platform-core/object-store-s3';
import { checkApiUser, openDatabasesFor, SUPERUSER_WARNING } from '@plinth/platform-core/project-db/api-user';
import { ProjectDatabaseManager } from '@plinth/platform-core/project-db/manager';
import { StatementWatchdog } from '@plinth/platform-core/project-db/watchdog';
import { OUTSIDE_LIMIT_GRACE_MS } from '@plinth/platform-core/project-db/cancel-backend';
import { lockDataDir } from '@plinth/platform-core/project-db/data-dir-lock';
import { AuthService } from '@plinth/console-api/accounts/service';
import { OrganizationsService } from '@plinth/console-api/organizations/service';
import { ProjectsService } from '@plinth/console-api/projects/service';
import { EgressCounter } from '@plinth/console-api/usage/egress';
import { UsageService } from '@plinth/console-api/usage/service';
import { openLogStore } from '@plinth/console-api/logs/index';
import { JobRunner } from '@plinth/console-api/jobs/runner';
import { domainModules, webhookModules } from '@plinth/console-api/index';
import { countEgress } from '@plinth/platform-core/egress-hook';
import { ProjectUrls } from '@plinth/platform-core/project-urls';
import { refuseCrossOriginWrite } from '@plinth/platform-core/cross-origin';
import { CustomHosts } from '@plinth/platform-core/custom-hosts';
import { buildProjectServices, createProjectServicesAdmin } from '@plinth/project-services';
import { seedAdmin } from './seed';

/** What the core keeps for itself and for tests (app.plinth). */
export interface PlinthInternals {
  config: ResolvedConfig;
  deps: ApiDeps;
  control: OpenControlDatabase;
  databases: ProjectDatabaseManager;
  access: AccessRegistry;
  auth: AuthService;
  organizations: OrganizationsService;
  projects: ProjectsService;
  usage: UsageService;
  egress: EgressCounter;
  /** The project services' server (auth, data, storage for apps), on its own origin; closed with the console's. */
  services: FastifyInstance;
  projectUrls: ProjectUrls;
  /** Reads the active custom hostnames again (done every 30 s, and at once after a change). */
  customHosts: CustomHosts;
}

declare module 'fastify' {
  interface FastifyInstance {
    plinth: PlinthInternals;
  }
}

export const API_PREFIX = '/api';

/** Builds the platform API (not listening yet): opens the control database, runs migrations, registers every route under /api. */
export async function buildServer(options: ServerOptions = {}): Promise<FastifyInstance> {
  const config = resolveConfig(options);
  if (config.s3) await checkS3Bucket(config.s3);
  await mkdir(config.dataDir, { recursive: true });
  // The client address (req.ip) is the forwarding header's only behind a proxy trusted by configuration (PLINTH_TRUST_PROXY).
  const app = Fastify({ logger: config.logger, bodyLimit: 1024 * 1024, trustProxy: config.trustProxy ?? false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);

  const dataDirLock = await lockDataDir(config.dataDir);
  const control = await openControlDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  let maxOpenDatabases = config.maxOpenDatabases;
  if (config.databaseUrl) {
    // What the API's database user holds (api-user.ts): refused when it holds what it must not, warned about as a superuser.
    const apiUser = await checkApiUser(control);
    if (apiUser.refused.length) {
      await control.close();
      await dataDirLock.release();
      throw new Error(`The API's Postgres user ${apiUser.name} cannot be used: ${apiUser.refused.join('; ')}. See platform-api/README.md, "Server mode".`);
    }
    if (apiUser.superuser) app.log.warn(SUPERUSER_WARNING(apiUser.name));
    // Open project databases at once: as many as the server's connections carry.
    maxOpenDatabases = Math.min(maxOpenDatabases, openDatabasesFor(apiUser.serverConnections));
  }
  const databases = new ProjectDatabaseManager({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    statementTimeoutMs: config.statementTimeoutMs,
    control,
    spareDatabase: config.spareDatabase,
    maxOpenDatabases,
    databaseIdleMs: config.databaseIdleMs,
  });
  // Storage bytes on the local disk, or in an S3-compatible bucket when configured (PLINTH_S3_*).
  const objects = config.s3 ? createS3ObjectStore(config.s3) : createDiskObjectStore(config.objectStoreDir);
  const projectUrls = new ProjectUrls(config.projectUrl, config.projectPort);
  // Caches of control data other instances on the same control database drop when this one changes it (LISTEN/NOTIFY on a server).
  const events = await openControlEvents({ databaseUrl: config.databaseUrl, control, warn: (message, err) => app.log.warn({ err }, message) });
  const access: AccessRegistry = config.databaseUrl ? new SharedAccessRegistry(control, config.secureCookies, events) : new AccessRegistry(control, config.secureCookies);
  const egress = new EgressCounter(control);
  const logs = await openLogStore({ control, url: config.logsDatabaseUrl, serverUrl: config.databaseUrl, recording: config.requestLog });
  const auth = new AuthService(control, access, config.sessionTtlMs, config.authLimits);
  const organizations = new OrganizationsService(control, access);
  const projects = new ProjectsService(control, access, databases, organizations, app.log, API_PREFIX, events);
  const usage = new UsageService(control, databases, objects, egress, logs.usage);
  const cookies = { secure: config.secureCookies, sessionTtlMs: config.sessionTtlMs, csrf: new CsrfTokens(await loadServerSecret(control, 'csrf')) };
  // The console reaches the project services only through this facade (their narrow contracts).
  const projectServices = createProjectServicesAdmin({ control, databases, objects, projectUrls, dataDir: config.dataDir });
  // Scheduled work, once across every instance on this control database (console-api/src/jobs).
  const jobs = new JobRunner(control, { warn: (message, err) => app.log.warn({ err }, message) });
  const deps: ApiDeps = {
    control,
    jobs,
    databases,
    objects,
    requireUser: (req) => access.requireUser(req),
    requireProjectAccess: (req, ref, permission) => access.requireProjectAccess(req, ref, permission),
    requireOrgAccess: (req, slug, permission) => access.requireOrgAccess(req, slug, permission),
    recordEgress: (ref, bytes) => egress.record(ref, bytes),
    projectUrls,
    services: { config, access, cookies, accounts: auth, organizations, projects, usage, egress, projectServices },
  };
  const services = await buildProjectServices({ deps, urls: projectUrls, logs, egress, logger: config.logger, events });
  const customHosts = new CustomHosts(control, projectUrls, events);
  await customHosts.refresh();
  app.decorate('plinth', { config, deps, control, databases, access, auth, organizations, projects, usage, egress, services, projectUrls, customHosts });
  logs.attach(app, jobs);

  await app.register(cookie);
  // The console's API answers its own pages alone: no CORS headers, and a write sent from another origin is refused.
  app.addHook('onRequest', async (req) => refuseCrossOriginWrite(req, config.publicUrl));
  await app.register(swagger, {
    openapi: { info: { title: 'Plinth platform API', version: '1.0.0' }, servers: [{ url: '/' }] },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      api.addHook('onRequest', async (req, reply) => checkCsrf(req, reply, cookies));
      api.addHook('preValidation', refuseBadText);
      api.addHook('onRoute', requireContractRef);
      // Egress: bytes of every answer about a project (countEgress).
      api.addHook('onSend', countEgress(egress));
      api.get('/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      for (const mod of domainModules) await api.register(async (scope) => mod(scope, deps));
    },
    { prefix: API_PREFIX },
  );
  // Webhooks of other services: authenticated by their signatures, never by cookies, so outside the CSRF check.
  await app.register(
    async (hooks) => {
      for (const mod of webhookModules) await hooks.register(async (scope) => mod(scope, deps));
    },
    { prefix: API_PREFIX },
  );

  // Server mode: statements of project roles that run outside the platform's pools (a tenant's
  // direct connection) are held to their plan's limit too (watchdog.ts).
  const watchdog = config.databaseUrl
    ? new StatementWatchdog(control, {
        floorMs: Math.min(...Object.values(SQL_STATEMENT_TIMEOUT_CEILING_MS)),
        limitMs: async (ref) => {
          const r = await control.query<{ plan: string }>('select o.plan from projects p join organizations o on o.id = p.organization_id where p.ref = $1', [ref]);
          return (SQL_STATEMENT_TIMEOUT_CEILING_MS[r.rows[0]?.plan as PlanId] ?? SQL_STATEMENT_TIMEOUT_CEILING_MS.free) + OUTSIDE_LIMIT_GRACE_MS;
        },
        onCancel: (ref, pid, ms) => app.log.warn({ ref, pid, ms: Math.round(ms) }, 'cancelled a statement past its plan time limit'),
      })
    : null;

  // Jobs start once every route has declared its own; they stop (a run in progress handed back) before anything closes.
  app.addHook('onReady', async () => jobs.start());
  app.addHook('preClose', async () => jobs.stop());
  app.addHook('onClose', async () => {
    customHosts.stop();
    await services.close().catch(() => undefined);
    watchdog?.stop();
    await projects.settled().catch(() => undefined);
    await egress.stop().catch(() => undefined);
    await logs.close().catch(() => undefined);
    await databases.closeAll();
    await events.close();
    await control.close();
    await dataDirLock.release();
  });

  await seedAdmin(app.plinth, app.log);
  await projects.resumeAll();
  databases.warmUp();
  egress.start();
  customHosts.start();
  watchdog?.start();
  return app;
}
