/** The page's global where preloaded answers are kept (preloaded.ts): the document's inline script and every copy of the contracts share it. */
export const PRELOAD_GLOBAL = '__plinthPreloads';
