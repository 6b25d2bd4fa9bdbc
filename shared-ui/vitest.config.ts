import { defineConfig } from 'vitest/config';

// Component tests run in jsdom; JSX goes through @emotion/react so the css prop works as in the build.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: '@emotion/react' } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ['node_modules/**'],
    setupFiles: ['./src/testing/jsdom-setup.ts'],
    restoreMocks: true,
    // The machine is shared; a slow first render must not read as a failure.
    testTimeout: 30_000,
  },
});
