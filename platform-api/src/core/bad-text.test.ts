import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { findNulCharacter } from './inputs';

describe('findNulCharacter', () => {
  it('names the first field holding a NUL, in keys and nested arrays', () => {
    expect(findNulCharacter({ name: 'ok', roles: ['a', 'b\0'] })).toBe('roles.1');
    expect(findNulCharacter({ ['bad\0key']: 1 })).toBe('bad\0key');
    expect(findNulCharacter({ name: 'fine' })).toBeNull();
  });

  it('does not walk a raw upload stream (an upload body is bytes, not fields)', () => {
    const body = Readable.from([Buffer.from('a\0b')]);
    expect(findNulCharacter(body)).toBeNull();
  });

  it('ends on an input that refers to itself', () => {
    const a: Record<string, unknown> = { name: 'x' };
    a.self = a;
    expect(findNulCharacter(a)).toBeNull();
  });
});
