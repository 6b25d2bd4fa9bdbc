// The SQL editor area, defined once (see area-kit/src/define-area.ts): the build emits its data part
// as area-manifest.json for the host; the kit renders its routes and side menus from the same
// objects. Four sections, each with its side menu: the table editor, the SQL editor, the database
// pages and the API docs (000 §2.1).
import { defineArea } from '@plinth/area-kit/define';

const tableEditor = { title: 'Table Editor' } as const;
const sql = { title: 'SQL Editor' } as const;
const database = { title: 'Database' } as const;
const apiDocs = { title: 'API Docs' } as const;
// sql/new, the non-hosted sql/1 and sql/:id are one page (one loader, so a new query becoming a
// saved one keeps its editor while the address moves to it).
const queryPage = () => import('./src/routes/sql-query');
const tableEditorPage = () => import('./src/routes/table-editor');
const platformPage = () => import('./src/routes/database-platform');
const apiDocsPage = () => import('./src/features/api-docs/ApiDocsPages');

export default defineArea({
  id: 'sql-editor',
  title: 'SQL Editor',
  routes: { project: ['editor', 'sql', 'database', 'api'] },
  sections: [
    // 000 §6: without SQL admin read, a no-access page.
    {
      path: 'editor',
      title: 'Table Editor',
      menu: 'TableEditorMenu',
      permission: 'sql_admin_read',
      noAccess: { title: 'No access to the table editor', action: 'view the table editor' },
      notFound: 'This page is not part of the table editor.',
    },
    // 000 §2.10: New query, Templates, Quickstarts, History, then the query lists.
    { path: 'sql', title: 'SQL Editor', menuLabel: 'SQL editor', index: 'sql/new', menu: 'SqlEditorMenu', notFound: 'This page is not part of the SQL editor.' },
    { path: 'database', title: 'Database', index: 'database/tables', notFound: 'This database page does not exist.' },
    { path: 'api', title: 'API Docs', menu: 'ApiDocsMenu', notFound: 'This page is not part of the API docs.' },
  ],
  pages: [
    // 000 §2.1, §2.9: the table editor and a table's grid.
    { ...tableEditor, path: 'editor', preload: ['/platform/pg-meta/{ref}/schemas?include_protected=true', '/platform/pg-meta/{ref}/entities?schema=public&limit=100&page=0&sort=alphabetical'], load: () => tableEditorPage().then((m) => m.TableEditorHome) },
    { ...tableEditor, path: 'editor/:tableId', load: tableEditorPage },
    // 000 §2.1, §2.10: the non-hosted mode uses the fixed sql/1.
    { ...sql, path: 'sql/new', hostedOnly: true, selfHostedRedirect: 'sql/1', menu: { label: 'New query' }, preload: ['/platform/projects/{ref}/content'], load: queryPage },
    { ...sql, path: 'sql/templates', menu: { label: 'Templates' }, load: () => import('./src/routes/sql-script-pages').then((m) => m.TemplatesPage) },
    { ...sql, path: 'sql/quickstarts', menu: { label: 'Quickstarts' }, load: () => import('./src/routes/sql-script-pages').then((m) => m.QuickstartsPage) },
    { ...sql, path: 'sql/history', menu: { label: 'History' }, load: () => import('./src/features/run-history/RunHistory').then((m) => m.RunHistory) },
    { ...sql, path: 'sql/:id', preload: ['/platform/projects/{ref}/content'], load: queryPage },
    // 000 §2.1: the database pages, each a chunk of its own; Backups only exist on the hosted platform.
    { ...database, path: 'database/schemas', menu: { group: 'Database Management', label: 'Schema Visualizer' }, load: () => import('./src/features/database-pages/schema-visualizer/SchemaVisualizerPage').then((m) => m.SchemaVisualizerPage) },
    { ...database, path: 'database/tables', menu: { group: 'Database Management', label: 'Tables' }, load: () => import('./src/features/database-pages/TablesPage').then((m) => m.TablesPage) },
    { ...database, path: 'database/functions', menu: { group: 'Database Management', label: 'Functions' }, load: () => import('./src/features/database-pages/FunctionsPage').then((m) => m.FunctionsPage) },
    { ...database, path: 'database/triggers', menu: { group: 'Database Management', label: 'Triggers' }, load: () => import('./src/features/database-pages/TriggersPage').then((m) => m.TriggersPage) },
    { ...database, path: 'database/extensions', menu: { group: 'Database Management', label: 'Extensions' }, load: () => import('./src/features/database-pages/ExtensionsPage').then((m) => m.ExtensionsPage) },
    { ...database, path: 'database/indexes', menu: { group: 'Database Management', label: 'Indexes' }, load: () => import('./src/features/database-pages/IndexesPage').then((m) => m.IndexesPage) },
    { ...database, path: 'database/roles', menu: { group: 'Database Management', label: 'Roles' }, load: () => import('./src/features/database-pages/RolesPage').then((m) => m.RolesPage) },
    { ...database, path: 'database/replication', menu: { group: 'Platform', label: 'Replication' }, load: () => platformPage().then((m) => m.ReplicationPage) },
    { ...database, path: 'database/backups/scheduled', hostedOnly: true, menu: { group: 'Platform', label: 'Backups' }, load: () => platformPage().then((m) => m.BackupsPage) },
    { ...database, path: 'database/migrations', menu: { group: 'Platform', label: 'Migrations' }, load: () => import('./src/features/database-pages/MigrationsPage').then((m) => m.MigrationsPage) },
    { ...database, path: 'database/wrappers', menu: { group: 'Platform', label: 'Wrappers' }, load: () => platformPage().then((m) => m.WrappersPage) },
    { ...database, path: 'database/hooks', menu: { group: 'Platform', label: 'Webhooks' }, load: () => platformPage().then((m) => m.WebhooksPage) },
    // 000 §2.1: the docs (query page, resource, rpc) and GraphiQL.
    { ...apiDocs, path: 'api', load: () => apiDocsPage().then((m) => m.ApiDocsPage) },
    { ...apiDocs, path: 'api/graphiql', load: () => apiDocsPage().then((m) => m.GraphiqlPage) },
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
});
