// The design gallery: one static page (no federation) showing every token and primitive of
// shared-ui in both themes. `pnpm --filter @plinth/shared-ui run build` writes it to gallery/dist.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { optimizationOptions, resolveOptions, swcRule } from '@plinth/build-config';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default (_env, argv = {}) => {
  const production = (argv.mode ?? 'production') === 'production';
  return {
    mode: production ? 'production' : 'development',
    context: dir,
    devtool: production ? false : 'eval-cheap-module-source-map',
    entry: { gallery: './src/main.tsx' },
    output: { path: path.join(dir, 'dist'), publicPath: '/', filename: '[name].js', clean: true },
    resolve: resolveOptions,
    module: { rules: [swcRule({ production })] },
    optimization: optimizationOptions({ production }),
    performance: { hints: false },
    plugins: [new HtmlWebpackPlugin({ template: path.join(dir, 'index.html'), hash: true })],
    stats: 'errors-warnings',
  };
};
