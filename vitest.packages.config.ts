import { defineConfig } from 'vitest/config';

// The unit and component tests of every browser-side package and of deploy in one run: one pool of
// two workers for all their files (a run per package left one of two cores idle: vitest's default
// is one worker fewer than the cores, and each run paid its own start). Each package keeps its own
// vitest config; `pnpm --filter <pkg> run test` still runs one package alone.
const withConfig = [
  'contracts-storage', 'contracts-auth', 'contracts-database', 'contracts-logs', 'contracts-billing', 'contracts-settings',
  'shared-ui', 'area-kit', 'domain-ui', 'host-shell', 'mfe-storage', 'mfe-auth-policies', 'mfe-sql-editor', 'mfe-logs', 'mfe-settings-billing',
];
const withoutConfig = ['shared-contracts', 'build-config', 'deploy'];

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      ...withConfig.map((name) => ({ extends: `./${name}/vitest.config.ts`, test: { name, root: `./${name}` } })),
      { extends: './host-shell/src/federation/vitest.config.ts', test: { name: 'host-shell federation', root: './host-shell' } },
      ...withoutConfig.map((name) => ({ test: { name, root: `./${name}`, environment: 'node' as const } })),
    ],
  },
});
