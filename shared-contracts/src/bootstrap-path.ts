// Apart from bootstrap.ts so that the shell's start chunk, which only needs the address, does not
// carry the answer's schemas (a module's top-level schemas are kept once any of its exports is used).

/** Where the console's document asks for its bootstrap (the shell's inline script starts it before any bundle). */
export const BOOTSTRAP_PATH = '/platform/bootstrap';
