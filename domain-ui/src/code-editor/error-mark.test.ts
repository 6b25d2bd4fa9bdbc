// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createSqlEditor } from './setup';

describe('the error mark', () => {
  it('underlines the range a database error points at until the text changes', () => {
    const parent = document.createElement('div');
    document.body.append(parent);
    const editor = createSqlEditor(parent, { doc: 'select * from missing_table' });
    editor.setErrorMark({ from: 14, to: 27, message: 'relation "missing_table" does not exist' });
    const marked = parent.querySelector('[data-error-mark]');
    expect(marked?.textContent).toBe('missing_table');
    expect(marked?.getAttribute('title')).toBe('relation "missing_table" does not exist');
    editor.setSelection(27);
    editor.replaceSelection('x');
    expect(parent.querySelector('[data-error-mark]')).toBeNull();
    editor.setErrorMark({ from: 0, to: 6 });
    expect(parent.querySelector('[data-error-mark]')?.textContent).toBe('select');
    editor.setErrorMark(null);
    expect(parent.querySelector('[data-error-mark]')).toBeNull();
    editor.destroy();
  });
});
