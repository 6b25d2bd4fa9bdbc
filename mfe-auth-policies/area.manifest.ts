// How the authentication area describes itself to the console (see shared-contracts/src/area-manifest.ts).
// Data only: the build emits it as area-manifest.json and the host reads it from the environment.
import type { AreaManifest } from '@plinth/shared-contracts';

export default {
  id: 'auth-policies',
  title: 'Authentication',
  routes: { project: ['auth'] },
  pages: [
    { path: 'auth/users', title: 'Authentication' },
    { path: 'auth/policies', title: 'Authentication' },
    // 000 §2.8: the last three menu entries are hosted only.
    { path: 'auth/providers', title: 'Authentication', hostedOnly: true },
    { path: 'auth/templates', title: 'Authentication', hostedOnly: true },
    { path: 'auth/url-configuration', title: 'Authentication', hostedOnly: true },
    { path: 'auth/*', title: 'Authentication' },
  ],
  nav: [{ key: 'auth', label: 'Authentication', path: 'auth/users', icon: 'auth', order: 40 }],
  links: {
    /** The empty-schema prompt of the policies page leads to the table editor (000 §2.4). */
    tableEditor: { area: 'sql-editor', target: 'tableEditor' },
  },
  targets: {
    users: '/project/:ref/auth/users',
    /** The RLS policies page; `search` (a table id) narrows it to one table (000 §2.1). */
    policies: '/project/:ref/auth/policies',
  },
} satisfies AreaManifest;
