// @vitest-environment jsdom
import { syntaxTree } from '@codemirror/language';
import { describe, expect, it, vi } from 'vitest';
import { createSqlEditor } from './setup';

const key = (target: Element, init: KeyboardEventInit) => target.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init }));

describe("CodeMirror's own keys, there from the editor's creation", () => {
  it('edit from the first key: Enter, Tab indenting the line, Backspace, Delete, Ctrl+End/Home and undo', () => {
    const parent = document.body.appendChild(document.createElement('div'));
    const editor = createSqlEditor(parent, { doc: 'select 1' });
    editor.setSelection(8);
    const surface = editor.view.contentDOM;
    key(surface, { key: 'Enter' });
    expect(editor.getValue()).toBe('select 1\n');
    key(surface, { key: 'Backspace' });
    expect(editor.getValue()).toBe('select 1');
    // Tab indents the line (not two spaces where the caret is).
    editor.setSelection(3);
    key(surface, { key: 'Tab' });
    expect(editor.getValue()).toBe('  select 1');
    key(surface, { key: 'Tab', shiftKey: true });
    expect(editor.getValue()).toBe('select 1');
    editor.setSelection(0);
    key(surface, { key: 'Delete' });
    expect(editor.getValue()).toBe('elect 1');
    key(surface, { key: 'z', ctrlKey: true });
    expect(editor.getValue()).toBe('select 1');
    // Ctrl+End and Ctrl+Home reach the ends of the whole text.
    editor.setValue('select 1;\nselect 2;');
    editor.setSelection(3);
    key(surface, { key: 'End', ctrlKey: true });
    expect(editor.getSelection()).toMatchObject({ from: 19, to: 19 });
    key(surface, { key: 'Home', ctrlKey: true, shiftKey: true });
    expect(editor.getSelection().text).toBe('select 1;\nselect 2;');
    editor.destroy();
  });

  it('runs Mod+Enter at once, without a new line', () => {
    const onRun = vi.fn();
    const parent = document.body.appendChild(document.createElement('div'));
    const editor = createSqlEditor(parent, { doc: 'select 1', onRun });
    key(editor.view.contentDOM, { key: 'Enter', ctrlKey: true });
    expect(onRun).toHaveBeenCalledTimes(1);
    expect(editor.getValue()).toBe('select 1');
    editor.destroy();
  });

  it('leaves copy, paste and plain caret moves to the browser', () => {
    const parent = document.body.appendChild(document.createElement('div'));
    const editor = createSqlEditor(parent, { doc: 'select 1' });
    // dispatchEvent answers true when nothing prevented the browser's own handling.
    expect(key(editor.view.contentDOM, { key: 'v', ctrlKey: true })).toBe(true);
    expect(key(editor.view.contentDOM, { key: 'c', metaKey: true })).toBe(true);
    editor.destroy();
  });
});

describe("PostgreSQL's grammar", () => {
  const parsed = (editor: ReturnType<typeof createSqlEditor>) => syntaxTree(editor.view.state).length > 0;

  it('comes at once with an editor opened on a text', async () => {
    const editor = createSqlEditor(document.body.appendChild(document.createElement('div')), { doc: 'select 1' });
    await vi.waitFor(() => expect(parsed(editor)).toBe(true));
    editor.destroy();
  });

  it('waits, for an empty editor, until the first sign of typing', async () => {
    const editor = createSqlEditor(document.body.appendChild(document.createElement('div')), {});
    editor.view.dispatch({ changes: { from: 0, insert: 'select 1' } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(parsed(editor)).toBe(false);
    key(editor.view.contentDOM, { key: 's' });
    await vi.waitFor(() => expect(parsed(editor)).toBe(true));
    editor.destroy();
  });
});
