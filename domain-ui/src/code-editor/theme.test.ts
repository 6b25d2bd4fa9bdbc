// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createSqlEditor, type SqlEditor } from './setup';

// The editor's look that a user sees while selecting and typing, read from the styles it mounts.

/** Every CSS rule the page holds, as text (style elements and adopted sheets). */
function pageCss(): string {
  const sheets = [...document.styleSheets, ...((document as Document & { adoptedStyleSheets?: CSSStyleSheet[] }).adoptedStyleSheets ?? [])];
  const rules = sheets.flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText));
  const texts = [...document.querySelectorAll('style')].map((style) => style.textContent ?? '');
  return [...rules, ...texts].join('\n');
}

let editor: SqlEditor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
  document.body.innerHTML = '';
});

describe('SQL editor look', () => {
  it('uses the browser’s own caret and selection: no layer is drawn over the text', () => {
    editor = createSqlEditor(document.body.appendChild(document.createElement('div')), { doc: 'select 1', lineNumbers: true });
    expect(editor.view.dom.querySelector('.cm-cursorLayer, .cm-selectionLayer')).toBeNull();
    expect(editor.view.contentDOM.getAttribute('contenteditable')).toBe('true');
  });

  it('keeps the colours of selected text, tints the selection, and holds the caret still under reduced motion', () => {
    editor = createSqlEditor(document.body.appendChild(document.createElement('div')), { doc: 'select 1' });
    const css = pageCss().replace(/\s+/g, ' ');
    expect(css).toMatch(/\.cm-content ::selection ?\{[^}]*color: currentcolor/);
    expect(css).toMatch(/\.cm-content ::selection ?\{[^}]*background-color: color-mix\(in srgb, var\(--[^)]*\) 28%, transparent\)/);
    expect(css).toMatch(/@media \(prefers-reduced-motion: reduce\) ?\{[^}]*\.cm-content ?\{[^}]*caret-animation: manual/);
    // A selected error keeps its wavy underline in the danger colour.
    expect(css).toMatch(/\.cm-errorMark::selection[^{]*\{[^}]*text-decoration: underline wavy/);
  });
});
