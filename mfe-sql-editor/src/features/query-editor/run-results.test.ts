import { describe, expect, it } from 'vitest';
import { resultSummary, statementResults, tabLabel } from './run-results';

describe('a run’s results', () => {
  it('makes an answer with only the last statement’s keyed rows one result with rows in column order', () => {
    const [only, ...rest] = statementResults({ rows: [{ id: 1, name: 'a' }, { name: 'b' }], columns: [{ name: 'id' }, { name: 'name' }], affectedRows: null });
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ rows: [[1, 'a'], [null, 'b']], truncated: false, totalRows: 2, command: '' });
  });

  it('names each statement’s tab by its place and command, with its row count or command tag', () => {
    const base = { statement: '', columns: [], rows: [], truncated: false, totalRows: 0, affectedRows: null };
    expect(tabLabel({ ...base, command: 'INSERT' }, 1)).toBe('2. INSERT');
    expect(resultSummary({ ...base, command: 'INSERT', affectedRows: 1200 })).toBe('INSERT 1,200');
    expect(resultSummary({ ...base, command: 'CREATE TABLE', affectedRows: 0 })).toBe('CREATE TABLE');
    expect(resultSummary({ ...base, command: 'SELECT', columns: [{ name: 'n' }], rows: [[1]], totalRows: 1 })).toBe('1 row');
    expect(resultSummary({ ...base, command: 'SELECT', columns: [{ name: 'n' }], totalRows: 25_000 })).toBe('25,000 rows');
  });
});
