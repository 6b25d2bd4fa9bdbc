import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { createAreaTestConfig } from '@plinth/build-config/vitest-area';

// Component tests in jsdom with the same JSX runtime and build stamp as the area's webpack build;
// plus what jsdom lacks for the SQL code editor of the query page (CodeMirror measures ranges).
const dir = path.dirname(fileURLToPath(import.meta.url));
export default defineConfig(async () => {
  const config = await createAreaTestConfig({ dir });
  config.test.setupFiles = [...config.test.setupFiles, path.join(dir, '../domain-ui/src/testing/jsdom-setup.ts')];
  return config;
});
