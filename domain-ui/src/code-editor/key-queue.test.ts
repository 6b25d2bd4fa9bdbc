// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createSqlEditor, loadEditingKeys } from './setup';

const key = (target: Element, init: KeyboardEventInit) => target.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init }));

describe('keys pressed before the editing keys arrive', () => {
  it('wait and replay in the order pressed, through the editing keys once they are here', async () => {
    const parent = document.body.appendChild(document.createElement('div'));
    const editor = createSqlEditor(parent, { doc: 'select 1' });
    editor.setSelection(8);
    const surface = editor.view.contentDOM;
    // Enter must wait for its binding; the characters after it wait behind it; Backspace takes the "y".
    const waited = [key(surface, { key: 'Enter' }), key(surface, { key: 'x' }), key(surface, { key: 'y' }), key(surface, { key: 'Backspace' })];
    expect(waited).toEqual([false, false, false, false]); // each default prevented: nothing reaches the browser
    expect(editor.getValue()).toBe('select 1');

    await loadEditingKeys();
    await new Promise((resolve) => setTimeout(resolve));
    expect(editor.getValue()).toBe('select 1\nx');

    // Undo history came with them.
    key(surface, { key: 'z', ctrlKey: true });
    expect(editor.getValue()).not.toBe('select 1\nx');
    editor.destroy();
  });

  it('runs Mod+Enter at once, without waiting', () => {
    const onRun = vi.fn();
    const parent = document.body.appendChild(document.createElement('div'));
    const editor = createSqlEditor(parent, { doc: 'select 1', onRun });
    key(editor.view.contentDOM, { key: 'Enter', ctrlKey: true });
    expect(onRun).toHaveBeenCalledTimes(1);
    expect(editor.getValue()).toBe('select 1');
    editor.destroy();
  });

  it('leaves copy and paste to the browser', () => {
    const parent = document.body.appendChild(document.createElement('div'));
    const editor = createSqlEditor(parent, { doc: 'select 1' });
    expect(key(editor.view.contentDOM, { key: 'v', ctrlKey: true })).toBe(true);
    expect(key(editor.view.contentDOM, { key: 'c', metaKey: true })).toBe(true);
    editor.destroy();
  });
});
