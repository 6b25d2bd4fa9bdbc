import { defineConfig } from 'vitest/config';

// The test settings of every server package (platform-core, project-services, console-api,
// platform-api): each test file starts a server with its own databases.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // Two files at a time suit a 2-core machine.
    maxWorkers: 2,
    pool: 'forks',
    // supabase-js (the app-facing endpoints' yardstick client) warns once per file that it prefers a
    // newer Node.js than the 20 we support; that notice says nothing about our code.
    onConsoleLog: (log) => !log.includes('Node.js 20 and below are deprecated'),
  },
});
