import { createClients, lazyClient } from '@plinth/shared-contracts';
import { createDatabaseClient, createSnippetNameSuggestionClient, createSnippetsClient } from '@plinth/contracts-database';

const later = () => import(/* webpackChunkName: "later-clients" */ './area/later-clients');
const databaseObjects = lazyClient(() => later().then((m) => m.createDatabaseObjectsClient));
const apiDocs = lazyClient(() => later().then((m) => m.createApiDocsClient));
const tableRows = lazyClient(() => later().then((m) => m.createTableRowsClient));
const tableDdl = lazyClient(() => later().then((m) => m.createTableDdlClient));
const backups = lazyClient(() => later().then((m) => m.createBackupsClient));
const webhooks = lazyClient(() => later().then((m) => m.createWebhooksClient));

/**
 * The calls the SQL editor makes: database metadata and SQL, and snippets. Only these are bundled;
 * those of the table editor, the database pages and the API docs load with their first call.
 */
export const createApi = (apiBase: string) =>
  createClients(
    { baseUrl: apiBase },
    {
      database: createDatabaseClient,
      snippets: createSnippetsClient,
      snippetNames: createSnippetNameSuggestionClient,
      databaseObjects,
      apiDocs,
      tableRows,
      tableDdl,
      backups,
      webhooks,
    },
  );

export type SqlEditorApi = ReturnType<typeof createApi>;

declare module '@plinth/area-kit' {
  // useArea().api is this area's clients.
  interface AreaApi extends SqlEditorApi {}
}
