// Compiling, resolving and minifying settings common to the shell and every area.
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

export const resolveOptions = {
  extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
  modules: ['node_modules', HOISTED_MODULES],
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
