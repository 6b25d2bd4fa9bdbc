// How the SQL editor area describes itself to the console (see shared-contracts/src/area-manifest.ts).
// Data only: the build emits it as area-manifest.json and the host reads it from the environment.
import type { AreaManifest } from '@plinth/shared-contracts';

export default {
  id: 'sql-editor',
  title: 'SQL Editor',
  routes: { project: ['editor', 'sql', 'database', 'api'] },
  pages: [
    { path: 'editor/*', title: 'Table Editor' },
    { path: 'sql/*', title: 'SQL Editor' },
    { path: 'database/*', title: 'Database' },
    { path: 'api/*', title: 'API Docs' },
  ],
  nav: [
    { key: 'editor', label: 'Table Editor', path: 'editor', icon: 'table', order: 10 },
    // 000 §2.1: the non-hosted mode uses the fixed /sql/1.
    { key: 'sql', label: 'SQL Editor', path: 'sql/new', selfHostedPath: 'sql/1', icon: 'sql', order: 20 },
    { key: 'database', label: 'Database', path: 'database/tables', icon: 'database', order: 30 },
    { key: 'api', label: 'API Docs', path: 'api', icon: 'api', order: 90 },
  ],
  links: {
    /** View Policies of the table menu (000 §2.9): link('policiesForTable', { search: tableId }). */
    policiesForTable: { area: 'auth-policies', target: 'policies' },
  },
  targets: {
    tableEditor: '/project/:ref/editor',
    table: '/project/:ref/editor/:tableId',
    newQuery: '/project/:ref/sql/new',
    /** A saved query (SQL snippet) by its id: the shell's command menu opens it. */
    savedQuery: '/project/:ref/sql/:id',
  },
} satisfies AreaManifest;
