import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config';

// Every server package's tests in one run (platform-core, project-services, console-api and this
// package): one pool of two workers for all of them, as CI runs them on each database.
export default mergeConfig(base, defineConfig({
  test: {
    include: ['src/**/*.test.ts', '../platform-core/src/**/*.test.ts', '../project-services/src/**/*.test.ts', '../console-api/src/**/*.test.ts'],
  },
}));
