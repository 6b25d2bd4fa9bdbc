// Webpack configuration of one federated area: a remote exposing "./area" plus a standalone page.
import './webpack-compat.cjs';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { contractsMajorOfWorkspace, createSharedModules } from './shared.js';
import { optimizationOptions, outputOptions, resolveOptions, swcRule } from './rules.js';

/** DefinePlugin taken from the compiler's own webpack, so one webpack runs the whole build. */
function defineWithCompilersWebpack(definitions) {
  return { apply: (compiler) => new compiler.webpack.DefinePlugin(definitions).apply(compiler) };
}

/** Writes plinth-area.json beside mf-manifest.json: what deploy reads to publish the build. */
function emitBuildStamp(stamp) {
  return {
    apply: (compiler) =>
      compiler.hooks.thisCompilation.tap('PlinthAreaStamp', (compilation) => {
        compilation.hooks.processAssets.tap({ name: 'PlinthAreaStamp', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
          compilation.emitAsset('plinth-area.json', new compiler.webpack.sources.RawSource(`${JSON.stringify(stamp, null, 2)}\n`));
        });
      }),
  };
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
export function areaBuildStamp({ area, version, env = process.env }) {
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
    version: env.AREA_VERSION || version,
    contractsMajor: major ? Number(major) : contractsMajorOfWorkspace(),
    fault,
  };
}

export function createAreaConfig({ area, dir, version }) {
  const pkgVersion = version ?? JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
  return (_env, argv = {}) => {
    const production = (argv.mode ?? process.env.NODE_ENV ?? 'production') === 'production';
    const stamp = areaBuildStamp({ area, version: pkgVersion });
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      devtool: production ? false : 'eval-cheap-module-source-map',
      // The remote's only entry is remoteEntry.js (the container); the standalone page is a separate build.
      entry: {},
      output: { ...outputOptions({ dir, production, publicPath: 'auto' }), uniqueName: remoteNameOf(area) },
      resolve: resolveOptions,
      module: { rules: [swcRule({ production })] },
      optimization: optimizationOptions({ production }),
      performance: { hints: false },
      plugins: [
        defineWithCompilersWebpack({ __PLINTH_AREA_BUILD__: JSON.stringify(stamp) }),
        emitBuildStamp(stamp),
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

export function createStandaloneConfig({ area, dir, version, production = false }) {
  const pkgVersion = version ?? JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
  const stamp = areaBuildStamp({ area, version: pkgVersion });
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
