/**
 * Test harness for API tests: a server on a temporary data directory (embedded PGlite), or on a
 * fresh control database of the server named by DATABASE_URL; users with their own cookie jar and
 * a contracts client. See platform-api/README.md, "Writing an API test".
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { Organization, Project, ProjectStatus } from '@plinth/shared-contracts';
import { createApiClient, type ApiClient } from './api-client';
import { buildServer, type PlinthInternals } from '../server';
import type { ServerOptions } from '@plinth/platform-core/config';
import { quoteIdent } from '@plinth/platform-core/database-error';
import { projectDatabaseName } from '@plinth/platform-core/project-db/manager';
import { CookieJar } from './cookie-jar';
import { migrateControl, migrationsHash, seedEmbeddedDataDir } from './pglite-cache';

export { CookieJar } from './cookie-jar';
export { copyDirectory } from '@plinth/platform-core/common/copy-directory';

export interface TestUser {
  email: string;
  password: string;
  id: string;
  jar: CookieJar;
  /** The contracts client, signed in as this user. */
  api: ApiClient;
  /** Raw fetch with this user's cookies (paths start with /api). */
  fetch: typeof fetch;
}

export interface TestHarness {
  /** The console's server (its API under /api). */
  app: FastifyInstance;
  /** The project services' server (apps' auth, data and storage), routed by path: /{ref}/rest/v1/... */
  services: FastifyInstance;
  internals: PlinthInternals;
  /** 'embedded' (PGlite) or 'server' (DATABASE_URL). */
  mode: 'embedded' | 'server';
  dataDir: string;
  /** A client with its own cookie jar that has fetched the CSRF cookie but is not signed in. */
  anonymous(): Promise<{ jar: CookieJar; api: ApiClient; fetch: typeof fetch }>;
  /** Signs up a new account (random email unless given). */
  signUp(opts?: { email?: string; password?: string }): Promise<TestUser>;
  /** Signs in an existing account in a new cookie jar. */
  signIn(email: string, password: string): Promise<TestUser>;
  /** A user with an organization (they are Owner) and an ACTIVE_HEALTHY project in it. */
  userWithProject(): Promise<{ user: TestUser; org: Organization; project: Project }>;
  /** Creates a project and waits until it is ACTIVE_HEALTHY. */
  createProject(user: TestUser, orgSlug: string, name?: string): Promise<Project>;
  /** Polls GET status until it reads `status` (throws after timeoutMs). */
  waitForStatus(user: TestUser, ref: string, status: ProjectStatus, timeoutMs?: number): Promise<void>;
  /**
   * Stops the server and starts a new one on the same data (data directory, control and project
   * databases), as a restart would. The harness answered takes over: close that one, not this.
   * Cookie jars of this one's users point at the stopped server: sign in again.
   */
  reopen(): Promise<TestHarness>;
  close(): Promise<void>;
}

/** What a harness's servers run on, kept across `reopen()`. */
interface HarnessData {
  dataDir: string;
  /** DATABASE_URL in server mode, else null. */
  baseUrl: string | null;
  controlUrl: string | null;
  controlDb: string | null;
}

const PASSWORD = 'correct horse battery staple';

/**
 * A control database on the server with every control migration run, made once per version of the
 * migrations (the first harness makes it, the others wait on an advisory lock): each harness's
 * control database is a copy of it, so a harness no longer runs the migrations (more than a second
 * each) nor makes the job queue's schema.
 */
async function migratedControlTemplate(admin: pg.Client, baseUrl: string): Promise<string> {
  const name = `plinth_test_control_${migrationsHash()}`;
  await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
  try {
    if ((await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount) return name;
    const building = `${name}_${randomBytes(3).toString('hex')}`;
    await admin.query(`create database ${quoteIdent(building)}`);
    const url = new URL(baseUrl);
    url.pathname = `/${building}`;
    await migrateControl({ dataDir: os.tmpdir(), databaseUrl: url.toString() });
    await admin.query(`alter database ${quoteIdent(building)} rename to ${quoteIdent(name)}`);
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
  }
}

export async function createTestHarness(options: ServerOptions = {}): Promise<TestHarness> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'plinth-api-test-'));
  const baseUrl = options.databaseUrl ?? process.env.DATABASE_URL ?? null;
  let controlUrl: string | null = null;
  let controlDb: string | null = null;
  if (baseUrl) {
    controlDb = `plinth_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${quoteIdent(controlDb)} template ${quoteIdent(await migratedControlTemplate(admin, baseUrl))}`);
    } finally {
      await admin.end();
    }
    const u = new URL(baseUrl);
    u.pathname = `/${controlDb}`;
    controlUrl = u.toString();
  }
  if (!baseUrl) await seedEmbeddedDataDir(dataDir);
  return serve(options, { dataDir, baseUrl, controlUrl, controlDb });
}

