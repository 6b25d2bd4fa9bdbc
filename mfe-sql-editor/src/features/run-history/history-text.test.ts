import { describe, expect, it } from 'vitest';
import { historyQueryName, runDuration, runRows } from './history-text';

describe('how a run of the history reads', () => {
  it('gives durations in ms, seconds or minutes, and a dash for rows of a failed run', () => {
    expect(runDuration(12.4)).toBe('12 ms');
    expect(runDuration(4_230)).toBe('4.2 s');
    expect(runDuration(125_000)).toBe('2 min 5 s');
    expect(runRows(null)).toBe('—');
    expect(runRows(100_000)).toBe('100,000');
  });

  it('names a query opened from the history by its first line of SQL, shortened', () => {
    expect(historyQueryName('-- top customers\n\n  select * from customers\nlimit 5')).toBe('select * from customers');
    expect(historyQueryName(`select ${'x, '.repeat(40)}y`)).toHaveLength(58);
    expect(historyQueryName('  \n-- only a comment')).toBe('Query from history');
  });
});
