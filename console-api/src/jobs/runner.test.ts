import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '@plinth/platform-api/testing';
import type { ControlDatabase } from '@plinth/platform-core/deps';
import { JobRunner, type JobDefinition } from './runner';
import { queueDb, type QueueDb } from './queue-db';

// Two instances of the platform share one control database: each background job runs once per
// interval whichever instances are up, and a job taken by an instance that is killed in the middle
// is finished by another once its lease runs out. Two runners on one control database stand for
// the two instances (on the embedded database and, under with-postgres.sh, on a Postgres server).

let h: TestHarness;
let control: ControlDatabase;
const runners: JobRunner[] = [];
beforeAll(async () => {
  h = await createTestHarness();
  control = h.internals.control;
}, 120_000);
afterAll(async () => {
  for (const r of runners) await r.stop(1_000).catch(() => undefined);
  await h?.close();
});

const QUICK = { pollingMs: 500, maintenanceSeconds: 1, retries: 2 };
const runner = (jobs: JobDefinition[], db?: QueueDb, warned?: unknown[]) => {
  const r = new JobRunner(control, { ...QUICK, db, warn: (_message, err) => warned?.push(err) });
  for (const job of jobs) r.define(job);
  runners.push(r);
  return r;
};
const until = async (what: () => boolean | Promise<boolean>, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
};
/** The control database as an instance sees it, until the instance is killed: then nothing it says reaches the database. */
function severable(): QueueDb & { kill(): void } {
  const db = queueDb(control);
  let dead = false;
  return {
    executeSql: (text, values) => (dead ? new Promise(() => undefined) : db.executeSql(text, values)),
    kill: () => (dead = true),
  };
}

describe('background jobs run once across instances', () => {
  it('a job asked for by two instances in the same interval runs once, on one of them', async () => {
    const ran: string[] = [];
    const job = (who: string): JobDefinition => ({ name: 'test.once', everyMs: 0, leaseSeconds: 30, run: async () => void ran.push(who) });
    const a = runner([job('a')]);
    const b = runner([job('b')]);
    await Promise.all([a.start(), b.start()]);
    // Both instances tick the same slot (as their interval timers do): the queue keeps one run.
    const asked = await Promise.all([a.request('test.once', 3600), b.request('test.once', 3600), a.request('test.once', 3600)]);
    expect(asked.filter(Boolean)).toHaveLength(1);
    await until(() => ran.length === 1);
    const id = asked.find(Boolean)!;
    await until(async () => (await a.state('test.once', id)) === 'completed');
    // Longer than both runners' polling: nobody runs it a second time.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(ran).toHaveLength(1);
    // The next slot runs again (once).
    await a.trigger('test.once');
    await until(() => ran.length === 2);
  }, 60_000);

  it('a job on its interval runs once per interval with two instances up', async () => {
    let runs = 0;
    const job = (): JobDefinition => ({ name: 'test.interval', everyMs: 1_000, leaseSeconds: 30, run: async () => void (runs += 1) });
    const a = runner([job()]);
    const b = runner([job()]);
    await Promise.all([a.start(), b.start()]);
    await until(() => runs >= 3);
    await Promise.all([a.stop(), b.stop()]);
    // Two instances ticking every second asked for each second's run: one job per second was made, each run once.
    const jobs = await control.query<{ n: number; slots: number }>(
      `select count(*)::int as n, count(distinct singleton_on)::int as slots from plinth_jobs.job where name = 'test.interval' and state = 'completed'`,
    );
    expect(jobs.rows[0]!.n).toBe(runs);
    expect(jobs.rows[0]!.slots).toBe(runs);
  }, 60_000);

  it('never runs a job twice at once: the next run waits for the one still going on another instance', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const job = (): JobDefinition => ({
      name: 'test.overlap',
      everyMs: 0,
      leaseSeconds: 30,
      run: async () => {
        running += 1;
        most = Math.max(most, running);
        runs += 1;
        if (runs === 1) await gate;
        running -= 1;
      },
    });
    const warned: unknown[] = [];
    const a = runner([job()], undefined, warned);
    const b = runner([job()], undefined, warned);
    await Promise.all([a.start(), b.start()]);
    await a.trigger('test.overlap');
    await until(() => runs === 1);
    // The next run is asked for while the first still runs: both runners look for it several times.
    await b.trigger('test.overlap');
    await new Promise((r) => setTimeout(r, 2_000));
    expect(runs).toBe(1);
    release();
    await until(() => runs === 2);
    expect(most).toBe(1);
    // Nothing failed on the way: the second runner's looks found nothing to take while the first ran.
    expect(warned).toEqual([]);
  }, 60_000);

  it('a job taken by an instance killed in the middle is finished by the other after its lease', async () => {
    const done: string[] = [];
    let startedOnA = false;
    const killedDb = severable();
    const a = runner(
      [{ name: 'test.lease', everyMs: 0, leaseSeconds: 2, run: () => ((startedOnA = true), new Promise(() => undefined)) }],
      killedDb,
    );
    await a.start();
    const id = (await a.trigger('test.lease'))!;
    await until(() => startedOnA);
    // The instance dies: it never completes nor hands back the job, and never speaks to the database again.
    killedDb.kill();
    void a.stop(1_000).catch(() => undefined);
    const b = runner([{ name: 'test.lease', everyMs: 0, leaseSeconds: 2, run: async () => void done.push('b') }]);
    await b.start();
    expect(await b.state('test.lease', id)).toBe('active');
    await until(() => done.length === 1);
    await until(async () => (await b.state('test.lease', id)) === 'completed');
    expect(done).toEqual(['b']);
  }, 60_000);
});
