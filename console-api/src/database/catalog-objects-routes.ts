import { PERMISSIONS } from '@plinth/shared-contracts';
import { ApiDocsSchema, DatabaseExtensionEnableSchema, DatabaseExtensionSchema, DatabaseFunctionSchema, DatabaseFunctionWriteSchema, DatabaseIndexCreateSchema, DatabaseIndexSchema, DatabaseMigrationSchema, DatabaseRoleDetailSchema, DatabaseSchemaCreateSchema, DatabaseTableSummarySchema, DatabaseTriggerCreateSchema, DatabaseTriggerSchema, DatabaseTriggerUpdateSchema, SchemaGraphSchema } from '@plinth/contracts-database';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteModule } from '@plinth/platform-core/deps';
import { numericId, projectRef, RefParamsSchema } from '@plinth/platform-core/common/http';
import { projectUrl } from '@plinth/platform-core/project-urls';
import * as objects from './catalog-objects';
import { exposedFunctions, exposedTables } from './catalog-objects-api-docs';
import { disableExtension, enableExtension, listExtensions } from './extensions';
import { createFunction, dropFunction, listFunctions, updateFunction } from './functions';
import { createIndex, dropIndex, listIndexes } from './indexes';
import { readSchemaGraph } from './schema-graph';
import { reloadDataApiSchemaAfterWrites } from './schema-reload';
import { createTrigger, dropTrigger, listTriggers, setTriggerEnabled } from './triggers';

const base = '/platform/pg-meta/:ref';
const schemaQuery = z.object({ schema: z.string().trim().min(1).max(63).optional() });
const oneSchemaQuery = z.object({ schema: z.string().trim().min(1).max(63) });
const idParams = z.object({ ref: projectRef, id: numericId('id') });
const nameParams = z.object({ ref: projectRef, name: z.string().min(1).max(63) });

/**
 * The database pages' routes (schemas and the schema visualizer's graph, functions, triggers, extensions, indexes, roles,
 * migrations, table summaries) and the API docs' description of the data API. Reads need SQL
 * admin read, changes tenant SQL admin write (000 §6); the console's own connection runs them.
 */
