// Vitest settings of one area's component tests: jsdom, the build's JSX runtime (the css prop
// through @emotion/react) and the same __PLINTH_AREA_BUILD__ stamp its webpack build defines.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { areaBuildStamp, loadAreaManifest } from './area.js';

/**
 * A vitest config (plain object: defineConfig only types it) for the area whose package is at dir,
 * stamped from its area.manifest.ts (read as the build reads it: the definition imports the kit's
 * TypeScript, which the config's own loader would not run).
 */
export async function createAreaTestConfig({ dir, manifest: given }) {
  const manifest = given ?? (await loadAreaManifest(dir));
  const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return {
    oxc: { jsx: { runtime: 'automatic', importSource: '@emotion/react' } },
    define: { __PLINTH_AREA_BUILD__: JSON.stringify(areaBuildStamp({ area: manifest.id, title: manifest.title, version })) },
    test: {
      root: dir,
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['@plinth/shared-ui/testing/jsdom-setup'],
      restoreMocks: true,
      // The machine running the suite is shared: give screens time to answer, and tests time to finish.
      testTimeout: 20_000,
    },
  };
}
