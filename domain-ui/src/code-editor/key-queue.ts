import { Prec, type Extension } from '@codemirror/state';
import { EditorView, runScopeHandlers } from '@codemirror/view';

const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'AltGraph']);
/** Copy, cut and paste go to the browser, which gives CodeMirror the clipboard event: they cannot be replayed. */
const CLIPBOARD_KEYS = new Set(['c', 'x', 'v', 'C', 'X', 'V', 'Insert']);

const printable = (event: KeyboardEvent) => event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;

/**
 * Keys pressed before the editing keys have arrived. A printable character goes to the browser,
 * which CodeMirror reads back as typing, until an editing key (Enter, Tab, Backspace, arrows,
 * Ctrl/⌘ combinations) has to wait: from then on every key waits, so they replay in the order pressed.
 */
export class KeyQueue {
  private waiting: KeyboardEvent[] = [];

  constructor(private readonly onFirstKey: () => void) {}

  /** Lowest precedence: the run key and completion's keys, already loaded, come first. */
  readonly extension: Extension = Prec.lowest(
    EditorView.domEventHandlers({
      keydown: (event) => {
        this.onFirstKey();
        if (event.isComposing || event.keyCode === 229 || MODIFIER_KEYS.has(event.key)) return false;
        if (this.waiting.length === 0 && printable(event)) return false;
        if ((event.ctrlKey || event.metaKey || event.shiftKey) && CLIPBOARD_KEYS.has(event.key)) return false;
        this.waiting.push(event);
        event.preventDefault();
        return true;
      },
    }),
  );

  /** Runs the waiting keys through the editor's key bindings (now loaded), typing those no binding takes. */
  replay(view: EditorView): void {
    for (const event of this.waiting.splice(0)) {
      if (runScopeHandlers(view, event, 'editor')) continue;
      if (printable(event)) view.dispatch({ ...view.state.replaceSelection(event.key), userEvent: 'input.type', scrollIntoView: true });
    }
  }
}
