import { describe, expect, it } from 'vitest';
import type { TableShape } from '@plinth/contracts-database';
import { columnChanges, columnDefault, draftsOf, newColumnDraft, toColumnDefinitions } from './table-form';

const shape: TableShape = {
  id: 7,
  schema: 'public',
  name: 'pets',
  type: 'table',
  readOnly: false,
  paging: 'primary key',
  estimatedRows: 0,
  columns: [
    { name: 'id', type: 'bigint', kind: 'bigint', nullable: false, default: null, generated: true, primaryKey: 1, enumValues: null, references: null },
    { name: 'name', type: 'text', kind: 'text', nullable: true, default: null, generated: false, primaryKey: null, enumValues: null, references: null },
    { name: 'age', type: 'text', kind: 'text', nullable: true, default: "'0'::text", generated: false, primaryKey: null, enumValues: null, references: null },
  ],
};

describe('table form', () => {
  it('reads a default as an expression only when it is a known one or a number', () => {
    expect(columnDefault('now()')).toEqual({ value: 'now()', expression: true });
    expect(columnDefault('42')).toEqual({ value: '42', expression: true });
    expect(columnDefault("it's")).toEqual({ value: "it's", expression: false });
    expect(columnDefault('  ')).toBeNull();
  });

  it('names the fields of columns that cannot be sent', () => {
    const { errors } = toColumnDefinitions([newColumnDraft({ name: 'a' }), newColumnDraft({ name: 'a' }), newColumnDraft({ name: ' ', type: '' })]);
    expect(errors).toEqual({ '1.name': 'Column "a" is named twice', '2.name': 'Please provide a column name', '2.type': 'Please choose a type' });
  });

  it('finds no change in an untouched table', () => {
    expect(columnChanges(shape, draftsOf(shape))).toEqual([]);
  });

  it('turns an edit into drops, renames and changes under the new name, then additions', () => {
    const drafts = draftsOf(shape);
    drafts[1] = { ...drafts[1]!, name: 'nickname', nullable: false };
    drafts[2] = { ...drafts[2]!, type: 'integer', default: '' };
    const edited = [drafts[0]!, drafts[1]!, newColumnDraft({ name: 'born', type: 'date' })];
    expect(columnChanges(shape, [...edited.slice(0, 2), drafts[2]!, edited[2]!])).toEqual([
      { op: 'rename', column: 'name', to: 'nickname' },
      { op: 'nullable', column: 'nickname', nullable: false },
      { op: 'type', column: 'age', type: 'integer' },
      { op: 'default', column: 'age', default: null },
      { op: 'add', column: expect.objectContaining({ name: 'born', type: 'date' }) },
    ]);
    expect(columnChanges(shape, edited)).toEqual([
      { op: 'drop', column: 'age' },
      { op: 'rename', column: 'name', to: 'nickname' },
      { op: 'nullable', column: 'nickname', nullable: false },
      { op: 'add', column: expect.objectContaining({ name: 'born' }) },
    ]);
  });
});
