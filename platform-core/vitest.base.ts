import { mkdirSync, statfsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Where the tests keep their data directories. Each test file copies a control database and a
 * project template (about 40 MB each) and starts databases that write as they go; on a memory
 * file system (/dev/shm, when it has room) that costs a tenth of a virtual machine's disk. Set
 * PLINTH_TEST_TMPDIR to choose; without /dev/shm, or with under 4 GB free, the system's temp folder.
 */
function testTempDir(): string | undefined {
  if (process.env.PLINTH_TEST_TMPDIR) return process.env.PLINTH_TEST_TMPDIR;
  try {
    const fs = statfsSync('/dev/shm');
    if (fs.bavail * fs.bsize < 4 * 1024 ** 3) return undefined;
    const dir = '/dev/shm/plinth-tests';
    mkdirSync(dir, { recursive: true, mode: 0o1777 });
    return dir;
  } catch {
    return undefined;
  }
}

const tmp = testTempDir();

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
    env: tmp ? { TMPDIR: tmp } : {},
    // supabase-js (the app-facing endpoints' yardstick client) warns once per file that it prefers a
    // newer Node.js than the 20 we support; that notice says nothing about our code.
    onConsoleLog: (log) => !log.includes('Node.js 20 and below are deprecated'),
  },
});
