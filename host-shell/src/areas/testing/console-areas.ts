// Tests only: the console's five areas as their own manifests describe them (read from the areas'
// folders, so the shell's tests follow what the areas declare), and a manifest the shell has never seen.
import type { AreaManifest } from '@plinth/shared-contracts';
import authPolicies from '../../../../mfe-auth-policies/area.manifest';
import logs from '../../../../mfe-logs/area.manifest';
import settingsBilling from '../../../../mfe-settings-billing/area.manifest';
import sqlEditor from '../../../../mfe-sql-editor/area.manifest';
import storage from '../../../../mfe-storage/area.manifest';
import type { AreaManifests } from '../area-table';

export const CONSOLE_AREAS: AreaManifests = Object.fromEntries(
  ([storage, authPolicies, sqlEditor, logs, settingsBilling] as AreaManifest[]).map((manifest) => [manifest.id, manifest]),
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
