import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '@plinth/platform-api/testing';
import { buildServer } from '@plinth/platform-api/server';

// The platform's own jobs with two API instances on one control database (a Postgres server; the
// embedded database is one process's alone, so there the one instance is checked). Both instances
// ask for the startup run of the billing jobs: the queue keeps one per slot, and it is run once.

let h: TestHarness;
let b: FastifyInstance | null = null;
let bDir: string | null = null;
beforeAll(async () => {
  h = await createTestHarness();
}, 120_000);
afterAll(async () => {
  await b?.close();
  await h?.close();
  if (bDir) await rm(bDir, { recursive: true, force: true });
});

const STARTUP_JOBS = ['billing.invoices', 'billing.inactivity'];

/** Every job of `name` the queue made (waiting, running, done or archived), with its slot. */
async function jobsOf(name: string) {
  const r = await h.internals.control.query<{ state: string; slot: string | null }>(
    `select state, singleton_on::text as slot from plinth_jobs.job where name = $1
     union all select state, singleton_on::text from plinth_jobs.archive where name = $1`,
    [name],
  );
  return r.rows;
}

async function until(what: () => Promise<boolean>, ms = 60_000) {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('the platform jobs with two instances', () => {
  it('runs each startup job once per slot although every instance asked for it', async () => {
    await h.app.ready();
    if (h.mode === 'server') {
      bDir = await mkdtemp(path.join(os.tmpdir(), 'plinth-jobs-b-'));
      b = await buildServer({ logger: false, admin: null, spareDatabase: false, dataDir: bDir, databaseUrl: h.internals.config.databaseUrl! });
      // Ready: B's runner has started and asked for this slot's run of each startup job.
      await b.ready();
    }
    for (const name of STARTUP_JOBS) {
      await until(async () => (await jobsOf(name)).every((j) => j.state === 'completed'));
      const jobs = await jobsOf(name);
      expect(jobs.length).toBeGreaterThanOrEqual(1);
      // One job per slot: a second instance's ask in the same slot made none (slots change only at the hour).
      expect(new Set(jobs.map((j) => j.slot)).size).toBe(jobs.length);
      expect(jobs.every((j) => j.slot !== null)).toBe(true);
    }
  }, 180_000);
});
