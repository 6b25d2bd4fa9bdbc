import { defineConfig } from 'vitest/config';

// Component tests in jsdom, with the JSX runtime of the builds (the css prop through @emotion/react).
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: '@emotion/react' } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['@plinth/shared-ui/testing/jsdom-setup', './src/testing/jsdom-setup.ts'],
    restoreMocks: true,
    testTimeout: 30_000,
  },
});
