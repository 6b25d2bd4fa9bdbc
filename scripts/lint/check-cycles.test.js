// The cycle check of `pnpm lint` (scripts/check-cycles.mjs) on a small tree: a cycle of run-time
// imports is found, and so is one closed by `import()`; one closed by a type-only import is not.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCycles, sourceRoots } from '../check-cycles.mjs';

const TREE = {
  'mfe-alpha/package.json': '{ "name": "@plinth/mfe-alpha", "type": "module" }\n',
  'mfe-alpha/src/features/one/cycle-a.ts': "import { b } from './cycle-b';\nexport const a = () => b;\n",
  'mfe-alpha/src/features/one/cycle-b.tsx': "import { a } from './cycle-a';\nexport const b = () => a;\n",
  'mfe-alpha/src/features/one/lazy-owner.tsx': "import { part } from './lazy-part';\nexport const load = () => import('./lazy-target');\nexport { part };\n",
  'mfe-alpha/src/features/one/lazy-part.ts': 'export const part = 1;\n',
  'mfe-alpha/src/features/one/lazy-target.tsx': "import { load } from './lazy-owner';\nexport const again = load;\n",
  'platform-core/package.json': '{ "name": "@plinth/platform-core", "type": "module" }\n',
  'platform-core/src/ring-1.ts': "import { two } from './ring-2';\nexport const one = () => two;\n",
  'platform-core/src/ring-2.ts': "import { three } from './ring-3';\nexport const two = () => three;\n",
  'platform-core/src/ring-3.ts': "import { one } from './ring-1';\nexport const three = () => one;\n",
  'platform-core/src/typed-1.ts': "import { typed2 } from './typed-2';\nexport const typed1 = () => typed2;\nexport class HttpError extends Error {}\n",
  'platform-core/src/typed-2.ts': "import type { typed1 } from './typed-1';\nimport { type HttpError } from './typed-1';\nexport const typed2 = (f?: typeof typed1, e?: HttpError) => [f, e];\n",
  'shared-ui/package.json': '{ "name": "@plinth/shared-ui", "type": "module" }\n',
  'shared-ui/src/clean.ts': 'export const clean = 1;\n',
  'docs/notes.md': 'not a package\n',
};

let root;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'plinth-cycles-'));
  for (const [path, text] of Object.entries(TREE)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const sorted = (cycles) => cycles.map((cycle) => [...cycle].sort()).sort((x, y) => x[0].localeCompare(y[0]));

describe('check-cycles', () => {
  it("reads every package's src", () => {
    expect(sourceRoots(root)).toEqual(['mfe-alpha', 'platform-core', 'shared-ui'].map((pkg) => join(root, pkg, 'src')));
  });

  it('finds the run-time cycles, lazy ones included, and leaves type-only ones alone', async () => {
    expect(sorted(await findCycles(sourceRoots(root), { base: root }))).toEqual([
      ['mfe-alpha/src/features/one/cycle-a.ts', 'mfe-alpha/src/features/one/cycle-b.tsx'],
      ['mfe-alpha/src/features/one/lazy-owner.tsx', 'mfe-alpha/src/features/one/lazy-target.tsx'],
      ['platform-core/src/ring-1.ts', 'platform-core/src/ring-2.ts', 'platform-core/src/ring-3.ts'],
    ]);
  }, 60_000);

  it('follows type-only imports when asked', async () => {
    const cycles = sorted(await findCycles(sourceRoots(root), { base: root, withTypes: true }));
    expect(cycles).toContainEqual(['platform-core/src/typed-1.ts', 'platform-core/src/typed-2.ts']);
  }, 60_000);
});
