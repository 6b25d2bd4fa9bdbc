// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createSqlEditor, loadEditingKeys } from './setup';

const key = (target: Element, init: KeyboardEventInit) => target.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init }));

describe('keys pressed before the editing keys arrive', () => {
  it('edit the text at once, so a text read meanwhile has them all', async () => {
    const parent = document.body.appendChild(document.createElement('div'));
    const editor = createSqlEditor(parent, { doc: 'select 1' });
    editor.setSelection(8);
    const surface = editor.view.contentDOM;
    key(surface, { key: 'Enter' });
    expect(editor.getValue()).toBe('select 1\n');
    key(surface, { key: 'Tab' });
    expect(editor.getValue()).toBe('select 1\n  ');
    key(surface, { key: 'Backspace' });
    key(surface, { key: 'Backspace' });
    key(surface, { key: 'Backspace' });
    expect(editor.getValue()).toBe('select 1');
    editor.setSelection(0);
    key(surface, { key: 'Delete' });
    expect(editor.getValue()).toBe('elect 1');
    editor.setSelection(0, 6);
    key(surface, { key: 'Backspace' });
    expect(editor.getValue()).toBe('1');
    // Ctrl+End and Ctrl+Home reach the ends of the whole text.
    editor.setValue('select 1;\nselect 2;');
    editor.setSelection(3);
    key(surface, { key: 'End', ctrlKey: true });
    expect(editor.getSelection()).toMatchObject({ from: 19, to: 19 });
    key(surface, { key: 'Home', ctrlKey: true, shiftKey: true });
    expect(editor.getSelection().text).toBe('select 1;\nselect 2;');

    // Then the full bindings take over: Tab indents the line instead of typing spaces where the cursor is.
    await loadEditingKeys();
    await new Promise((resolve) => setTimeout(resolve));
    editor.setValue('select 1');
    editor.setSelection(8);
    key(surface, { key: 'Tab' });
    expect(editor.getValue()).toBe('  select 1');
    editor.destroy();
  });

  it('runs Mod+Enter at once', () => {
    const onRun = vi.fn();
    const parent = document.body.appendChild(document.createElement('div'));
    const editor = createSqlEditor(parent, { doc: 'select 1', onRun });
    key(editor.view.contentDOM, { key: 'Enter', ctrlKey: true });
    expect(onRun).toHaveBeenCalledTimes(1);
    expect(editor.getValue()).toBe('select 1');
    editor.destroy();
  });

  it('leaves copy, paste and caret moves to the browser', () => {
    const parent = document.body.appendChild(document.createElement('div'));
    const editor = createSqlEditor(parent, { doc: 'select 1' });
    // dispatchEvent answers true when nothing prevented the browser's own handling.
    expect(key(editor.view.contentDOM, { key: 'v', ctrlKey: true })).toBe(true);
    expect(key(editor.view.contentDOM, { key: 'c', metaKey: true })).toBe(true);
    expect(key(editor.view.contentDOM, { key: 'ArrowLeft' })).toBe(true);
    editor.destroy();
  });
});
