import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { keymap } from '@codemirror/view';
import type { Extension } from '@codemirror/state';

/** The editing keys (lines, selection, indentation with Tab) and undo history: fetched on the first sign of editing. */
export const editingKeys: Extension = [history(), keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab])];
