import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { findBadText } from './inputs';

describe('findBadText', () => {
  it('names the first field holding a NUL, in keys and nested arrays', () => {
    expect(findBadText({ name: 'ok', roles: ['a', 'b\0'] })).toEqual({ field: 'roles.1', problem: 'nul' });
    expect(findBadText({ ['bad\0key']: 1 })).toEqual({ field: 'bad\0key', problem: 'nul' });
    expect(findBadText({ name: 'fine', emoji: '🪣 ünïcödé' })).toBeNull();
  });

  it('names a field holding half of a surrogate pair (links and headers cannot carry it)', () => {
    expect(findBadText({ path: '\ud800' })).toEqual({ field: 'path', problem: 'surrogate' });
    expect(findBadText({ path: 'a/\udfff.txt' })).toEqual({ field: 'path', problem: 'surrogate' });
  });

  it('does not walk a raw upload stream (an upload body is bytes, not fields)', () => {
    const body = Readable.from([Buffer.from('a\0b')]);
    expect(findBadText(body)).toBeNull();
  });

  it('ends on an input that refers to itself', () => {
    const a: Record<string, unknown> = { name: 'x' };
    a.self = a;
    expect(findBadText(a)).toBeNull();
  });
});
