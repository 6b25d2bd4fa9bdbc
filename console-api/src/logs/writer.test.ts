import { describe, expect, it } from 'vitest';
import { sanitizeSearch, toLogEntry } from './entries';
import { LogWriter } from './writer';

// The batch writer behind the request log, with a write function standing in for the database.

const warnings: string[] = [];
const warn = (message: string) => void warnings.push(message);

describe('LogWriter', () => {
  it('writes the queue in batches of at most batchRows, in order', async () => {
    const batches: number[][] = [];
    const w = new LogWriter<number>(async (rows) => void batches.push(rows), { batchRows: 3, warn });
    for (let i = 1; i <= 7; i++) w.push(i);
    await w.flush();
    expect(batches.flat()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(Math.max(...batches.map((b) => b.length))).toBeLessThanOrEqual(3);
    expect(w.written).toBe(7);
  });

  it('drops the oldest rows when the queue is full and counts them', async () => {
    const written: number[] = [];
    const w = new LogWriter<number>(async (rows) => void written.push(...rows), { maxQueued: 4, batchRows: 100, warn });
    for (let i = 1; i <= 10; i++) w.push(i);
    expect(w.dropped).toBe(6);
    await w.flush();
    expect(written).toEqual([7, 8, 9, 10]);
  });

  it('tries a failed batch once more, then drops it with a warning and goes on', async () => {
    let calls = 0;
    const written: number[] = [];
    const w = new LogWriter<number>(
      async (rows) => {
        calls++;
        if (rows.includes(1)) throw new Error('log database down');
        written.push(...rows);
      },
      { batchRows: 2, warn },
    );
    warnings.length = 0;
    [1, 2, 3, 4].forEach((n) => w.push(n));
    await expect(w.flush()).resolves.toBeUndefined();
    expect(calls).toBe(3);
    expect(written).toEqual([3, 4]);
    expect(w.dropped).toBe(2);
    expect(warnings).toEqual(['Dropped 2 log rows: the log store refused them twice']);
  });

  it('a stalled database neither blocks push nor holds the queue past the write time-out', async () => {
    const w = new LogWriter<number>(() => new Promise<void>(() => undefined), { writeTimeoutMs: 20, warn });
    w.push(1);
    const flushed = w.flush();
    for (let i = 0; i < 100; i++) w.push(i);
    expect(w.queued).toBe(100);
    await flushed;
    await w.stop();
    expect(w.queued).toBe(0);
    expect(w.dropped).toBe(101);
  });

  it('stop writes what is queued', async () => {
    const written: number[] = [];
    const w = new LogWriter<number>(async (rows) => void written.push(...rows), { intervalMs: 60_000, warn });
    w.start();
    w.push(1);
    w.push(2);
    await w.stop();
    expect(written).toEqual([1, 2]);
  });
});

describe('log entries', () => {
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJl';

  it('keep no credential from the query string, and mask tokens anywhere', () => {
    expect(sanitizeSearch(`grant_type=password&apikey=${jwt}`)).toBe('grant_type=password&apikey=[redacted]');
    expect(sanitizeSearch('token=abc123&type=signup&redirect_to=x')).toBe('token=[redacted]&type=signup&redirect_to=x');
    expect(sanitizeSearch(`select=*&id=eq.1&note=eq.${jwt}`)).toBe('select=*&id=eq.1&note=eq.[redacted]');
    const e = toLogEntry({ ref: 'r', service: 'rest', method: 'GET', path: `/t/${jwt}`, status: 200, latencyMs: 1, role: 'anon', userId: null });
    expect(e.path).toBe('/t/[redacted]');
  });

  it('drop NUL characters, which Postgres text cannot hold (one would fail the whole batch)', () => {
    const e = toLogEntry({ ref: 'r\u0000', service: 'storage', method: 'PUT', path: '/object/b/a\u0000b', search: 'x=\u0000', status: 400, latencyMs: 1, role: null, userId: 'u\u0000', storage: { operation: 'upload', bucket: 'b\u0000', objects: ['a\u0000b'] }, error: { code: 'c', message: 'm\u0000' } });
    expect(JSON.stringify(e)).not.toContain('\\u0000');
    expect(e).toMatchObject({ ref: 'r', path: '/object/b/ab', objectName: 'ab', userId: 'u', errorMessage: 'm' });
  });

  it('name the storage operation, its bucket and objects', () => {
    const e = toLogEntry({ ref: 'r', service: 'storage', method: 'POST', path: '/object/move', status: 200, latencyMs: 1, role: 'anon', userId: null, storage: { operation: 'move', bucket: 'docs', objects: ['a.txt', 'b.txt'] } });
    expect(e).toMatchObject({ storageOperation: 'move', bucketId: 'docs', objectName: 'a.txt, b.txt' });
  });
});