async function serve(options: ServerOptions, data: HarnessData): Promise<TestHarness> {
  const { dataDir, baseUrl, controlUrl, controlDb } = data;
  // Every test client shares one address: the per-address sign-up and sign-in limits are raised unless a test sets them.
  const authLimits = { signUpsPerAddress: 100_000, signInFailuresPerAddress: 100_000, ...options.authLimits };
  const app = await buildServer({ logger: false, admin: null, spareDatabase: false, ...options, authLimits, dataDir, databaseUrl: controlUrl ?? undefined });
  const internals = app.plinth;

  const clientFor = (jar: CookieJar) => {
    const f = jar.injectFetch(app);
    return { jar, fetch: f, api: createApiClient({ baseUrl: '/api', fetch: f, csrfToken: () => jar.get('plinth_csrf') }) };
  };

  const anonymous = async () => {
    const c = clientFor(new CookieJar());
    await c.api.auth.getSession();
    return c;
  };

  const signUp: TestHarness['signUp'] = async (opts = {}) => {
    const email = opts.email ?? `user-${randomBytes(5).toString('hex')}@example.com`;
    const password = opts.password ?? PASSWORD;
    const c = await anonymous();
    const session = await c.api.auth.signUp({ email, password });
    return { email, password, id: session.user!.id, ...c };
  };

  const signIn: TestHarness['signIn'] = async (email, password) => {
    const c = await anonymous();
    const session = await c.api.auth.signIn({ email, password });
    return { email, password, id: session.user!.id, ...c };
  };

  const waitForStatus: TestHarness['waitForStatus'] = async (user, ref, status, timeoutMs = 60_000) => {
    const until = Date.now() + timeoutMs;
    let last = '';
    while (Date.now() < until) {
      last = (await user.api.projects.getStatus(ref)).status;
      if (last === status) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`project ${ref} did not reach ${status} within ${timeoutMs} ms (last: ${last})`);
  };

  const createProject: TestHarness['createProject'] = async (user, orgSlug, name = 'Test project') => {
    const p = await user.api.projects.create({ name, organization_slug: orgSlug });
    await waitForStatus(user, p.ref, 'ACTIVE_HEALTHY');
    return user.api.projects.get(p.ref);
  };

  return {
    app,
    services: internals.services,
    internals,
    mode: baseUrl ? 'server' : 'embedded',
    dataDir,
    anonymous,
    signUp,
    signIn,
    waitForStatus,
    createProject,
    async userWithProject() {
      const user = await signUp();
      const org = await user.api.organizations.create({ name: 'Test organization' });
      const project = await createProject(user, org.slug);
      return { user, org, project };
    },
    async reopen() {
      await app.close();
      return serve(options, data);
    },
    async close() {
      const refs = baseUrl ? (await internals.control.query<{ ref: string }>('select ref from projects')).rows.map((r) => r.ref) : [];
      // The tests are over: sockets a client left open (a keep-alive socket, or one whose refused
      // body the server never read) would hold each server's close for its keep-alive time (70 s).
      for (const server of [internals.services.server, app.server]) server.closeAllConnections?.();
      await app.close();
      if (baseUrl && controlDb) {
        const admin = new pg.Client({ connectionString: baseUrl });
        await admin.connect();
        for (const db of [controlDb, ...refs.map(projectDatabaseName)]) {
          await admin.query(`drop database if exists ${quoteIdent(db)} with (force)`).catch(() => undefined);
        }
        await admin.end();
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
