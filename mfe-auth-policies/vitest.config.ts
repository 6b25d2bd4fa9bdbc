import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { createAreaTestConfig } from '@plinth/build-config/vitest-area';
import manifest from './area.manifest';

// Component tests in jsdom with the same JSX runtime and build stamp as the area's webpack build.
export default defineConfig(createAreaTestConfig({ manifest, dir: path.dirname(fileURLToPath(import.meta.url)) }));
