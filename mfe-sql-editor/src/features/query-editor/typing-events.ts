import { useEffect, type RefObject } from 'react';

// A key typed into CodeMirror fires keypress, textInput, beforeinput and input on its content.
// CodeMirror handles them where they start; bubbling on, each reaches React's listeners at the
// area's root, which walk the page's components for handlers that do not exist (about a third of
// a key's cost in a long query). They stop at the editor's box; keydown and keyup go on (shortcuts).

const TYPING_EVENTS = ['keypress', 'textInput', 'beforeinput', 'input'] as const;

/** Keeps the typing events of a CodeMirror editor inside `box` from reaching the page's listeners. */
export function useTypingStaysInEditor(box: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const stop = (e: Event) => {
      // Only CodeMirror's own content: the plain field shown while it loads is a React input.
      if (e.target instanceof Element && e.target.closest('.cm-content')) e.stopPropagation();
    };
    for (const type of TYPING_EVENTS) el.addEventListener(type, stop);
    return () => {
      for (const type of TYPING_EVENTS) el.removeEventListener(type, stop);
    };
  }, [box]);
}
