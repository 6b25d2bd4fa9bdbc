import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UPGRADE_STEPS, type DatabaseInfrastructure, type DatabaseUpgradeStatusAnswer, type MemberRole } from '@plinth/shared-contracts';
import type { TestUser } from '@plinth/platform-api/testing';
import { startProjectServer, type ProjectTestServer } from '@plinth/platform-api/testing/project-server';
import type { UpgradeService } from './service';

// Project Settings → Infrastructure (issue 24, 000 §4.4), on both databases: an upgrade carries the
// rows, a view, a function and a vault secret into the new database, passing through UPGRADING and
// the eight steps in order, and ends Upgraded on the new version; a failure half-way leaves the
// project online on its old data with the error recorded; a project on the latest version is
// refused with 400, a second upgrade with 409; permissions.

let s: ProjectTestServer;
let outsider: TestUser;
let upgrades: UpgradeService;
const base = () => `/api/platform/projects/${s.ref}/upgrade`;

async function call<T>(role: MemberRole, method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await s.app.inject({ method, url, headers: await s.as(role), ...(body !== undefined ? { payload: body as object } : {}) });
  return { status: res.statusCode, body: res.json() as T };
}
async function sql(query: string): Promise<Record<string, unknown>[]> {
  const res = await s.app.inject({ method: 'POST', url: `/api/platform/pg-meta/${s.ref}/query`, headers: await s.as('Owner'), payload: { query } });
  const body = res.json() as { rows?: Record<string, unknown>[]; message?: string };
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${body.message}`);
  return body.rows ?? [];
}
const snapshot = async () => ({
  items: await sql('select id, name from public.items order by id'),
  view: await sql('select count(*)::int as n from public.item_names'),
  fn: await sql('select public.item_count() as n'),
  secret: await sql(`select decrypted_secret from vault.decrypted_secrets where name = 'upgrade_secret'`),
});
/** Makes the project's database one of an older image, as a project made before the current one is. */
const makeOld = () => s.deps.control.query('update projects set database_image = null where ref = $1', [s.ref]);
const eligibility = async () => (await call<DatabaseInfrastructure>('Read-only', 'GET', `${base()}/eligibility`)).body;
const upgradeStatus = async () => (await call<DatabaseUpgradeStatusAnswer>('Read-only', 'GET', `${base()}/status`)).body.databaseUpgradeStatus;
const live = async () => (await s.app.inject({ method: 'GET', url: `/api/projects/${s.ref}/live`, headers: await s.as('Owner') })).statusCode;

/** Records, as each step starts, the step and what the project looked like then. */
function watchSteps() {
  const seen: { progress: string; status: Promise<string>; live: Promise<number> }[] = [];
  upgrades.onStep = (ref, progress) => {
    if (ref === s.ref) seen.push({ progress, status: s.deps.services.projects.status(ref), live: live() });
  };
  return async () => Promise.all(seen.map(async (x) => ({ progress: x.progress, status: await x.status, live: await x.live })));
}

beforeAll(async () => {
  s = await startProjectServer();
  outsider = await s.harness.signUp();
  upgrades = s.deps.services.upgrades!;
  await sql(`create table public.items (id int primary key, name text not null); insert into public.items select g, 'item ' || g from generate_series(1, 200) g;
    create view public.item_names as select name from public.items;
    create function public.item_count() returns bigint language sql as 'select count(*) from public.items';
    select vault.create_secret('up-s3cret', 'upgrade_secret')`);
}, 300_000);
afterEach(() => {
  delete process.env.PLINTH_UPGRADE_FAIL_AT;
  upgrades.onStep = () => undefined;
});
afterAll(async () => s?.close());

describe('database upgrades', () => {
  it('a new project is on the latest version: the upgrade is refused with 400 and a clear message', async () => {
    const info = await eligibility();
    expect(info).toMatchObject({ eligible: false, target_version: null });
    expect(info.current_version).toMatch(/^\d+-plinth\.2$/);
    expect(info.reason).toMatch(/latest version/);
    const refused = await call<{ message: string; field?: string }>('Owner', 'POST', base(), { target_version: info.current_version });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/already on the latest version/);
    expect(await upgradeStatus()).toBeNull();
  });

  it('a failure half-way leaves the project online on its old data, the status Failed with the error', async () => {
    await makeOld();
    const before = await snapshot();
    const info = await eligibility();
    expect(info).toMatchObject({ eligible: true, reason: null });
    expect(info.current_version).toMatch(/-plinth\.1$/);
    process.env.PLINTH_UPGRADE_FAIL_AT = 'execute_migration';
    const started = await call<DatabaseUpgradeStatusAnswer>('Owner', 'POST', base(), { target_version: info.target_version });
    expect(started.status).toBe(200);
    expect(await s.deps.services.projects.status(s.ref)).toBe('UPGRADING');
    await s.deps.services.projects.settled(s.ref);

    expect(await s.deps.services.projects.status(s.ref)).toBe('ACTIVE_HEALTHY');
    expect(await live()).toBe(200);
    expect(await snapshot()).toEqual(before);
    const st = await upgradeStatus();
    expect(st).toMatchObject({ status: 'Failed', progress: '6_execute_migration', target_version: info.target_version });
    expect(st?.error).toMatch(/Execute migration failed/);
    // Still the old version, so it can be tried again.
    expect(await eligibility()).toMatchObject({ current_version: info.current_version, eligible: true });
    const history = (await s.deps.services.projects.get(s.ref)).status_history ?? [];
    expect(history.slice(-2).map((e) => e.status)).toEqual(['UPGRADING', 'ACTIVE_HEALTHY']);
    expect(history.at(-1)?.detail).toMatch(/failed, the project is back on its old database/);
  }, 240_000);

  it('an upgrade carries rows, a view, a function and a vault secret into the new database through every step in order, UPGRADING meanwhile', async () => {
    await makeOld();
    const before = await snapshot();
    const info = await eligibility();
    const steps = watchSteps();
    const started = await call<DatabaseUpgradeStatusAnswer>('Owner', 'POST', base(), { target_version: info.target_version });
    expect(started.status).toBe(200);
    expect(started.body.databaseUpgradeStatus).toMatchObject({ status: 'Upgrading', target_version: info.target_version, error: null });
    expect(await s.deps.services.projects.status(s.ref)).toBe('UPGRADING');
    // A second one while it runs.
    const second = await call<{ message: string }>('Owner', 'POST', base(), { target_version: info.target_version });
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/already running/);
    await s.deps.services.projects.settled(s.ref);

    const seen = await steps();
    expect(seen.map((x) => x.progress)).toEqual(DATABASE_UPGRADE_STEPS.map((step, i) => `${i + 1}_${step.key}`));
    expect(seen.every((x) => x.status === 'UPGRADING' && x.live === 503)).toBe(true);
    expect(await s.deps.services.projects.status(s.ref)).toBe('ACTIVE_HEALTHY');
    expect(await live()).toBe(200);
    expect(await snapshot()).toEqual(before);
    expect(before.items).toHaveLength(200);
    expect(await upgradeStatus()).toMatchObject({ status: 'Upgraded', progress: '8_optimize_database', target_version: info.target_version, error: null });
    expect(await eligibility()).toMatchObject({ current_version: info.target_version, target_version: null, eligible: false });
    // Writes go on in the new database.
    await sql(`insert into public.items values (1000, 'after the upgrade')`);
    expect(await sql('select public.item_count()::int as n')).toEqual([{ n: 201 }]);
  }, 240_000);

  it('answers members without the right with 403 and another organization with 404', async () => {
    await makeOld();
    const { target_version } = await eligibility();
    const ro = await call<{ message: string }>('Read-only', 'POST', base(), { target_version });
    expect(ro.status).toBe(403);
    expect((await call('Developer', 'POST', base(), { target_version })).status).toBe(403);
    expect((await call<{ field?: string }>('Owner', 'POST', base(), { target_version: 'not-a-version' })).body.field).toBe('target_version');
    expect((await call('Owner', 'POST', base(), {})).status).toBe(400);
    const other = await s.app.inject({ method: 'POST', url: base(), headers: { cookie: outsider.jar.header(), 'x-csrf-token': outsider.jar.get('plinth_csrf') ?? '' }, payload: { target_version } });
    expect(other.statusCode).toBe(404);
    const otherInfo = await s.app.inject({ method: 'GET', url: `${base()}/eligibility`, headers: { cookie: outsider.jar.header() } });
    expect(otherInfo.statusCode).toBe(404);
    expect(await s.deps.services.projects.status(s.ref)).toBe('ACTIVE_HEALTHY');
  }, 120_000);
});
