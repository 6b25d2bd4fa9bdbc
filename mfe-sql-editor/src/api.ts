import { createClients } from '@plinth/shared-contracts';
import { createApiDocsClient, createDatabaseClient, createDatabaseObjectsClient, createSnippetNameSuggestionClient, createSnippetsClient, createTableDdlClient, createTableRowsClient } from '@plinth/contracts-database';

/** The calls the SQL editor makes: database metadata and SQL, and snippets. Only these are bundled. */
export const createApi = (apiBase: string) => createClients({ baseUrl: apiBase }, { database: createDatabaseClient, snippets: createSnippetsClient, snippetNames: createSnippetNameSuggestionClient, databaseObjects: createDatabaseObjectsClient, apiDocs: createApiDocsClient, tableRows: createTableRowsClient, tableDdl: createTableDdlClient });

export type SqlEditorApi = ReturnType<typeof createApi>;

declare module '@plinth/area-kit' {
  // useArea().api is this area's clients.
  interface AreaApi extends SqlEditorApi {}
}
