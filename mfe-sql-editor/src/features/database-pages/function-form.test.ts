import { describe, expect, it } from 'vitest';
import { formOf, writeOf, NEW_FUNCTION } from './function-form';

describe('function form', () => {
  it('reads arguments one per line, with or without a name', () => {
    const w = writeOf({ ...NEW_FUNCTION, name: ' add ', args: 'a integer\n\n"my arg" text[]\ndouble precision\n', returns: 'integer' });
    expect(w.name).toBe('add');
    expect(w.args).toEqual([{ name: 'a', type: 'integer' }, { name: 'my arg', type: 'text[]' }, { type: 'double precision' }]);
  });

  it('turns a listed function back into the form, defaults left out', () => {
    const form = formOf({ id: 1, schema: 'public', name: 'f', arguments: "a integer, b numeric(10,2) DEFAULT 1, c text DEFAULT 'x'", returns: 'integer', language: 'sql', definition: '\n select 1 \n', securityDefiner: false, protected: false });
    expect(form.args).toBe('a integer\nb numeric(10,2)\nc text');
    expect(form.definition).toBe(' select 1');
    expect(writeOf(form).args).toEqual([{ name: 'a', type: 'integer' }, { name: 'b', type: 'numeric(10,2)' }, { name: 'c', type: 'text' }]);
  });
});
