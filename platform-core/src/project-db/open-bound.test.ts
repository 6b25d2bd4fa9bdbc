import { describe, expect, it } from 'vitest';
import { databasesToClose, type Closable } from './open-bound';

const db = (lastUsedAt: number, state: Partial<Closable> = {}): Closable => ({ running: true, busy: false, lastUsedAt, suspend: async () => undefined, ...state });

describe('the bound on open project databases', () => {
  it('closes the least recently used idle ones past the bound, counting the one about to open, never a busy one', () => {
    const a = db(1), b = db(2, { busy: true }), c = db(3), d = db(4);
    const open = new Map([['a', a], ['b', b], ['c', c], ['d', d]]);
    // d is about to be used: a, b and c run beside it, one too many for 3; a is the oldest idle one.
    expect(databasesToClose(open, 3, { keep: 'd' })).toEqual([a]);
    // Two too many: b is busy, so a and c go.
    expect(databasesToClose(open, 2, { keep: 'd' })).toEqual([a, c]);
    expect(databasesToClose(open, 4, { keep: 'd' })).toEqual([]);
  });

  it('on the idle timer closes every database idle too long, and then enough others to come back within the bound', () => {
    const old = db(0), recent = db(9_000), newest = db(9_500), closed = db(100, { running: false });
    const open = new Map([['old', old], ['recent', recent], ['newest', newest], ['closed', closed]]);
    expect(databasesToClose(open, 5, { idleMs: 5_000, now: 10_000 })).toEqual([old]);
    // Bound 1: old goes for being idle, recent as well for the bound; a closed one is not counted.
    expect(databasesToClose(open, 1, { idleMs: 5_000, now: 10_000 })).toEqual([old, recent]);
  });
});
