// The runtime contract between the shell and the areas: what the shell's build provides to every
// area at run time (each shared module with its version and, for the curated lists and shared-ui,
// the export names it carries), and what an area's build requires of it (the shared modules with
// the version ranges it was built against, the export names it imports from them, and the major of
// every contracts package it bundles). deploy and the host compare the two
// (shared-contracts/src/runtime-contract.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { createSharedModules, workspaceRoot } from './shared.js';

/** Written beside index.html by the shell's build. */
export const RUNTIME_PROVIDES_FILE = 'runtime-provides.json';
/** Written beside mf-manifest.json by an area's build. */
export const RUNTIME_REQUIRES_FILE = 'runtime-requires.json';
/** Contracts packages, found by name: the common one and every `contracts-<domain>`. */
export const CONTRACTS_PACKAGE = /^@plinth\/(shared-contracts|contracts-[a-z0-9-]+)$/;

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

function resolveRelative(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  if (existsSync(base) && !base.endsWith('/')) {
    try {
      readFileSync(base);
      return base;
    } catch {
      // a folder: try its index below
    }
  }
  return SOURCE_EXTENSIONS.map((ext) => base + ext).find((candidate) => existsSync(candidate)) ?? null;
}

function hasModifier(node, kind) {
  return (ts.canHaveModifiers(node) ? (ts.getModifiers(node) ?? []) : []).some((modifier) => modifier.kind === kind);
}

/**
 * The run-time export names of an ES module (TypeScript or JavaScript), read from its syntax:
 * `export *` from a relative module is followed, type-only exports are left out. A star export
 * from a package (not a relative path) cannot be listed and throws, naming the file.
 */
