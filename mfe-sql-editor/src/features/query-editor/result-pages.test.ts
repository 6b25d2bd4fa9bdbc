import { describe, expect, it } from 'vitest';
import type { SqlStatementResult } from '@plinth/contracts-database';
import { expectedRows, loadRestOfRows, ROWS_PER_PAGE } from './result-pages';

const numbers = (from: number, count: number) => Array.from({ length: count }, (_, i) => [from + i]);
const first = (r: Partial<SqlStatementResult>): SqlStatementResult => ({ statement: '', command: 'SELECT', columns: [{ name: 'n' }], rows: numbers(0, 1_000), affectedRows: null, truncated: false, totalRows: 5_500, cursor: 'run-0001', ...r });

describe('the rest of a large result', () => {
  it('fetches the pages after the first rows in order until the API says none remain, showing each', async () => {
    const asked: [number, number][] = [];
    const shown: number[] = [];
    const result = first({});
    await loadRestOfRows(result, expectedRows(result, 100_000), {
      fetchPage: async (cursor, offset, limit) => {
        expect(cursor).toBe('run-0001');
        asked.push([offset, limit]);
        const count = Math.min(limit, 5_500 - offset);
        return { rows: numbers(offset, count), done: offset + count >= 5_500 };
      },
      onRows: (rows) => {
        shown.push(rows.length);
        expect(rows.every((row, i) => row[0] === i)).toBe(true);
      },
      stopped: () => false,
    });
    expect(asked).toEqual([[1_000, ROWS_PER_PAGE], [3_000, ROWS_PER_PAGE], [5_000, 500]]);
    expect(shown).toEqual([3_000, 5_000, 5_500]);
  });

  it('stops at the row limit of the run, and when another run takes over', async () => {
    const cut = first({ truncated: true, totalRows: 9_000 });
    expect(expectedRows(cut, 2_500)).toBe(2_500);
    const asked: number[] = [];
    await loadRestOfRows(cut, 2_500, { fetchPage: async (_c, offset, limit) => (asked.push(limit), { rows: numbers(offset, limit), done: true }), onRows: () => undefined, stopped: () => false });
    expect(asked).toEqual([1_500]);
    let shown = 0;
    await loadRestOfRows(first({}), 5_500, { fetchPage: async (_c, offset, limit) => ({ rows: numbers(offset, limit), done: false }), onRows: () => (shown += 1), stopped: () => shown >= 1 });
    expect(shown).toBe(1);
  });
});
