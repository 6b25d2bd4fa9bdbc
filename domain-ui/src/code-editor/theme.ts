import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { tokens } from '@plinth/shared-ui/theme';
import { SQL_TAG_STYLES } from './tag-styles';

/**
 * The editor in the console's colours. Every colour is a token (a CSS custom property), so one
 * theme serves dark and light: switching the console's theme restyles the editor without a rebuild.
 * The caret and the selection are the browser's own (no layers drawn over the text): a key then
 * costs no layer update, and the caret blinks as in any field of the system, never under reduced motion.
 * Each line is painted on its own (paint containment), so a key repaints its line, not every line drawn.
 */
export const editorTheme = EditorView.theme({
  '&': {
    color: tokens.color.text,
    backgroundColor: tokens.color.background,
    border: `1px solid ${tokens.color.borderControl}`,
    borderRadius: tokens.radius.md,
    fontSize: tokens.fontSize.sm,
  },
  '&.cm-focused': { outline: `2px solid ${tokens.color.focus}`, outlineOffset: '2px' },
  '.cm-scroller': { fontFamily: tokens.font.mono, lineHeight: tokens.lineHeight.normal },
  '.cm-content': { caretColor: tokens.color.text, padding: `${tokens.space.xs} 0` },
  // A brand tint behind the selected text, which keeps its own colour (currentcolor: the console's
  // selection, brand with text on brand, would make it all one colour).
  '.cm-content ::selection': { backgroundColor: `color-mix(in srgb, ${tokens.color.brand} 28%, transparent)`, color: 'currentcolor' },
  '.cm-line': { contain: 'paint' },
  '.cm-activeLine': { backgroundColor: 'transparent' },
  '.cm-gutters': { backgroundColor: tokens.color.surface, color: tokens.color.textMuted, borderRight: `1px solid ${tokens.color.border}` },
  '.cm-placeholder': { color: tokens.color.textMuted },
  '.cm-tooltip': { backgroundColor: tokens.color.surfaceRaised, color: tokens.color.text, border: `1px solid ${tokens.color.border}`, borderRadius: tokens.radius.md },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: tokens.color.brand, color: tokens.color.onBrand },
  '.cm-completionDetail': { color: 'inherit', opacity: 0.75, marginLeft: tokens.space.sm },
  '@media (prefers-reduced-motion: reduce)': { '.cm-content': { caretAnimation: 'manual' } },
  '.cm-matchingBracket': { backgroundColor: tokens.color.surfaceHover, outline: `1px solid ${tokens.color.borderStrong}` },
});

/** The console's SQL colours (./tag-styles), shared with SQL painted without an editor. */
export const editorHighlighting = syntaxHighlighting(HighlightStyle.define(SQL_TAG_STYLES.map(({ tag, style }) => ({ tag, ...style }))));
