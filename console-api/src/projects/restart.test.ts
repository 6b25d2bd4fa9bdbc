import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '@plinth/platform-api/testing/api-client';
import { buildServer } from '@plinth/platform-api/server';
import { quoteIdent } from '@plinth/platform-core/database-error';
import { projectDatabaseName } from '@plinth/platform-core/project-db/manager';
import { CookieJar } from '@plinth/platform-api/testing/cookie-jar';
import { seedEmbeddedDataDir } from '@plinth/platform-api/testing/pglite-cache';

/** A platform API that can be stopped and started again on the same data (embedded dir or control database). */
const baseUrl = process.env.DATABASE_URL ?? null;
let dataDir: string;
let controlUrl: string | undefined;
let app: FastifyInstance | null = null;
const jar = new CookieJar();
let api: ApiClient;

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: baseUrl! });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function start(): Promise<FastifyInstance> {
  app = await buildServer({ logger: false, admin: null, spareDatabase: false, dataDir, databaseUrl: controlUrl });
  api = createApiClient({ baseUrl: '/api', fetch: jar.injectFetch(app), csrfToken: () => jar.get('plinth_csrf') });
  return app;
}
async function stop() {
  await app?.close();
  app = null;
}
async function waitFor(ref: string, status: string) {
  for (let i = 0; i < 1200; i++) {
    if ((await api.projects.getStatus(ref)).status === status) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${ref} did not reach ${status}`);
}
async function newProject(org: string, name: string) {
  const p = await api.projects.create({ name, organization_slug: org });
  await waitFor(p.ref, 'ACTIVE_HEALTHY');
  return p.ref;
}
const history = async (ref: string) => (await api.projects.get(ref)).status_history ?? [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'plinth-restart-test-'));
  if (baseUrl) {
    const name = `plinth_test_${randomBytes(6).toString('hex')}`;
    await admin((c) => c.query(`create database ${quoteIdent(name)}`));
    const u = new URL(baseUrl);
    u.pathname = `/${name}`;
    controlUrl = u.toString();
  } else await seedEmbeddedDataDir(dataDir);
  await start();
  await api.auth.getSession();
  await api.auth.signUp({ email: `restart-${randomBytes(4).toString('hex')}@example.com`, password: 'correct horse battery staple' });
});
afterAll(async () => {
  const refs = app && baseUrl ? (await app.plinth.control.query<{ ref: string }>('select ref from projects')).rows.map((r) => r.ref) : [];
  await stop();
  if (baseUrl && controlUrl) {
    const control = new URL(controlUrl).pathname.slice(1);
    await admin(async (c) => {
      for (const db of [control, ...refs.map(projectDatabaseName)]) await c.query(`drop database if exists ${quoteIdent(db)} with (force)`).catch(() => undefined);
    });
  }
  await rm(dataDir, { recursive: true, force: true });
});

describe('after a restart', () => {
  it('a project reads COMING_UP until its database is open, and never ACTIVE_HEALTHY while its data calls are refused', async () => {
    const org = await api.organizations.create({ name: 'Restart' });
    await api.plans.updateSubscription(org.slug, { plan: 'pro' });
    const ref = await newProject(org.slug, 'kept');
    await api.database.runQuery(ref, { query: `create table notes (body text); insert into notes values ('kept');` });
    await stop();
    await start();
    const seen = new Set<string>();
    for (let i = 0; i < 1200; i++) {
      const status = (await api.projects.getStatus(ref)).status;
      seen.add(status);
      const rows = await api.database.runQuery(ref, { query: 'select body from notes' }).then(
        (r) => r.rows,
        (e: { status?: number }) => e.status,
      );
      if (status === 'ACTIVE_HEALTHY') {
        expect(rows).toEqual([{ body: 'kept' }]);
        break;
      }
      expect(status).toBe('COMING_UP');
    }
    expect(seen.has('ACTIVE_HEALTHY')).toBe(true);
    expect((await history(ref)).map((e) => e.status)).toEqual(['COMING_UP', 'ACTIVE_HEALTHY']);
  });

  it('a database that cannot open is RESTORATION_FAILED with the reason, and a restore recovers it once its data is back', async () => {
    const org = await api.organizations.create({ name: 'Broken' });
    await api.plans.updateSubscription(org.slug, { plan: 'pro' });
    const ref = await newProject(org.slug, 'broken');
    await api.database.runQuery(ref, { query: `create table notes (body text); insert into notes values ('back');` });
    await stop();
    const dir = path.join(dataDir, 'projects', ref, 'pgdata');
    if (baseUrl) await admin((c) => c.query(`alter database ${quoteIdent(projectDatabaseName(ref))} rename to ${quoteIdent(`${projectDatabaseName(ref)}_away`)}`));
    else await rename(dir, `${dir}.away`);
    await start();
    await waitFor(ref, 'RESTORATION_FAILED');
    const failed = (await history(ref)).at(-1)!;
    expect(failed.detail).toContain('could not be opened at start');
    expect(failed.detail).not.toContain(dataDir);
    await expect(api.database.runQuery(ref, { query: 'select 1' })).rejects.toMatchObject({ status: 409 });

    if (baseUrl) await admin((c) => c.query(`alter database ${quoteIdent(`${projectDatabaseName(ref)}_away`)} rename to ${quoteIdent(projectDatabaseName(ref))}`));
    else await rename(`${dir}.away`, dir);
    expect((await api.projects.restore(ref)).status).toBe('RESTORING');
    await waitFor(ref, 'ACTIVE_HEALTHY');
    expect((await api.database.runQuery(ref, { query: 'select body from notes' })).rows).toEqual([{ body: 'back' }]);
  });

  it('a project left UNKNOWN by a failed creation is recovered by restore', async () => {
    const org = await api.organizations.create({ name: 'Unknown' });
    await api.plans.updateSubscription(org.slug, { plan: 'pro' });
    const ref = await newProject(org.slug, 'half made');
    await stop();
    // As a creation that failed before its database existed leaves it.
    if (baseUrl) await admin((c) => c.query(`drop database ${quoteIdent(projectDatabaseName(ref))} with (force)`));
    else await rm(path.join(dataDir, 'projects', ref), { recursive: true, force: true });
    const control = await buildServer({ logger: false, admin: null, spareDatabase: false, dataDir, databaseUrl: controlUrl });
    await control.plinth.projects.settled();
    const id = (await control.plinth.control.query<{ id: number }>('select id from projects where ref = $1', [ref])).rows[0]!.id;
    await control.plinth.control.query(`update projects set status = 'UNKNOWN' where id = $1`, [id]);
    await control.plinth.control.query(`delete from project_status_events where project_id = $1 and status = 'ACTIVE_HEALTHY'`, [id]);
    await control.close();
    await start();
    await waitFor(ref, 'RESTORATION_FAILED');
    expect((await api.projects.restore(ref)).status).toBe('RESTORING');
    await waitFor(ref, 'ACTIVE_HEALTHY');
    expect((await api.database.runQuery(ref, { query: `select to_regclass('storage.objects')::text as t` })).rows).toEqual([{ t: 'storage.objects' }]);
  });

  it('two projects on one data directory are both refused with the other named; orphan spare copies are removed', async () => {
    const org = await api.organizations.create({ name: 'Shared' });
    await api.plans.updateSubscription(org.slug, { plan: 'pro' });
    const a = await newProject(org.slug, 'a');
    const b = await newProject(org.slug, 'b');
    await stop();
    if (baseUrl) {
      // Server mode: a project's database is named after its ref, so two projects never share one.
      await start();
      await waitFor(a, 'ACTIVE_HEALTHY');
      await waitFor(b, 'ACTIVE_HEALTHY');
      const names = await Promise.all([a, b].map(async (ref) => (await api.database.runQuery(ref, { query: 'select current_database()::text as d' })).rows[0]!.d));
      expect(names).toEqual([projectDatabaseName(a), projectDatabaseName(b)]);
      return;
    }
    // b's link now points at a's files, as the old spare race left it; and a spare copy no project links.
    const bDir = path.join(dataDir, 'projects', b, 'pgdata');
    await rm(bDir, { recursive: true, force: true });
    await symlink(path.join(dataDir, 'projects', a, 'pgdata'), bDir, 'dir');
    const orphan = path.join(dataDir, 'pool', 'feedfacefeedface', 'pgdata');
    await mkdir(orphan, { recursive: true });
    await writeFile(path.join(orphan, 'PG_VERSION'), '17');
    await start();
    await waitFor(a, 'RESTORATION_FAILED');
    await waitFor(b, 'RESTORATION_FAILED');
    expect((await history(a)).at(-1)!.detail).toContain(`project ${b}`);
    expect((await history(b)).at(-1)!.detail).toContain(`project ${a}`);
    expect(app!.plinth.databases.isOpen(a) || app!.plinth.databases.isOpen(b)).toBe(false);
    await expect(api.projects.restore(b)).resolves.toMatchObject({ status: 'RESTORING' });
    await waitFor(b, 'RESTORATION_FAILED');
    expect(await readdir(path.join(dataDir, 'pool')).catch(() => [])).toEqual([]);
  });

  it('a second API process on the same data directory is refused; a lock left by a stopped process is taken over', async () => {
    await expect(buildServer({ logger: false, admin: null, spareDatabase: false, dataDir, databaseUrl: controlUrl })).rejects.toThrow(/already in use|Another platform API/);
    await stop();
    await writeFile(path.join(dataDir, 'api.lock'), '2147483646');
    await start();
    expect((await api.auth.getSession()).user).toBeTruthy();
  });
});
