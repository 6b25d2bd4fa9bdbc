import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { createAreaTestConfig } from '@plinth/build-config/vitest-area';

// Component tests in jsdom with the same JSX runtime and build stamp as the area's webpack build.
export default defineConfig(() => createAreaTestConfig({ dir: path.dirname(fileURLToPath(import.meta.url)) }));
