import { EditorView, ViewPlugin, type ViewUpdate } from '@codemirror/view';

/** The class that lets the cursor blink; it is on the cursor layer only while the editor is idle. */
export const BLINK_CLASS = 'plinth-cursor-blink';
/** The cursor stays steady this long after the last key or move, then blinks. */
export const BLINK_AFTER_MS = 500;

/**
 * A cursor that stays steady while the user types and blinks once they pause, as desktop editors
 * do. CodeMirror's own blink restarts a CSS animation on every key, which costs each keystroke a
 * few milliseconds of style and frame work in a large page; here a key only clears a timer.
 * No blinking at all when the system asks for reduced motion.
 */
export const idleCursorBlink = [
  EditorView.theme({
    '& > .cm-scroller > .cm-cursorLayer': { animation: 'none !important' },
    [`&.cm-focused > .cm-scroller > .cm-cursorLayer.${BLINK_CLASS}`]: { animation: 'plinth-blink 1.2s steps(1) infinite !important' },
    '@keyframes plinth-blink': { '0%': {}, '50%': { opacity: 0 }, '100%': {} },
  }),
  ViewPlugin.fromClass(
    class {
      private timer: ReturnType<typeof setTimeout> | undefined;
      private readonly still = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

      constructor(private readonly view: EditorView) {
        this.arm();
      }

      update(update: ViewUpdate) {
        if (update.docChanged || update.selectionSet || update.focusChanged) this.arm();
      }

      private layer(): Element | null {
        return this.view.scrollDOM.querySelector(':scope > .cm-cursorLayer');
      }

      private arm() {
        const layer = this.layer();
        if (layer?.classList.contains(BLINK_CLASS)) layer.classList.remove(BLINK_CLASS);
        clearTimeout(this.timer);
        if (this.still) return;
        this.timer = setTimeout(() => this.layer()?.classList.add(BLINK_CLASS), BLINK_AFTER_MS);
      }

      destroy() {
        clearTimeout(this.timer);
      }
    },
  ),
];
