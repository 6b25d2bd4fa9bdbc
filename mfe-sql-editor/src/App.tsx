import { createAreaApp } from '@plinth/area-kit';
import definition from '../area.manifest';
import { ApiDocsMenu } from './features/api-docs/ApiDocsMenu';
import { SqlEditorMenu } from './features/snippets/SqlEditorMenu';
import { TableEditorMenu } from './features/table-editor/TableEditorMenu';

/**
 * Root of the sql-editor area: its pages and side menus as its definition (area.manifest.ts) states
 * them, each page in a chunk of its own (opening the SQL editor does not fetch the table grid, the
 * database pages or the API docs). The host mounts it with basePath "/project/{ref}".
 */
export default createAreaApp(definition, { menus: { TableEditorMenu, SqlEditorMenu, ApiDocsMenu } });
