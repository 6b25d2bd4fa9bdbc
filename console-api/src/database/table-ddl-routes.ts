import { PERMISSIONS } from '@plinth/shared-contracts';
import { TableAlterSchema, TableCreateSchema, TableDdlResultSchema, TableDropSchema, TableDuplicateSchema } from '@plinth/contracts-database';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteModule } from '@plinth/platform-core/deps';
import { numericId, projectRef, RefParamsSchema } from '@plinth/platform-core/common/http';
import { alterTableSql, createTableSql, dropTableSql, duplicateTableSql, runDdl, tableIdOf } from './table-ddl';
import { readTableShape } from './table-rows-shape';
import { reloadDataApiSchemaAfterWrites } from './schema-reload';

// Create table, Edit Table, Duplicate Table, Delete Table (000 §2.9): each answers its SQL, and
// runs it unless `dryRun` (the panel shows the SQL first). Tenant SQL admin write (000 §6).

const base = '/platform/pg-meta/:ref/tables';
const params = z.object({ ref: projectRef, id: numericId('id') });

export const tableDdlRoutes: RouteModule = (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Every write here is DDL: the data API reads the project's schemas afresh after it.
  reloadDataApiSchemaAfterWrites(fastify, deps);
  const open = async (req: Parameters<typeof deps.requireProjectAccess>[0], ref: string) => {
    await deps.requireProjectAccess(req, ref, PERMISSIONS.TENANT_SQL_ADMIN_WRITE);
    return deps.databases.get(ref);
  };

  app.post(base, { schema: { params: RefParamsSchema, body: TableCreateSchema, response: { 200: TableDdlResultSchema } } }, async (req) => {
    const db = await open(req, req.params.ref);
    const sql = await createTableSql(db, req.body);
    if (req.body.dryRun) return { sql, ran: false, tableId: null };
    await runDdl(db, sql);
    return { sql, ran: true, tableId: await tableIdOf(db, req.body.schema.trim(), req.body.name.trim()) };
  });

  app.post(`${base}/:id/alter`, { schema: { params, body: TableAlterSchema, response: { 200: TableDdlResultSchema } } }, async (req) => {
    const db = await open(req, req.params.ref);
    const shape = await readTableShape(db, req.params.id);
    const sql = await alterTableSql(db, shape, req.body);
    if (!req.body.dryRun) await runDdl(db, sql);
    return { sql, ran: !req.body.dryRun, tableId: shape.id };
  });

  app.post(`${base}/:id/duplicate`, { schema: { params, body: TableDuplicateSchema, response: { 200: TableDdlResultSchema } } }, async (req) => {
    const db = await open(req, req.params.ref);
    const shape = await readTableShape(db, req.params.id);
    const sql = await duplicateTableSql(db, shape, req.body.name, req.body.withData);
    if (req.body.dryRun) return { sql, ran: false, tableId: null };
    await runDdl(db, sql);
    return { sql, ran: true, tableId: await tableIdOf(db, shape.schema, req.body.name.trim()) };
  });

  app.post(`${base}/:id/drop`, { schema: { params, body: TableDropSchema, response: { 200: TableDdlResultSchema } } }, async (req) => {
    const db = await open(req, req.params.ref);
    const shape = await readTableShape(db, req.params.id);
    const sql = dropTableSql(shape, req.body.cascade);
    if (!req.body.dryRun) await runDdl(db, sql);
    return { sql, ran: !req.body.dryRun, tableId: shape.id };
  });
};
