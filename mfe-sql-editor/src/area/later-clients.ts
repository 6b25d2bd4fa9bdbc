// The clients the SQL area calls only on its table-editor, database and API-docs pages: their
// schemas load with the first of those calls (lazyClient in api.ts), not with the SQL editor.
export { createApiDocsClient, createBackupsClient, createDatabaseObjectsClient, createTableDdlClient, createTableRowsClient, createWebhooksClient } from '@plinth/contracts-database';
