import { createClients, createDatabaseClient, createSnippetsClient } from '@plinth/shared-contracts';
import { createAreaContext, type AreaContextValue } from '@plinth/shared-ui/area';

/** The calls the SQL editor makes: database metadata and SQL, and snippets. Only these are bundled. */
const createSqlEditorApi = (apiBase: string) => createClients({ baseUrl: apiBase }, { database: createDatabaseClient, snippets: createSnippetsClient });

export type SqlEditorApi = ReturnType<typeof createSqlEditorApi>;
export type SqlEditorAreaValue = AreaContextValue<SqlEditorApi>;

/** Gives every screen of the area its mount props and its calls; the area only lives inside a project. */
export const { AreaProvider, useArea } = createAreaContext('SQL editor', createSqlEditorApi);
