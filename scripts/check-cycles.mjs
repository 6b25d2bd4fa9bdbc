// Fails when a module of the workspace reaches itself again through its run-time imports (the rule
// "no import cycles" of CONVENTIONS.md). madge reads the imports of every package's `src/` (and
// build-config's scripts), following workspace packages into their sources; `import type` and
// type-only specifiers are skipped, since they vanish at run time, while `import()` counts: a lazy
// import is still an edge the bundler follows. Prints each cycle and exits 1; `--json` prints them
// as JSON; `--with-types` follows type-only imports too (a measure, not the rule). Run by `pnpm lint`.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Every package folder of the workspace with sources of its own: `<pkg>/src`, and build-config's scripts. */
export function sourceRoots(dir = root) {
  const roots = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('.') && d.name !== 'node_modules' && existsSync(join(dir, d.name, 'package.json')))
    .map((d) => join(dir, d.name, 'src'))
    .filter((src) => existsSync(src));
  if (existsSync(join(dir, 'build-config', 'package.json'))) roots.push(join(dir, 'build-config'));
  return roots.sort();
}

/** The cycles among the modules under `roots`, each a list of paths relative to `base`. */
export async function findCycles(roots, { base = root, withTypes = false } = {}) {
  const typeOnlySkipped = { skipTypeImports: !withTypes };
  const graph = await madge(roots, {
    baseDir: base,
    fileExtensions: ['ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs'],
    // Resolved as the bundler and tsx do (package exports included); given as JSON compiler
    // options, which madge hands to TypeScript's resolver unchanged.
    tsConfig: { compilerOptions: { module: 'esnext', moduleResolution: 'bundler', jsx: 'react-jsx', allowJs: true, resolveJsonModule: true } },
    excludeRegExp: [/(^|[\\/])node_modules[\\/]/, /(^|[\\/])dist[\\/]/],
    detectiveOptions: { ts: typeOnlySkipped, tsx: typeOnlySkipped, es6: typeOnlySkipped },
  });
  return graph.circular().map((cycle) => cycle.map((file) => relative(base, join(base, file))));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const cycles = await findCycles(sourceRoots(), { withTypes: process.argv.includes('--with-types') });
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(cycles, null, 2));
  } else if (cycles.length === 0) {
    console.log('No import cycles.');
  } else {
    console.error(`${cycles.length} import cycle(s): each module imports the next, and the last the first again.`);
    for (const [i, cycle] of cycles.entries()) console.error(`${i + 1}) ${cycle.join(' > ')}`);
    console.error('Move the shared piece into a module of its own that both import (see CONVENTIONS.md, "no import cycles").');
  }
  process.exitCode = cycles.length === 0 ? 0 : 1;
}
