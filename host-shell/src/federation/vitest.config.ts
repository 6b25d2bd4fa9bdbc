import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The federation tests run on their own: `pnpm --filter @plinth/host-shell exec vitest run --config src/federation/vitest.config.ts`.
const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default defineConfig({
  root: packageDir,
  oxc: { jsx: { runtime: 'automatic', importSource: '@emotion/react' } },
  test: {
    environment: 'jsdom',
    include: ['src/federation/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
