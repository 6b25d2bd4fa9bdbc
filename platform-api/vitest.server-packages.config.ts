import { configDefaults, defineConfig } from 'vitest/config';
import base from './vitest.config';

// Every server package's tests in one run (platform-core, project-services, console-api and this
// package): one pool of two workers for all of them, as CI runs them on each database.
const files = ['src/**/*.test.ts', '../platform-core/src/**/*.test.ts', '../project-services/src/**/*.test.ts', '../console-api/src/**/*.test.ts'];
// Files that replace a module with vi.mock need a module registry of their own.
const mocking = ['src/fuzz/api-fuzz.test.ts', '../platform-core/src/project-db/planted-functions.test.ts'];
const { include: _include, maxWorkers, ...shared } = base.test ?? {};

export default defineConfig({
  test: {
    maxWorkers,
    onConsoleLog: shared.onConsoleLog,
    projects: [
      // A worker keeps the server's modules loaded from one file to the next instead of importing
      // them again for each (every file starts and closes its own servers and databases).
      { test: { ...shared, name: 'server', include: files, exclude: [...configDefaults.exclude, ...mocking], isolate: false } },
      { test: { ...shared, name: 'server-isolated', include: mocking, isolate: true } },
    ],
  },
});
