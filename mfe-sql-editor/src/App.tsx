import { createAreaApp, lazyWithPreload } from '@plinth/area-kit';
import definition from '../area.manifest';

// Each section's menu loads with the section: the SQL editor does not fetch the table list or the
// API docs' menu, nor the other way round (until it loads, the section's page links show).
const TableEditorMenu = lazyWithPreload(() => import('./features/table-editor/TableEditorMenu').then((m) => m.TableEditorMenu));
const SqlEditorMenu = lazyWithPreload(() => import('./features/snippets/SqlEditorMenu').then((m) => m.SqlEditorMenu));
const ApiDocsMenu = lazyWithPreload(() => import('./features/api-docs/ApiDocsMenu').then((m) => m.ApiDocsMenu));

/**
 * Root of the sql-editor area: its pages and side menus as its definition (area.manifest.ts) states
 * them, each page in a chunk of its own (opening the SQL editor does not fetch the table grid, the
 * database pages or the API docs). The host mounts it with basePath "/project/{ref}".
 */
export default createAreaApp(definition, { menus: { TableEditorMenu, SqlEditorMenu, ApiDocsMenu } });
