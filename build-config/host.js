// Webpack configuration of the host shell: a federation host that knows no remote at build time.
import './webpack-compat.cjs';
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { createSharedModules } from './shared.js';
import { hostRuntimeContract } from './runtime-contract.js';

/** zod itself and the two modules the shell shares it through. */
const ZOD_MODULES = /[\\/](zod@[^\\/]+[\\/]|zod-mini\.js$|zod-locales\.js$)/;
/** lucide-react's icon runtime (not the icons): one copy for shared-ui's icons and nav-icons. */
const LUCIDE_RUNTIME = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])/;
import { optimizationOptions, outputOptions, resolveOptions, swcRule } from './rules.js';

export const HOST_NAME = 'plinth_host';

export function createHostConfig({ dir }) {
  return (_env, argv = {}) => {
    const production = (argv.mode ?? process.env.NODE_ENV ?? 'production') === 'production';
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      devtool: production ? false : 'eval-cheap-module-source-map',
      entry: { main: './src/index.ts' },
      output: { ...outputOptions({ dir, production, publicPath: '/' }), uniqueName: HOST_NAME },
      resolve: resolveOptions,
      module: { rules: [swcRule({ production })] },
      optimization: {
        ...optimizationOptions({ production }),
        // zod's modules are four shared chunks otherwise (the zod/mini entry, its core utilities, the
        // schemas and the English locale), all needed by the sign-in form: one file costs less.
        // lucide-react's icon runtime is small but sits in both icon modules' chunks otherwise.
        splitChunks: production
          ? {
              cacheGroups: {
                zod: { test: ZOD_MODULES, name: 'zod', chunks: 'all', enforce: true, priority: 20 },
                lucide: { test: LUCIDE_RUNTIME, name: 'lucide', chunks: 'all', enforce: true, priority: 20 },
              },
            }
          : undefined,
      },
      performance: { hints: false },
      plugins: [
        new ModuleFederationPlugin({
          name: HOST_NAME,
          remotes: {},
          shared: createSharedModules(dir),
          shareStrategy: 'loaded-first',
          manifest: false,
          dts: false,
          dev: false,
          // Offers the federation runtime to every remote, built with externalRuntime.
          // target 'web' drops the runtime's Node.js script loader from the page.
          experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
        }),
        new HtmlWebpackPlugin({ hash: true, template: path.join(dir, 'public/index.html'), title: 'Plinth' }),
        hostRuntimeContract({ dir }),
      ],
      stats: 'errors-warnings',
    };
  };
}
