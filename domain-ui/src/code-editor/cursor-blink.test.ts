// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSqlEditor } from './setup';
import { BLINK_AFTER_MS, BLINK_CLASS } from './cursor-blink';

afterEach(() => vi.useRealTimers());

describe('the cursor', () => {
  it('stays steady while the text changes and blinks once typing pauses', () => {
    vi.useFakeTimers();
    const editor = createSqlEditor(document.body.appendChild(document.createElement('div')), { doc: 'select 1' });
    const layer = () => editor.view.scrollDOM.querySelector('.cm-cursorLayer')!;
    vi.advanceTimersByTime(BLINK_AFTER_MS);
    expect(layer().classList.contains(BLINK_CLASS)).toBe(true);

    editor.replaceSelection('x');
    expect(layer().classList.contains(BLINK_CLASS)).toBe(false);
    vi.advanceTimersByTime(BLINK_AFTER_MS - 100);
    editor.setSelection(2);
    vi.advanceTimersByTime(BLINK_AFTER_MS - 100);
    expect(layer().classList.contains(BLINK_CLASS)).toBe(false);
    vi.advanceTimersByTime(100);
    expect(layer().classList.contains(BLINK_CLASS)).toBe(true);
    editor.destroy();
  });
});
