import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openControlDatabase, type OpenControlDatabase } from './control-db';
import { openControlEvents, type ControlEvents } from './control-events';
import { quoteIdent } from './database-error';
import { AttemptLimit, AuthRateLimits, assertWithinLimits, DEFAULT_AUTH_LIMITS } from './rate-limit';

// A control database on the embedded PGlite (temp dir) or, with DATABASE_URL, a fresh database on that
// server; "two instances" are two limits (or two event listeners) on that one database.
let dataDir: string;
let databaseUrl: string | null = null;
let dbName: string | null = null;
const adminUrl = process.env.DATABASE_URL ?? null;
let db: OpenControlDatabase;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'plinth-rate-limit-'));
  if (adminUrl) {
    dbName = `plinth_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${quoteIdent(dbName)}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  db = await openControlDatabase({ dataDir, databaseUrl });
});
afterAll(async () => {
  await db?.close();
  if (adminUrl && dbName) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${quoteIdent(dbName)} with (force)`);
    await admin.end();
  }
  await rm(dataDir, { recursive: true, force: true });
});

const MINUTE = 60_000;
const refusal = (p: Promise<unknown>) => p.then(() => null, (err: Error & { status?: number; retryAfterSeconds?: number }) => err);

describe('attempt counters in the control database', () => {
  it('refuses the sixth failed sign-in whichever of two instances counted the first five, with the right retry-after', async () => {
    const a = new AuthRateLimits(db);
    const b = new AuthRateLimits(db);
    const key = `ada-${randomBytes(4).toString('hex')}@example.com|198.51.100.7`;
    const t0 = Date.now() - 10_000;
    for (let i = 0; i < 5; i++) {
      const instance = i % 2 ? b : a;
      expect(await instance.signInPerEmail.retryAfterMs(key, t0 + i * 1000)).toBe(0);
      await instance.signInPerEmail.record(key, t0 + i * 1000);
    }
    // The fifth failure was at t0 + 4 s: the first of the five ages out 15 minutes after its slot's last attempt.
    for (const instance of [a, b]) {
      const wait = await instance.signInPerEmail.retryAfterMs(key, t0 + 5000);
      expect(wait).toBeGreaterThan(DEFAULT_AUTH_LIMITS.signInWindowMs - 5000 - 1);
      expect(wait).toBeLessThanOrEqual(DEFAULT_AUTH_LIMITS.signInWindowMs);
    }
    const err = await refusal(assertWithinLimits([[b.signInPerEmail, key]], 'failed sign-in attempts'));
    expect(err?.status).toBe(429);
    expect(err?.message).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
    expect(err?.retryAfterSeconds).toBeGreaterThan(14 * 60);
    // Another email from the same address is not locked out.
    expect(await a.signInPerEmail.retryAfterMs(`other|198.51.100.7`, t0 + 5000)).toBe(0);
    // Once the window has passed, a new attempt is allowed.
    expect(await a.signInPerEmail.retryAfterMs(key, t0 + 4000 + DEFAULT_AUTH_LIMITS.signInWindowMs + 1)).toBe(0);
  });

  it('slides: attempts age out one by one, and clear() (a success) forgets the key on every instance', async () => {
    const a = new AttemptLimit(db, `test:slide:${randomBytes(4).toString('hex')}`, 3, 10 * MINUTE);
    const b = new AttemptLimit(db, a.name, 3, 10 * MINUTE);
    const t0 = 1_000_000 * MINUTE;
    await a.record('k', t0);
    await b.record('k', t0 + 4 * MINUTE);
    await a.record('k', t0 + 8 * MINUTE);
    expect(await b.retryAfterMs('k', t0 + 9 * MINUTE)).toBe(MINUTE);
    // At t0 + 10 min the first attempt is out: two remain, one more is allowed.
    expect(await b.retryAfterMs('k', t0 + 10 * MINUTE)).toBe(0);
    await b.record('k', t0 + 10 * MINUTE);
    expect(await a.retryAfterMs('k', t0 + 11 * MINUTE)).toBe(3 * MINUTE);
    await a.clear('k');
    expect(await b.retryAfterMs('k', t0 + 11 * MINUTE)).toBe(0);
  });

  it('counts attempts made at once on two instances without losing any (one atomic upsert per attempt)', async () => {
    const name = `test:burst:${randomBytes(4).toString('hex')}`;
    const limits = [new AttemptLimit(db, name, 40, MINUTE), new AttemptLimit(db, name, 40, MINUTE)];
    const now = Date.now();
    await Promise.all(Array.from({ length: 40 }, (_, i) => limits[i % 2]!.record('burst', now)));
    expect(await limits[0]!.retryAfterMs('burst', now)).toBe(MINUTE);
    const rows = await db.query<{ count: number }>('select count from attempt_counters where limit_name = $1', [name]);
    expect(rows.rows.map((r) => Number(r.count)).reduce((x, y) => x + y, 0)).toBe(40);
  });

  it('keeps limits apart by name, keys only as hashes, and deletes counters whose window is over', async () => {
    const suffix = randomBytes(4).toString('hex');
    const one = new AttemptLimit(db, `test:one:${suffix}`, 1, MINUTE);
    const two = new AttemptLimit(db, `test:two:${suffix}`, 1, MINUTE);
    const old = Date.now() - 10 * MINUTE;
    await one.record('grace@example.com', old);
    expect(await two.retryAfterMs('grace@example.com', old)).toBe(0);
    const stored = await db.query<{ key_hash: string }>('select key_hash from attempt_counters where limit_name = $1', [one.name]);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]!.key_hash).not.toContain('grace');
    // Cleaning runs at most once a minute per process; a record two minutes on runs it.
    await two.record('someone', Date.now() + 2 * MINUTE);
    expect((await db.query('select 1 from attempt_counters where limit_name = $1', [one.name])).rows).toHaveLength(0);
  });
});

describe('control events', () => {
  // A Postgres server carries messages between instances (LISTEN/NOTIFY); the embedded database has one instance only.
  it(adminUrl ? 'carries a message from one instance to the other on a Postgres server, never back to the sender' : 'tells no one on the embedded database (one process) and never fails', async () => {
    const a: ControlEvents = await openControlEvents({ databaseUrl, control: db });
    const b: ControlEvents = await openControlEvents({ databaseUrl, control: db });
    try {
      const heardByA: string[] = [];
      const heardByB: string[] = [];
      let resynced = false;
      a.on('t', (p) => heardByA.push(p));
      b.on('t', (p) => heardByB.push(p));
      b.onResync(() => (resynced = true));
      await a.publish('t', 'ref-1');
      // Too long for NOTIFY: the others drop everything instead.
      await a.publish('t', 'x'.repeat(9000));
      await a.publish('t', 'ref-2');
      if (adminUrl) {
        for (let i = 0; i < 100 && heardByB.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
        expect(heardByB).toEqual(['ref-1', 'ref-2']);
        expect(resynced).toBe(true);
      } else {
        await new Promise((r) => setTimeout(r, 50));
        expect(heardByB).toEqual([]);
        expect(resynced).toBe(false);
      }
      expect(heardByA).toEqual([]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
