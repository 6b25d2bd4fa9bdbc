// Webpack configuration of one federated area: a remote exposing "./area" plus a standalone page.
import './webpack-compat.cjs';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { contractsMajorOfWorkspace, createSharedModules, HOISTED_MODULES, workspaceRoot } from './shared.js';
import { optimizationOptions, outputOptions, resolveOptions, swcRule } from './rules.js';
import { areaRuntimeContract } from './runtime-contract.js';

/** DefinePlugin taken from the compiler's own webpack, so one webpack runs the whole build. */
function defineWithCompilersWebpack(definitions) {
  return { apply: (compiler) => new compiler.webpack.DefinePlugin(definitions).apply(compiler) };
}

/** The area's description of itself, beside mf-manifest.json (see shared-contracts/src/area-manifest.ts). */
export const AREA_MANIFEST_FILE = 'area-manifest.json';

/**
 * Writes plinth-area.json (what deploy reads to publish the build) and area-manifest.json (what
 * the host reads from the environment manifest) beside mf-manifest.json.
 */
function emitAreaFiles(stamp, manifest) {
  const files = { 'plinth-area.json': stamp, [AREA_MANIFEST_FILE]: manifest };
  return {
    apply: (compiler) =>
      compiler.hooks.thisCompilation.tap('PlinthAreaFiles', (compilation) => {
        compilation.hooks.processAssets.tap({ name: 'PlinthAreaFiles', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
          for (const [name, value] of Object.entries(files)) {
            compilation.emitAsset(name, new compiler.webpack.sources.RawSource(`${JSON.stringify(value, null, 2)}\n`));
          }
        });
      }),
  };
}

const BUILD_CONFIG_DIR = path.dirname(new URL(import.meta.url).pathname);
const CONTRACTS_AREA_MANIFEST = path.join(workspaceRoot, 'shared-contracts/src/area-manifest.ts');
const KIT_DEFINE_AREA = path.join(workspaceRoot, 'area-kit/src/define-area.ts');

/**
 * Reads an area's area.manifest.ts (its `defineArea({...})`, TypeScript, loaded with tsx), keeps
 * its data part (functions such as a page's `load` dropped) and checks it with the contracts'
 * schema, so a build with a broken manifest fails and names the field. The definition is checked
 * too: page paths are unique, and the rail entries, targets and redirects lead to declared pages.
 */
export async function loadAreaManifest(dir) {
  const file = path.join(dir, 'area.manifest.ts');
  const where = path.relative(workspaceRoot, file) || file;
  const { tsImport } = await import('tsx/esm/api');
  const [declared, contracts, kit] = await Promise.all([
    tsImport(pathToFileURL(file).href, import.meta.url),
    tsImport(pathToFileURL(CONTRACTS_AREA_MANIFEST).href, import.meta.url),
    tsImport(pathToFileURL(KIT_DEFINE_AREA).href, import.meta.url),
  ]);
  const definition = declared.default;
  const manifest = contracts.parseAreaManifest(JSON.parse(JSON.stringify(definition ?? null)), where);
  const problems = kit.areaDefinitionProblems({ ...definition, sections: definition.sections ?? [] });
  if (problems.length) throw new Error(`${where} does not hold together: ${problems.join('; ')}`);
  return manifest;
}

export const AREA_FAULTS = ['throw-on-mount'];

/** Container name of an area's remote, e.g. "plinth_auth_policies". */
export function remoteNameOf(area) {
  return `plinth_${area.replace(/-/g, '_')}`;
}

/**
 * What the area's bundle states about itself. AREA_VERSION, AREA_CONTRACTS_MAJOR and AREA_FAULT
 * override the package's version, the contracts major and add a test fault (for fixture builds).
 */
