import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { keymap } from '@codemirror/view';
import type { Extension } from '@codemirror/state';

/** CodeMirror's own keys (the standard keymap, undo history, Tab to indent): part of every editor from its creation. */
export const editingKeys: Extension = [history(), keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab])];
