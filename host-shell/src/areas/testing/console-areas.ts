// Tests only: the console's five areas as their own manifests describe them (read from the areas'
// folders, so the shell's tests follow what the areas declare), and a manifest the shell has never seen.
// An area's manifest is its executable definition (its pages' loaders import the area's code): the
// test runner reads them through a glob, which the shell's type check does not follow into the areas.
import type { AreaManifest } from '@plinth/shared-contracts';
import type { AreaManifests } from '../area-table';

declare global {
  interface ImportMeta {
    glob<T>(pattern: string, options: { eager: true; import: 'default' }): Record<string, T>;
  }
}

const AREA_ORDER = ['storage', 'auth-policies', 'sql-editor', 'logs', 'settings-billing'];

export const CONSOLE_AREAS: AreaManifests = Object.fromEntries(
  Object.values(import.meta.glob<AreaManifest>('../../../../mfe-*/area.manifest.ts', { eager: true, import: 'default' }))
    .sort((a, b) => AREA_ORDER.indexOf(a.id) - AREA_ORDER.indexOf(b.id))
    .map((manifest) => [manifest.id, manifest]),
);

/** An area no build of the shell knows: its own segment, a hosted-only rail entry between Reports and Logs. */
export const SCHEDULER_AREA: AreaManifest = {
  id: 'scheduler',
  title: 'Scheduler',
  routes: { project: ['scheduler'] },
  pages: [{ path: 'scheduler/*', title: 'Scheduled Jobs' }],
  nav: [{ key: 'scheduler', label: 'Scheduled Jobs', path: 'scheduler/jobs', icon: 'clock', order: 75 }],
  links: { buckets: { area: 'storage', target: 'buckets' } },
  targets: { jobs: '/project/:ref/scheduler/jobs' },
};