export function areaBuildStamp({ area, title = area, version, env = process.env }) {
  const fault = env.AREA_FAULT || null;
  if (fault && !AREA_FAULTS.includes(fault)) {
    throw new Error(`AREA_FAULT="${fault}" is not a known test fault; use one of: ${AREA_FAULTS.join(', ')}.`);
  }
  const major = env.AREA_CONTRACTS_MAJOR;
  if (major !== undefined && major !== '' && !/^\d+$/.test(major)) {
    throw new Error(`AREA_CONTRACTS_MAJOR="${major}" must be a whole number.`);
  }
  return {
    area,
    title,
    version: env.AREA_VERSION || version,
    contractsMajor: major ? Number(major) : contractsMajorOfWorkspace(),
    fault,
  };
}

/**
 * The area's webpack configuration; its id and title come from its area.manifest.ts, its version
 * from package.json (or `version`).
 */
export function createAreaConfig({ dir, version }) {
  const pkgVersion = version ?? JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
  return async (_env, argv = {}) => {
    const production = (argv.mode ?? process.env.NODE_ENV ?? 'production') === 'production';
    const manifest = await loadAreaManifest(dir);
    const area = manifest.id;
    const stamp = areaBuildStamp({ area, title: manifest.title, version: pkgVersion });
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      devtool: production ? false : 'eval-cheap-module-source-map',
      // The remote's only entry is remoteEntry.js (the container); the standalone page is a separate build.
      entry: {},
      output: { ...outputOptions({ dir, production, publicPath: 'auto' }), uniqueName: remoteNameOf(area) },
      resolve: resolveOptions,
      // Loaders from build-config's own dependencies, so an area folder outside the workspace's
      // packages (a test fixture) builds too.
      resolveLoader: { modules: ['node_modules', path.join(BUILD_CONFIG_DIR, 'node_modules'), HOISTED_MODULES] },
      module: { rules: [swcRule({ production })] },
      optimization: optimizationOptions({ production }),
      performance: { hints: false },
      plugins: [
        defineWithCompilersWebpack({ __PLINTH_AREA_BUILD__: JSON.stringify(stamp) }),
        emitAreaFiles(stamp, manifest),
        areaRuntimeContract(stamp),
        new ModuleFederationPlugin({
          name: remoteNameOf(area),
          filename: 'remoteEntry.js',
          exposes: { './area': './src/index.ts' },
          shared: createSharedModules(dir),
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
          dev: false,
          // The host provides the federation runtime; each remote entry does not carry its own copy.
          experiments: { externalRuntime: true, optimization: { target: 'web' } },
        }),
      ],
      stats: 'errors-warnings',
    };
  };
}

/**
 * The area's standalone page (src/standalone.tsx + public/standalone.html) as an ordinary
 * single-page build without federation, into node_modules/.cache/plinth-standalone/ (ignored by git). Used by `pnpm dev` (dev-server.js).
 */
/** Where the standalone page is built, inside the area's folder. */
export const STANDALONE_OUTPUT = 'node_modules/.cache/plinth-standalone';

export function createStandaloneConfig({ manifest, dir, version, production = false }) {
  const pkgVersion = version ?? JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
  const stamp = areaBuildStamp({ area: manifest.id, title: manifest.title, version: pkgVersion });
  return {
    mode: production ? 'production' : 'development',
    context: dir,
    devtool: production ? false : 'eval-cheap-module-source-map',
    entry: { standalone: './src/standalone.tsx' },
    output: { ...outputOptions({ dir, production, publicPath: '/' }), path: path.join(dir, STANDALONE_OUTPUT) },
    resolve: resolveOptions,
    module: { rules: [swcRule({ production })] },
    optimization: optimizationOptions({ production }),
    performance: { hints: false },
    plugins: [
      defineWithCompilersWebpack({ __PLINTH_AREA_BUILD__: JSON.stringify(stamp) }),
      new HtmlWebpackPlugin({ hash: true, template: path.join(dir, 'public/standalone.html'), filename: 'index.html' }),
    ],
    stats: 'errors-warnings',
  };
}
