#!/usr/bin/env node
// Standalone development server of one area: builds its standalone page (no federation) in watch
// mode into node_modules/.cache/plinth-standalone/, serves it at "/" (every other path too, for the area's routes) and
// forwards /api to the platform API (default 127.0.0.1:4000, or PLINTH_API_URL).
// Run from the area's folder: `pnpm --filter @plinth/mfe-X dev`.
import http from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import webpack from 'webpack';
import { createStandaloneConfig, loadAreaManifest, STANDALONE_OUTPUT } from './area.js';

const CONTENT_TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.json': 'application/json', '.css': 'text/css', '.svg': 'image/svg+xml' };

export function forwardToApi(req, res, apiUrl) {
  const target = new URL(req.url ?? '/', apiUrl);
  const upstream = http.request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', (error) => {
    res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: `The platform API at ${apiUrl} is not answering (${error.message}). Start it with: pnpm --filter @plinth/platform-api start` }));
  });
  req.pipe(upstream);
}

export function serveFile(res, distDir, urlPath) {
  const clean = path.normalize(decodeURIComponent(urlPath.split('?')[0])).replace(/^(\.\.[/\\])+/, '');
  const isFile = (candidate) => candidate.startsWith(distDir) && existsSync(candidate) && !statSync(candidate).isDirectory();
  // Deep links inside the area get the page; assets asked for relative to a deep link are found by name.
  let file = path.join(distDir, clean);
  if (!isFile(file)) file = path.join(distDir, path.basename(clean));
  if (!isFile(file) || !path.extname(file)) file = path.join(distDir, 'index.html');
  if (!existsSync(file)) {
    res.writeHead(503, { 'content-type': 'text/plain' });
    res.end('The area is still building; reload in a moment.');
    return;
  }
  res.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
  createReadStream(file).pipe(res);
}

async function main() {
  const dir = process.cwd();
  const port = Number(process.env.PORT ?? 5100);
  const apiUrl = process.env.PLINTH_API_URL ?? 'http://127.0.0.1:4000';
  const manifest = await loadAreaManifest(dir);
  const compiler = webpack(createStandaloneConfig({ manifest, dir }));
  compiler.watch({}, (error, stats) => {
    if (error) console.error(error);
    else console.log(stats?.toString({ preset: 'errors-warnings', colors: false }) || `Built ${path.basename(dir)}.`);
  });
  const distDir = path.join(dir, STANDALONE_OUTPUT);
  http
    .createServer((req, res) => {
      if ((req.url ?? '').startsWith('/api/') || req.url === '/api') forwardToApi(req, res, apiUrl);
      else serveFile(res, distDir, req.url ?? '/');
    })
    .listen(port, '127.0.0.1', () => console.log(`Standalone ${path.basename(dir)}: http://127.0.0.1:${port}/ (API: ${apiUrl})`));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
