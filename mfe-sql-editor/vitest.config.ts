import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { createAreaTestConfig } from '@plinth/build-config/vitest-area';
import manifest from './area.manifest';

// Component tests in jsdom with the same JSX runtime and build stamp as the area's webpack build;
// plus what jsdom lacks for the SQL code editor (CodeMirror measures ranges).
const dir = path.dirname(fileURLToPath(import.meta.url));
const config = createAreaTestConfig({ manifest, dir });
config.test.setupFiles = [...config.test.setupFiles, path.join(dir, '../domain-ui/src/testing/jsdom-setup.ts')];
export default defineConfig(config);
