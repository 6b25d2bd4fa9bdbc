import { describe, expect, it } from 'vitest';
import { ident, likeEscape } from './sql';

describe('SQL text helpers', () => {
  it('quotes identifiers and escapes LIKE wildcards', () => {
    expect(ident('my "table"')).toBe('"my ""table"""');
    expect(likeEscape('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});
