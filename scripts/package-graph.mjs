#!/usr/bin/env node
// Prints the workspace's package graph: each package with the workspace packages it depends on
// (dependencies; devDependencies used by tests alone are shown apart), in an order where every
// package comes after what it depends on. Usage: node scripts/package-graph.mjs
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const folders = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8')
  .split('\n')
  .map((line) => /^\s*-\s*(\S+)\s*$/.exec(line)?.[1])
  .filter((f) => f && existsSync(join(root, f, 'package.json')));

const packages = new Map();
for (const folder of folders) {
  const pkg = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8'));
  const workspace = (deps) => Object.keys(deps ?? {}).filter((name) => String(deps[name]).startsWith('workspace:'));
  packages.set(pkg.name, { folder, deps: workspace(pkg.dependencies), testDeps: workspace(pkg.devDependencies) });
}

// Depth-first order over runtime dependencies; a cycle among them is reported and fails.
const order = [];
const state = new Map();
function visit(name, trail) {
  if (state.get(name) === 'done') return;
  if (state.get(name) === 'open') {
    console.error(`A cycle among the packages' dependencies: ${[...trail, name].join(' -> ')}`);
    process.exit(1);
  }
  state.set(name, 'open');
  for (const dep of packages.get(name)?.deps ?? []) if (packages.has(dep)) visit(dep, [...trail, name]);
  state.set(name, 'done');
  order.push(name);
}
for (const name of [...packages.keys()].sort()) visit(name, []);

const width = Math.max(...order.map((n) => n.length));
for (const name of order) {
  const { deps, testDeps } = packages.get(name);
  const tests = testDeps.filter((d) => !deps.includes(d));
  const line = `${name.padEnd(width)}  <- ${deps.length ? deps.join(', ') : '(none)'}`;
  console.log(tests.length ? `${line}   [tests: ${tests.join(', ')}]` : line);
}
