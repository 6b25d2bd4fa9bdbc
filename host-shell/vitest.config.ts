import { defineConfig } from 'vitest/config';

// Component tests run in jsdom; JSX goes through @emotion/react so the css prop works as in the build.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: '@emotion/react' } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ['src/federation/**', 'node_modules/**'],
    setupFiles: ['@plinth/shared-ui/testing/jsdom-setup', './src/app/test-setup.ts'],
    restoreMocks: true,
    testTimeout: 40_000,
  },
});
