// The modules every Plinth build shares at run time, with one copy in the page.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const workspaceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Packages shared as singletons, with the subpath entries that would otherwise be bundled twice. */
export const SINGLETON_PACKAGES = {
  react: ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime'],
  'react-dom': ['react-dom', 'react-dom/client'],
  '@tanstack/react-query': ['@tanstack/react-query'],
  zustand: ['zustand'],
  '@emotion/react': ['@emotion/react', '@emotion/react/jsx-runtime', '@emotion/react/jsx-dev-runtime'],
  // Not required to be single, but most screens use them: one copy instead of one per area. zod is
  // shared as a list of the names the console uses (ZOD_ENTRY below), not as the whole package: a
  // shared module is not tree-shaken, and all of zod (with every locale) is about 89 KB gzip.
  'react-hook-form': ['react-hook-form'],
  '@hookform/resolvers': ['@hookform/resolvers/zod'],
};

/**
 * react-router-dom is shared as one singleton too, but what is provided under its name is the list
 * of exports in react-router-dom.js (tree-shaken inside it), not the whole package.
 */
export const ROUTER_SHARE_KEY = 'react-router-dom';
export const ROUTER_ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'react-router-dom.js');

/**
 * zod/mini, which the contracts' schemas are built with, is shared the same way: one copy, provided
 * by the shell, whose module is the list of exports in zod-mini.js. Without it every area carried its
 * own zod core (about 13 KB gzip each).
 */
export const ZOD_SHARE_KEY = 'zod/mini';
export const ZOD_ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'zod-mini.js');
export const ZOD_LOCALES_SHARE_KEY = 'zod/locales';
export const ZOD_LOCALES_ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'zod-locales.js');

/** Folders webpack also looks in, so a dependency of a dependency (react-router) can be shared. */
export const HOISTED_MODULES = path.join(workspaceRoot, 'node_modules/.pnpm/node_modules');

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Installed version of a package, looked up beside the package being built, then in the hoisted folder. */
export function installedVersion(name, dir) {
  const candidates = [path.join(dir, 'node_modules', name, 'package.json'), path.join(HOISTED_MODULES, name, 'package.json')];
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error(`Cannot find the installed version of "${name}" from ${dir}: run pnpm install.`);
  return readJson(found).version;
}

/**
 * Subpath entries of a workspace package's "exports" that are shared: every entry except
 * package.json and test helpers. "." becomes the package name itself.
 */
export function sharedSubpaths(packageJsonPath) {
  const pkg = readJson(packageJsonPath);
  const exportsField = pkg.exports ?? { '.': pkg.main };
  return Object.keys(exportsField)
    .filter((key) => key !== './package.json' && !key.startsWith('./testing'))
    .filter((key) => {
      const target = exportsField[key];
      return typeof target !== 'string' || existsSync(path.join(path.dirname(packageJsonPath), target));
    })
    .map((key) => (key === '.' ? pkg.name : `${pkg.name}/${key.slice(2)}`));
}

/** The `shared` option of ModuleFederationPlugin for a package built from `dir`. */
export function createSharedModules(dir) {
  const shared = {};
  for (const [pkg, entries] of Object.entries(SINGLETON_PACKAGES)) {
    const version = installedVersion(pkg, dir);
    for (const entry of entries) {
      shared[entry] = { singleton: true, requiredVersion: `^${version}`, version };
    }
  }
  const routerVersion = installedVersion(ROUTER_SHARE_KEY, dir);
  shared[ROUTER_SHARE_KEY] = { import: ROUTER_ENTRY, singleton: true, requiredVersion: `^${routerVersion}`, version: routerVersion };
  const zodVersion = installedVersion('zod', dir);
  shared[ZOD_SHARE_KEY] = { import: ZOD_ENTRY, singleton: true, requiredVersion: `^${zodVersion}`, version: zodVersion };
  shared[ZOD_LOCALES_SHARE_KEY] = { import: ZOD_LOCALES_ENTRY, singleton: true, requiredVersion: `^${zodVersion}`, version: zodVersion };
  const uiPackage = path.join(workspaceRoot, 'shared-ui/package.json');
  const uiVersion = readJson(uiPackage).version;
  for (const entry of sharedSubpaths(uiPackage)) {
    shared[entry] = { singleton: true, requiredVersion: `^${uiVersion}`, version: uiVersion };
  }
  // @plinth/shared-contracts is not shared: each build keeps only the schemas and calls it uses
  // (tree-shaken), and an area states the contracts major it was built against in its module.
  // @plinth/area-kit is not shared either: it holds no state two areas must see as one (each area's
  // root provides its own context), the React, router, query and shared-ui modules it imports are
  // the shared singletons above, and each area bundles only the kit parts it uses.
  return shared;
}

/** Major version of @plinth/shared-contracts in this workspace. */
export function contractsMajorOfWorkspace() {
  return Number(readJson(path.join(workspaceRoot, 'shared-contracts/package.json')).version.split('.')[0]);
}

export { workspaceRoot };
