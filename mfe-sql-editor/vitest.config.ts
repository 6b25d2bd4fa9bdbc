import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { areaBuildStamp } from '@plinth/build-config';

const dir = path.dirname(fileURLToPath(import.meta.url));
const { version } = (await import('./package.json', { with: { type: 'json' } })).default as { version: string };

// Component tests run in jsdom with the same JSX runtime and build stamp as the webpack build.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: '@emotion/react' } },
  define: { __PLINTH_AREA_BUILD__: JSON.stringify(areaBuildStamp({ area: 'sql-editor', version })) },
  test: {
    root: dir,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['@plinth/shared-ui/testing/jsdom-setup'],
    restoreMocks: true,
  },
});
