#!/usr/bin/env node
// Development server of the design gallery: builds it in watch mode into gallery/dist and serves
// it at http://127.0.0.1:5200/ (PORT to change). `?theme=light` or the switch on the page for the
// light theme. Run: pnpm --filter @plinth/shared-ui gallery
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import { serveFile } from '@plinth/build-config/dev-server';
import createConfig from './webpack.config.js';

const dir = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.PORT ?? 5200);
webpack(createConfig({}, { mode: 'development' })).watch({}, (error, stats) => {
  if (error) console.error(error);
  else console.log(stats?.toString({ preset: 'errors-warnings', colors: false }) || 'Built the gallery.');
});
http
  .createServer((req, res) => serveFile(res, path.join(dir, 'dist'), req.url ?? '/'))
  .listen(port, '127.0.0.1', () => console.log(`Design gallery: http://127.0.0.1:${port}/`));
