import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where things live in the repository, seen from the browser tests. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEPLOY_DIR = path.join(REPO_ROOT, 'deploy');
export const PUBLISHED_DIR = path.join(DEPLOY_DIR, 'published');
export const ENVIRONMENTS_DIR = path.join(DEPLOY_DIR, 'environments');
export const TSX_BIN = path.join(DEPLOY_DIR, 'node_modules/.bin/tsx');

/** Chromium from Debian; Playwright never downloads a browser here. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-gpu',
  // Compositing in software inside the browser process, without a GPU process emulating one: the
  // same pictures for about a third less of Chromium's CPU time over the design pages here.
  '--in-process-gpu',
  '--disable-gpu-compositing',
];