export const catalogObjectRoutes: RouteModule = (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Every write here is DDL: the data API reads the project's schemas afresh after it.
  reloadDataApiSchemaAfterWrites(fastify, deps);
  type Req = Parameters<typeof deps.requireProjectAccess>[0];
  const read = async (req: Req, ref: string) => {
    await deps.requireProjectAccess(req, ref, PERMISSIONS.SQL_ADMIN_READ);
    return deps.databases.get(ref);
  };
  const write = async (req: Req, ref: string) => {
    await deps.requireProjectAccess(req, ref, PERMISSIONS.TENANT_SQL_ADMIN_WRITE);
    return deps.databases.get(ref);
  };
  const { rest } = deps.services.projectServices;

  app.get(`${base}/table-summaries`, { schema: { params: RefParamsSchema, querystring: schemaQuery, response: { 200: z.array(DatabaseTableSummarySchema) } } }, async (req) =>
    objects.listTableSummaries(await read(req, req.params.ref), req.query.schema),
  );
  app.get(`${base}/schema-graph`, { schema: { params: RefParamsSchema, querystring: oneSchemaQuery, response: { 200: SchemaGraphSchema } } }, async (req) =>
    readSchemaGraph(await read(req, req.params.ref), req.query.schema),
  );
  app.post(`${base}/schemas`, { schema: { params: RefParamsSchema, body: DatabaseSchemaCreateSchema, response: { 200: z.object({ name: z.string() }) } } }, async (req) =>
    objects.createSchema(await write(req, req.params.ref), req.body.name),
  );
  app.delete(`${base}/schemas/:name`, { schema: { params: nameParams, response: { 200: z.object({ name: z.string() }) } } }, async (req) =>
    objects.dropSchema(await write(req, req.params.ref), req.params.name),
  );

  app.get(`${base}/functions`, { schema: { params: RefParamsSchema, querystring: schemaQuery, response: { 200: z.array(DatabaseFunctionSchema) } } }, async (req) =>
    listFunctions(await read(req, req.params.ref), req.query.schema),
  );
  app.post(`${base}/functions`, { schema: { params: RefParamsSchema, body: DatabaseFunctionWriteSchema, response: { 200: DatabaseFunctionSchema } } }, async (req) =>
    createFunction(await write(req, req.params.ref), req.body),
  );
  app.put(`${base}/functions/:id`, { schema: { params: idParams, body: DatabaseFunctionWriteSchema, response: { 200: DatabaseFunctionSchema } } }, async (req) =>
    updateFunction(await write(req, req.params.ref), req.params.id, req.body),
  );
  app.delete(`${base}/functions/:id`, { schema: { params: idParams, response: { 200: DatabaseFunctionSchema } } }, async (req) =>
    dropFunction(await write(req, req.params.ref), req.params.id),
  );

  app.get(`${base}/triggers`, { schema: { params: RefParamsSchema, querystring: schemaQuery, response: { 200: z.array(DatabaseTriggerSchema) } } }, async (req) =>
    listTriggers(await read(req, req.params.ref), req.query.schema),
  );
  app.post(`${base}/triggers`, { schema: { params: RefParamsSchema, body: DatabaseTriggerCreateSchema, response: { 200: DatabaseTriggerSchema } } }, async (req) =>
    createTrigger(await write(req, req.params.ref), req.body),
  );
  app.patch(`${base}/triggers/:id`, { schema: { params: idParams, body: DatabaseTriggerUpdateSchema, response: { 200: DatabaseTriggerSchema } } }, async (req) =>
    setTriggerEnabled(await write(req, req.params.ref), req.params.id, req.body.enabled),
  );
  app.delete(`${base}/triggers/:id`, { schema: { params: idParams, response: { 200: DatabaseTriggerSchema } } }, async (req) =>
    dropTrigger(await write(req, req.params.ref), req.params.id),
  );

  app.get(`${base}/extensions`, { schema: { params: RefParamsSchema, response: { 200: z.array(DatabaseExtensionSchema) } } }, async (req) =>
    listExtensions(await read(req, req.params.ref)),
  );
  app.post(`${base}/extensions`, { schema: { params: RefParamsSchema, body: DatabaseExtensionEnableSchema, response: { 200: DatabaseExtensionSchema } } }, async (req) =>
    enableExtension(await write(req, req.params.ref), req.body),
  );
  app.delete(`${base}/extensions/:name`, { schema: { params: nameParams, response: { 200: DatabaseExtensionSchema } } }, async (req) =>
    disableExtension(await write(req, req.params.ref), req.params.name),
  );

  app.get(`${base}/indexes`, { schema: { params: RefParamsSchema, querystring: schemaQuery, response: { 200: z.array(DatabaseIndexSchema) } } }, async (req) =>
    listIndexes(await read(req, req.params.ref), req.query.schema),
  );
  app.post(`${base}/indexes`, { schema: { params: RefParamsSchema, body: DatabaseIndexCreateSchema, response: { 200: DatabaseIndexSchema } } }, async (req) =>
    createIndex(await write(req, req.params.ref), req.body),
  );
  app.delete(`${base}/indexes/:id`, { schema: { params: idParams, response: { 200: DatabaseIndexSchema } } }, async (req) =>
    dropIndex(await write(req, req.params.ref), req.params.id),
  );

  app.get(`${base}/role-details`, { schema: { params: RefParamsSchema, response: { 200: z.array(DatabaseRoleDetailSchema) } } }, async (req) =>
    objects.listRoleDetails(await read(req, req.params.ref)),
  );
  app.get(`${base}/migrations`, { schema: { params: RefParamsSchema, response: { 200: z.array(DatabaseMigrationSchema) } } }, async (req) =>
    objects.listMigrations(await read(req, req.params.ref)),
  );

  app.get(`${base}/api-docs`, { schema: { params: RefParamsSchema, response: { 200: ApiDocsSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.SQL_ADMIN_READ);
    const db = await deps.databases.get(req.params.ref);
    const [settings, keys] = await Promise.all([
      rest.settings(req.params.ref),
      deps.control.query<{ anon_key: string; service_role_key: string }>('select anon_key, service_role_key from projects where ref = $1', [req.params.ref]),
    ]);
    const schemas = settings?.schemas ?? [];
    const k = keys.rows[0]!;
    return {
      url: projectUrl(deps, req, req.params.ref),
      schemas,
      anonKey: k.anon_key,
      serviceRoleKey: access.permissions.has(PERMISSIONS.SERVICE_API_KEYS_READ) ? k.service_role_key : null,
      tables: await exposedTables(db, schemas),
      functions: await exposedFunctions(db, schemas),
    };
  });
};