export function exportNamesOf(file, seen = new Set()) {
  if (seen.has(file)) return [];
  seen.add(file);
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const names = new Set();
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly) continue;
      const from = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : null;
      if (!statement.exportClause) {
        if (!from || !from.startsWith('.')) throw new Error(`${path.relative(workspaceRoot, file)}: "export * from '${from}'" cannot be listed; name the exports.`);
        const target = resolveRelative(file, from);
        if (!target) throw new Error(`${path.relative(workspaceRoot, file)}: cannot find "${from}".`);
        for (const name of exportNamesOf(target, seen)) if (name !== 'default') names.add(name);
      } else if (ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) if (!element.isTypeOnly) names.add(element.name.text);
      } else {
        names.add(statement.exportClause.name.text); // export * as ns from '...'
      }
      continue;
    }
    if (ts.isExportAssignment(statement)) {
      names.add('default');
      continue;
    }
    if (!hasModifier(statement, ts.SyntaxKind.ExportKeyword)) continue;
    if (hasModifier(statement, ts.SyntaxKind.DefaultKeyword)) names.add('default');
    else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) names.add(declaration.name.text);
      }
    } else if (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) {
      if (statement.name && !hasModifier(statement, ts.SyntaxKind.DeclareKeyword)) names.add(statement.name.text);
    }
  }
  return [...names].sort();
}

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The workspace's packages by name: { dir, version }. */
export function workspacePackages(root = workspaceRoot) {
  const packages = {};
  for (const name of readdirSync(root)) {
    const file = path.join(root, name, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = readJson(file);
    if (pkg.name) packages[pkg.name] = { dir: path.join(root, name), version: pkg.version };
  }
  return packages;
}

/** The source file a workspace package's subpath entry points at ("@plinth/shared-ui/button"). */
function workspaceEntryFile(shareKey, packages) {
  const name = Object.keys(packages).find((candidate) => shareKey === candidate || shareKey.startsWith(`${candidate}/`));
  if (!name) return null;
  const { dir } = packages[name];
  const pkg = readJson(path.join(dir, 'package.json'));
  const subpath = shareKey === name ? '.' : `./${shareKey.slice(name.length + 1)}`;
  const target = pkg.exports?.[subpath] ?? (subpath === '.' ? pkg.main : undefined);
  return typeof target === 'string' ? path.join(dir, target) : null;
}

function majorOf(version) {
  return Number(String(version).split('.')[0]);
}

/**
 * What the shell built from `dir` provides: every shared module with its version, the export
 * names of those whose module is a list of ours (router, zod/mini, zod/locales) or a workspace
 * package (shared-ui's entries), and the major of each contracts package the shell depends on.
 */
export function runtimeProvides(dir) {
  const packages = workspacePackages();
  const modules = {};
  for (const [shareKey, config] of Object.entries(createSharedModules(dir))) {
    const file = config.import ?? workspaceEntryFile(shareKey, packages);
    modules[shareKey] = file ? { version: config.version, exports: exportNamesOf(file) } : { version: config.version };
  }
  const pkg = readJson(path.join(dir, 'package.json'));
  const contracts = {};
  for (const name of Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((n) => CONTRACTS_PACKAGE.test(n)).sort()) {
    if (packages[name]) contracts[name] = majorOf(packages[name].version);
  }
  return { shell: { name: pkg.name, version: pkg.version }, modules, contracts };
}

/** The range an area was built against, as the federation plugin keeps it on a consumed module. */
function requiredVersionOf(options) {
  const range = options.requiredVersion;
  return typeof range === 'string' ? range : null;
}

/**
 * The names an area's code takes from one consumed shared module, from webpack's usage analysis
 * (namespace member accesses included): a sorted list, or null when some code uses the module as
 * a whole (then every export could be needed, and none is listed).
 */
function usedNames(compilation, module) {
  const used = compilation.moduleGraph.getExportsInfo(module).getUsedExports(undefined);
  if (used === true || used === null) return null;
  if (used === false) return [];
  return [...used].sort();
}

/**
 * What an area's compilation requires: each consumed shared module with the range it was built
 * against and the names its code imports, and the major of each contracts package bundled.
 */
export function collectRequires(compilation, { area, version }) {
  const modules = {};
  const contracts = {};
  for (const module of compilation.modules) {
    if (module.constructor.name === 'ConsumeSharedModule') {
      const { shareKey } = module.options;
      const names = usedNames(compilation, module);
      const previous = modules[shareKey];
      const imports = previous && (previous.imports === null || names === null) ? null : [...new Set([...(previous?.imports ?? []), ...(names ?? [])])].sort();
      modules[shareKey] = { requiredVersion: requiredVersionOf(module.options), imports: names === null ? null : imports };
      continue;
    }
    // A concatenated module stands for the modules inside it.
    for (const inner of module.modules ?? [module]) {
      const description = inner.resourceResolveData?.descriptionFileData;
      if (description?.name && CONTRACTS_PACKAGE.test(description.name) && description.version) {
        contracts[description.name] = majorOf(description.version);
      }
    }
  }
  const sortedModules = Object.fromEntries(Object.entries(modules).sort(([a], [b]) => a.localeCompare(b)));
  const sortedContracts = Object.fromEntries(Object.entries(contracts).sort(([a], [b]) => a.localeCompare(b)));
  return { area, version, modules: sortedModules, contracts: sortedContracts };
}

function emitJson(compiler, compilation, name, value) {
  compilation.emitAsset(name, new compiler.webpack.sources.RawSource(`${JSON.stringify(value, null, 2)}\n`));
}

/** Plugin for an area's build: writes runtime-requires.json beside mf-manifest.json. */
export function areaRuntimeContract({ area, version }) {
  return {
    apply: (compiler) =>
      compiler.hooks.thisCompilation.tap('PlinthRuntimeRequires', (compilation) => {
        compilation.hooks.processAssets.tap({ name: 'PlinthRuntimeRequires', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
          emitJson(compiler, compilation, RUNTIME_REQUIRES_FILE, collectRequires(compilation, { area, version }));
        });
      }),
  };
}

/**
 * Plugin for the shell's build: writes runtime-provides.json beside index.html and defines
 * __PLINTH_SHELL_PROVIDES__, what the host's version policy checks an area's needs against.
 */
export function hostRuntimeContract({ dir }) {
  const provides = runtimeProvides(dir);
  return {
    apply: (compiler) => {
      new compiler.webpack.DefinePlugin({ __PLINTH_SHELL_PROVIDES__: JSON.stringify(provides) }).apply(compiler);
      compiler.hooks.thisCompilation.tap('PlinthRuntimeProvides', (compilation) => {
        compilation.hooks.processAssets.tap({ name: 'PlinthRuntimeProvides', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
          emitJson(compiler, compilation, RUNTIME_PROVIDES_FILE, provides);
        });
      });
    },
  };
}
