import { Readable } from 'node:stream';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { CsvImportResultSchema, RowDeleteResultSchema, RowDeleteSchema, RowFilterSchema, RowInsertSchema, RowPageRequestSchema, RowPageSchema, RowSortSchema, RowUpdateSchema, RowWriteResultSchema, TableShapeSchema } from '@plinth/contracts-database';
import * as zMini from '@plinth/shared-contracts/zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, type RouteModule } from '@plinth/platform-core/deps';
import { numericId, projectRef } from '@plinth/platform-core/common/http';
import { exportCsv, importCsv } from './table-rows-csv';
import { deleteRows, insertRow, readRowPage, updateRow } from './table-rows';
import { readTableShape } from './table-rows-shape';

// The table editor's rows: /platform/pg-meta/{ref}/tables/{id}/shape, /rows, /rows/page,
// /rows/delete and /rows/csv. Reading needs SQL admin read; writing tenant SQL admin write (000 §6).

const base = '/platform/pg-meta/:ref/tables/:id';
const params = z.object({ ref: projectRef, id: numericId('id') });

/** A JSON query parameter checked with its contract schema; 400 naming the parameter otherwise. */
function jsonParam<T>(text: string | undefined, schema: zMini.ZodMiniType<T>, field: string): T | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, `${field} must be JSON`, 'VALIDATION_ERROR', field);
  }
  const parsed = zMini.safeParse(schema, value);
  if (!parsed.success) throw new HttpError(400, `${field} is not valid: ${parsed.error.issues[0]?.message ?? 'check its shape'}`, 'VALIDATION_ERROR', field);
  return parsed.data;
}

export const tableRowsRoutes: RouteModule = (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  type Req = Parameters<typeof deps.requireProjectAccess>[0];
  const open = async (req: Req, ref: string, id: number, permission: string) => {
    await deps.requireProjectAccess(req, ref, permission);
    const db = await deps.databases.get(ref);
    return { db, shape: await readTableShape(db, id) };
  };
  const read = (req: Req, p: { ref: string; id: number }) => open(req, p.ref, p.id, PERMISSIONS.SQL_ADMIN_READ);
  const write = (req: Req, p: { ref: string; id: number }) => open(req, p.ref, p.id, PERMISSIONS.TENANT_SQL_ADMIN_WRITE);

  app.get(`${base}/shape`, { schema: { params, response: { 200: TableShapeSchema } } }, async (req) => (await read(req, req.params)).shape);

  app.post(`${base}/rows/page`, { schema: { params, body: RowPageRequestSchema, response: { 200: RowPageSchema } } }, async (req) => {
    const { db, shape } = await read(req, req.params);
    return readRowPage(db, shape, req.body);
  });

  app.post(`${base}/rows`, { schema: { params, body: RowInsertSchema, response: { 200: RowWriteResultSchema } } }, async (req) => {
    const { db, shape } = await write(req, req.params);
    return insertRow(db, shape, req.body.values);
  });

  app.patch(`${base}/rows`, { schema: { params, body: RowUpdateSchema, response: { 200: RowWriteResultSchema } } }, async (req) => {
    const { db, shape } = await write(req, req.params);
    return updateRow(db, shape, req.body.key, req.body.values);
  });

  app.post(`${base}/rows/delete`, { schema: { params, body: RowDeleteSchema, response: { 200: RowDeleteResultSchema } } }, async (req) => {
    const { db, shape } = await write(req, req.params);
    return deleteRows(db, shape, req.body.keys);
  });

  const exportQuery = z.object({ sort: z.string().max(1000).optional(), filters: z.string().max(100_000).optional() });
  app.get(`${base}/rows/csv`, { schema: { params, querystring: exportQuery } }, async (req, reply) => {
    const sort = jsonParam(req.query.sort, RowSortSchema, 'sort');
    const filters = jsonParam(req.query.filters, zMini.array(RowFilterSchema), 'filters') ?? [];
    const { db, shape } = await read(req, req.params);
    const lines = exportCsv(db, shape, sort, filters);
    // The first page is read before the answer starts, so a bad filter is still a 400.
    const first = await lines.next();
    async function* all() {
      if (!first.done) yield first.value;
      yield* lines;
    }
    const fileName = `${shape.name.replace(/[^\w.-]+/g, '_')}.csv`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(Readable.from(all()));
  });

  // The upload is read as a stream: the content type parser hands the request body on untouched.
  fastify.register(async (scope) => {
    scope.addContentTypeParser('text/csv', (_req, payload, done) => done(null, payload));
    scope.withTypeProvider<ZodTypeProvider>().post(
      `${base}/rows/csv`,
      { schema: { params, response: { 200: CsvImportResultSchema } } },
      async (req) => {
        if (!String(req.headers['content-type'] ?? '').startsWith('text/csv')) {
          throw new HttpError(400, 'Send the file as text/csv', 'VALIDATION_ERROR', 'file');
        }
        const { db, shape } = await write(req, req.params);
        return importCsv(db, shape, req.body as AsyncIterable<Uint8Array>);
      },
    );
  });
};
