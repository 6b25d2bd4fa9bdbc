import { describe, expect, it } from 'vitest';
import type { TableColumn } from '@plinth/contracts-database';
import { editText, formatCell, newRowValues, parseCell } from './cell-value';
import { filterSummary, operatorsFor, toRowFilters } from './row-filters';

const column = (name: string, kind: TableColumn['kind'], extra: Partial<TableColumn> = {}): TableColumn => ({
  name,
  kind,
  type: kind,
  nullable: true,
  default: null,
  generated: false,
  primaryKey: null,
  enumValues: null,
  references: null,
  ...extra,
});

describe('cells', () => {
  it('shows null as NULL, JSON and lists as JSON, the rest as text', () => {
    expect(formatCell(null)).toBe('NULL');
    expect(formatCell({ a: [1, 2] })).toBe('{"a":[1,2]}');
    expect(formatCell(['x'])).toBe('["x"]');
    expect(formatCell(false)).toBe('false');
    expect(editText(null)).toBe('');
  });

  it('reads typed text by kind, keeping big numbers as text', () => {
    expect(parseCell('42', column('n', 'number'))).toEqual({ ok: true, value: 42 });
    expect(parseCell('4.5e3', column('n', 'number'))).toEqual({ ok: true, value: 4500 });
    expect(parseCell('x', column('n', 'number'))).toEqual({ ok: false, error: 'Enter a number' });
    expect(parseCell('9007199254740993', column('id', 'bigint'))).toEqual({ ok: true, value: '9007199254740993' });
    expect(parseCell('TRUE', column('b', 'boolean'))).toEqual({ ok: true, value: true });
    expect(parseCell('maybe', column('b', 'boolean')).ok).toBe(false);
    expect(parseCell('{"a": 1}', column('j', 'json'))).toEqual({ ok: true, value: { a: 1 } });
    expect(parseCell('{a', column('j', 'json'))).toEqual({ ok: false, error: 'Enter valid JSON' });
    expect(parseCell('["a","b"]', column('t', 'array'))).toEqual({ ok: true, value: ['a', 'b'] });
    expect(parseCell('{"a": 1}', column('t', 'array')).ok).toBe(false);
    expect(parseCell('ok', column('m', 'enum', { enumValues: ['sad', 'ok'] }))).toEqual({ ok: true, value: 'ok' });
    expect(parseCell('meh', column('m', 'enum', { enumValues: ['sad', 'ok'] }))).toEqual({ ok: false, error: 'Choose one of sad, ok' });
    expect(parseCell('2024-02-30x', column('d', 'date')).ok).toBe(false);
    expect(parseCell('2024-02-03', column('d', 'date'))).toEqual({ ok: true, value: '2024-02-03' });
  });

  it('treats empty text as null except in text columns, and refuses null where the column may not be null', () => {
    expect(parseCell('', column('n', 'number'))).toEqual({ ok: true, value: null });
    expect(parseCell('', column('t', 'text'))).toEqual({ ok: true, value: '' });
    expect(parseCell('', column('t', 'text'), true)).toEqual({ ok: true, value: null });
    expect(parseCell('', column('n', 'number', { nullable: false }))).toEqual({ ok: false, error: 'n cannot be empty' });
  });

  it('builds a new row from the form, leaving defaults and generated columns to the database', () => {
    const cols = [
      column('id', 'bigint', { generated: true, primaryKey: 1, nullable: false }),
      column('created_at', 'timestamp', { default: 'now()', nullable: false }),
      column('name', 'text', { nullable: false }),
      column('age', 'number'),
      column('score', 'number', { nullable: false }),
    ];
    expect(newRowValues(cols, { name: 'Ann', age: '' , score: '3' })).toEqual({ values: { name: 'Ann', score: 3 }, errors: {} });
    expect(newRowValues(cols, { name: 'Ann', age: 'x' }).errors).toEqual({ age: 'Enter a number', score: 'score is required' });
  });
});

describe('filters', () => {
  const cols = [column('name', 'text'), column('age', 'number'), column('data', 'json'), column('ok', 'boolean')];

  it('offers operators by kind', () => {
    expect(operatorsFor('number')).toEqual(['eq', 'neq', 'gt', 'lt', 'gte', 'lte', 'is null', 'is not null', 'in']);
    expect(operatorsFor('boolean')).toEqual(['eq', 'neq', 'is null', 'is not null']);
    expect(operatorsFor('json')).toContain('like');
    expect(operatorsFor('json')).not.toContain('in');
  });

  it('sends complete filters, splits "in" lists, and names what is missing', () => {
    const { filters, errors } = toRowFilters(
      [
        { column: 'name', op: 'ilike', value: '%an%' },
        { column: 'age', op: 'in', value: ' 1, 2 ,,3' },
        { column: 'age', op: 'is null', value: 'ignored' },
        { column: 'age', op: 'gt', value: '' },
        { column: '', op: 'eq', value: '1' },
        { column: 'ok', op: 'like', value: 't' },
      ],
      cols,
    );
    expect(filters).toEqual([
      { column: 'name', op: 'ilike', value: '%an%' },
      { column: 'age', op: 'in', value: ['1', '2', '3'] },
      { column: 'age', op: 'is null' },
    ]);
    expect(errors).toEqual([null, null, null, 'Enter a value', 'Choose a column', 'like does not apply to ok']);
    expect(filterSummary(0)).toBe('Filter');
    expect(filterSummary(2)).toBe('2 filters');
  });
});
