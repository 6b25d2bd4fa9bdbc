import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@plinth/shared-contracts';
import type { ProjectDatabase, ProjectQueryOptions } from '../deps';
import { createTestHarness, type TestHarness } from '@plinth/platform-api/testing';
import { CallQueue } from './call-queue';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ maxOpenDatabases: 2, databaseIdleMs: 60 * 60_000 });
});
afterAll(async () => {
  await h?.close();
});

const busy = async (ref: string) => ((await h.internals.databases.get(ref)) as unknown as { busy: boolean }).busy;
async function until(check: () => Promise<boolean> | boolean, what: string) {
  for (let i = 0; i < 1200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('open project databases are bounded', () => {
  it('keeps at most maxOpenDatabases open; a closed one opens again on its next call with its data', async () => {
    const user = await h.signUp();
    const org = await user.api.organizations.create({ name: 'Many' });
    await user.api.plans.updateSubscription(org.slug, { plan: 'pro' });
    const refs: string[] = [];
    for (let i = 0; i < 4; i++) refs.push((await h.createProject(user, org.slug, `p${i}`)).ref);
    for (const [i, ref] of refs.entries()) {
      await user.api.database.runQuery(ref, { query: `create table t (n int); insert into t values (${i});` });
      await until(() => h.internals.databases.runningCount() <= 2, 'the bound');
    }
    for (const [i, ref] of refs.entries()) {
      expect((await user.api.database.runQuery(ref, { query: 'select n from t' })).rows).toEqual([{ n: i }]);
      await until(() => h.internals.databases.runningCount() <= 2, 'the bound');
      expect((await user.api.projects.getStatus(ref)).status).toBe('ACTIVE_HEALTHY');
    }
  });

  it('never closes a database with a statement in flight', async () => {
    const user = await h.signUp();
    const org = await user.api.organizations.create({ name: 'Busy' });
    await user.api.plans.updateSubscription(org.slug, { plan: 'pro' });
    const [a, b, c] = [await h.createProject(user, org.slug, 'a'), await h.createProject(user, org.slug, 'b'), await h.createProject(user, org.slug, 'c')];
    const long = user.api.database.runQuery(a.ref, { query: `select pg_sleep(3); select 'done' as s` });
    await until(() => busy(a.ref), 'the statement to start');
    await user.api.database.runQuery(b.ref, { query: 'select 1' });
    await user.api.database.runQuery(c.ref, { query: 'select 1' });
    expect((await long).rows).toEqual([{ s: 'done' }]);
  });
});

describe('the console does not wait behind a user statement', () => {
  it('embedded: a console call answers 503 "busy" while a user statement runs; server: it answers at once from its own pool', async () => {
    const { user, project } = await h.userWithProject();
    const long = user.api.database.runQuery(project.ref, { query: `select pg_sleep(8); select 'done' as s` });
    await until(() => busy(project.ref), 'the statement to start');
    const tables = await user.api.database.listTables(project.ref, 'public').then(
      (t) => t,
      (e: unknown) => e as ApiError,
    );
    if (h.mode === 'embedded') {
      expect(tables).toBeInstanceOf(ApiError);
      expect((tables as ApiError).status).toBe(503);
      expect((tables as ApiError).message).toMatch(/busy running a SQL statement \(started \d+ s ago\)/);
    } else {
      expect(tables).toEqual([]);
    }
    expect((await long).rows).toEqual([{ s: 'done' }]);
    expect(await user.api.database.listTables(project.ref, 'public')).toEqual([]);
  });

  it('queued calls wait a bounded time and the queue has a bound', async () => {
    const q = new CallQueue({ busyWaitMs: 50, maxWaitMs: 200, maxQueued: 2 });
    let release!: () => void;
    const first = q.run(() => new Promise<string>((r) => (release = () => r('first'))), true);
    const console1 = q.run(async () => 'console');
    const user2 = q.run(async () => 'user', true);
    await expect(q.run(async () => 'one too many')).rejects.toMatchObject({ status: 503, code: 'DATABASE_BUSY' });
    await expect(console1).rejects.toMatchObject({ status: 503, message: expect.stringContaining('busy running a SQL statement') });
    await expect(user2).rejects.toMatchObject({ status: 503 });
    release();
    expect(await first).toBe('first');
    expect(await q.run(async () => 'after')).toBe('after');
  });

  it("a SQL run's time-out is capped by the organization's plan", async () => {
    const { user, org, project } = await h.userWithProject();
    const seen: (number | undefined)[] = [];
    const real = h.internals.databases.get.bind(h.internals.databases);
    const spy = vi.spyOn(h.internals.databases, 'get').mockImplementation(async (ref: string) => {
      const db = await real(ref);
      return new Proxy(db, {
        get(target, key) {
          if (key === 'exec') return (sql: string, o?: ProjectQueryOptions) => (seen.push(o?.timeoutMs), target.exec(sql, o));
          return Reflect.get(target, key) as unknown;
        },
      }) as ProjectDatabase;
    });
    try {
      await user.api.database.runQuery(project.ref, { query: 'select 1', timeoutMs: 300_000 });
      await user.api.plans.updateSubscription(org.slug, { plan: 'pro' });
      await user.api.database.runQuery(project.ref, { query: 'select 1', timeoutMs: 300_000 });
      await user.api.database.runQuery(project.ref, { query: 'select 1' });
    } finally {
      spy.mockRestore();
    }
    expect(seen).toEqual([60_000, 120_000, 15_000]);
  });
});

describe('idle project databases', () => {
  it('close after the idle time and open again on their next call', async () => {
    const idle = await createTestHarness({ databaseIdleMs: 300 });
    try {
      const { user, project } = await idle.userWithProject();
      await user.api.database.runQuery(project.ref, { query: `create table t (n int); insert into t values (7);` });
      await until(() => idle.internals.databases.runningCount() === 0, 'the idle database to close');
      expect((await user.api.projects.getStatus(project.ref)).status).toBe('ACTIVE_HEALTHY');
      expect((await user.api.database.runQuery(project.ref, { query: 'select n from t' })).rows).toEqual([{ n: 7 }]);
    } finally {
      await idle.close();
    }
  });

  it('close though the webhook worker visits them all the while: its visits are not use', async () => {
    process.env.PLINTH_WEBHOOK_INTERVAL_MS = '100';
    const idle = await createTestHarness({ databaseIdleMs: 1500 });
    try {
      const { user, project } = await idle.userWithProject();
      await user.api.database.runQuery(project.ref, { query: 'select 1' });
      await until(() => idle.internals.databases.runningCount() === 0, 'the idle database to close');
    } finally {
      delete process.env.PLINTH_WEBHOOK_INTERVAL_MS;
      await idle.close();
    }
  });
});
