// Compiling, resolving and minifying settings common to the shell and every area.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import { HOISTED_MODULES } from './shared.js';

/** swc-loader for TypeScript and TSX, with React's automatic runtime through @emotion/react. */
export function swcRule({ production }) {
  return {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          target: 'es2020',
          transform: {
            react: { runtime: 'automatic', importSource: '@emotion/react', development: !production },
          },
        },
      },
    },
  };
}

/** The federation runtime's packages, which ship both an ES module and a CommonJS build. */
export const FEDERATION_RUNTIME_PACKAGES = ['runtime-core', 'runtime', 'sdk', 'error-codes', 'webpack-bundler-runtime', 'runtime-tools'];

/**
 * Points every entry of the federation runtime's packages at its ES module build. The runtime
 * webpack injects asks for them with require() and the shell's code with import, so without this
 * the page would carry both builds of the same runtime (about 20 KB gzip twice).
 */
export function federationRuntimeAliases(modulesDir = HOISTED_MODULES) {
  const aliases = {};
  for (const name of FEDERATION_RUNTIME_PACKAGES) {
    const dir = path.join(modulesDir, '@module-federation', name);
    const manifest = path.join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const exportsField = JSON.parse(readFileSync(manifest, 'utf8')).exports ?? {};
    for (const [key, target] of Object.entries(exportsField)) {
      if (key.includes('*') || key === './package.json') continue;
      const file = typeof target === 'string' ? target : (target.import?.default ?? target.import ?? target.default);
      if (typeof file !== 'string') continue;
      const request = key === '.' ? `@module-federation/${name}` : `@module-federation/${name}/${key.slice(2)}`;
      aliases[`${request}$`] = path.join(dir, file);
    }
  }
  return aliases;
}

export const resolveOptions = {
  extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
  modules: ['node_modules', HOISTED_MODULES],
  alias: federationRuntimeAliases(),
};

/** Content-hashed, minified output in production; readable names in development. */
export function optimizationOptions({ production }) {
  if (!production) return { minimize: false };
  return {
    minimize: true,
    minimizer: [new MinimizerPlugin({ extractComments: false, minify: { implementation: MinimizerPlugin.swcMinify, options: { compress: { passes: 2 } } } })],
    moduleIds: 'deterministic',
    chunkIds: 'deterministic',
  };
}

export function outputOptions({ dir, production, publicPath }) {
  return {
    path: `${dir}/dist`,
    publicPath,
    // Entry files keep plain names (the federation runtime cannot hash its own chunk's name on
    // webpack 5.112); pages reference them with ?<hash> and every other chunk is content-hashed.
    filename: '[name].js',
    chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
    clean: true,
  };
}
