import { PERMISSIONS, type PlanId } from '@plinth/shared-contracts';
import { SQL_STATEMENT_TIMEOUT_CEILING_MS } from '@plinth/contracts-billing';
import { DatabaseRoleSchema, DatabaseSchemaSchema, EntityListParamsSchema, EntityListSchema, PolicyCreateSchema, PolicySchema, PolicyUpdateSchema, SchemaListQuerySchema, SqlCancelRequestSchema, SqlCancelResultSchema, SqlErrorBodySchema, SqlRunRequestSchema, SqlRunResultSchema, TableSchema, TableUpdateSchema } from '@plinth/contracts-database';
import * as zMini from '@plinth/shared-contracts/zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, type RouteModule } from '@plinth/platform-core/deps';
import { recordProjectLogEvent, SLOW_STATEMENT_MS } from '@plinth/platform-core/request-log';
import { recordStatementTiming } from '@plinth/platform-core/project-db/statement-log';
import { rowsOfEditorAnswer } from '../logs/statement-stats';
import { numericId, projectRef, RefParamsSchema } from '@plinth/platform-core/common/http';
import { jsonSafeRows } from '@plinth/platform-core/common/json-rows';
import { userSqlError } from '@plinth/platform-core/common/sql';
import * as catalog from './catalog';
import { createPolicy, deletePolicy, setRowLevelSecurity, updatePolicy } from './policies';
import { editorRunAnswer, recordFailedRun } from './sql-run-editor';
import { sqlRunRowsRoute } from './sql-run-pages';
import { cancelRun, EMBEDDED_CANCEL_MESSAGE, limitRows, NOTHING_TO_CANCEL_MESSAGE, onPostgresServer, runKey } from './sql-run';
import { mayChangeSchema, reloadDataApiSchema } from './schema-reload';

/** Default of a SQL editor statement's run time; its ceiling is the plan's (SQL_STATEMENT_TIMEOUT_CEILING_MS). */
export const SQL_DEFAULT_TIMEOUT_MS = 15_000;

const base = '/platform/pg-meta/:ref';
const schemaQuery = z.object({ schema: z.string().trim().min(1).max(63).optional() });
const policyParams = z.object({ ref: projectRef, id: numericId('id') });
const tableParams = z.object({ ref: projectRef, id: numericId('id') });

/** Database metadata routes: policies, tables, roles, schemas, entities and the SQL runner. */
export const databaseRoutes: RouteModule = (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const read = async (req: Parameters<typeof deps.requireProjectAccess>[0], ref: string, permission: string = PERMISSIONS.SQL_ADMIN_READ) => {
    await deps.requireProjectAccess(req, ref, permission);
    return deps.databases.get(ref);
  };
  const write = (req: Parameters<typeof deps.requireProjectAccess>[0], ref: string) => read(req, ref, PERMISSIONS.TENANT_SQL_ADMIN_WRITE);

  app.get(`${base}/policies`, { schema: { params: RefParamsSchema, querystring: schemaQuery, response: { 200: z.array(PolicySchema) } } }, async (req) =>
    catalog.listPolicies(await read(req, req.params.ref), req.query.schema),
  );
  app.post(`${base}/policies`, { schema: { params: RefParamsSchema, body: PolicyCreateSchema, response: { 200: PolicySchema } } }, async (req) =>
    createPolicy(await write(req, req.params.ref), req.body),
  );
  app.patch(`${base}/policies/:id`, { schema: { params: policyParams, body: PolicyUpdateSchema, response: { 200: PolicySchema } } }, async (req) =>
    updatePolicy(await write(req, req.params.ref), req.params.id, req.body),
  );
  app.delete(`${base}/policies/:id`, { schema: { params: policyParams, response: { 200: PolicySchema } } }, async (req) =>
    deletePolicy(await write(req, req.params.ref), req.params.id),
  );

  app.get(`${base}/tables`, { schema: { params: RefParamsSchema, querystring: schemaQuery, response: { 200: z.array(TableSchema) } } }, async (req) =>
    catalog.listTables(await read(req, req.params.ref), req.query.schema),
  );
  app.patch(`${base}/tables/:id`, { schema: { params: tableParams, body: TableUpdateSchema, response: { 200: TableSchema } } }, async (req) =>
    setRowLevelSecurity(await write(req, req.params.ref), req.params.id, req.body.rls_enabled),
  );

  app.get(`${base}/roles`, { schema: { params: RefParamsSchema, response: { 200: z.array(DatabaseRoleSchema) } } }, async (req) =>
    catalog.listRoles(await read(req, req.params.ref)),
  );
  app.get(`${base}/schemas`, { schema: { params: RefParamsSchema, querystring: SchemaListQuerySchema, response: { 200: z.array(DatabaseSchemaSchema) } } }, async (req) =>
    catalog.listSchemas(await read(req, req.params.ref), req.query.include_protected !== 'false'),
  );
  app.get(`${base}/entities`, { schema: { params: RefParamsSchema, querystring: EntityListParamsSchema, response: { 200: EntityListSchema } } }, async (req) =>
    catalog.listEntities(await read(req, req.params.ref), req.query),
  );

  // 400/409 answers: a SQL error (message, position...) or a validation error naming its field.
  // The contract schemas are zod/mini: they are extended with its functions, not classic methods.
  const sqlError = zMini.extend(SqlErrorBodySchema, { code: z.string(), field: z.string().optional() });
  app.post(
    `${base}/query`,
    { schema: { params: RefParamsSchema, body: SqlRunRequestSchema, response: { 200: SqlRunResultSchema, 400: sqlError, 409: sqlError } } },
    async (req, reply) => {
      const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.SQL_QUERY_RUN);
      const db = await deps.databases.get(req.params.ref);
      const org = await deps.control.query<{ plan: string }>('select plan from organizations where id = $1', [access.project.organizationId]);
      const ceiling = SQL_STATEMENT_TIMEOUT_CEILING_MS[org.rows[0]?.plan as PlanId] ?? SQL_STATEMENT_TIMEOUT_CEILING_MS.free;
      const timeoutMs = Math.min(req.body.timeoutMs ?? SQL_DEFAULT_TIMEOUT_MS, ceiling);
      const startedAt = performance.now();
      // A run that may have changed the schema (DDL, NOTIFY pgrst) makes the data API read it afresh
      // before this answer leaves, whether the run succeeded or not (statements before a failure stay).
      const changesSchema = mayChangeSchema(req.body.query);
      const ran = async () => {
        if (await changesSchema) reloadDataApiSchema(deps, access.project.ref);
      };
      // The Postgres source of the project's logs: a statement run here that failed or ran slowly.
      const logged = (level: string, message: string, sqlState?: string) =>
        recordProjectLogEvent(
          { ref: access.project.ref, source: 'postgres', level, message, sqlState, durationMs: performance.now() - startedAt, role: 'postgres', userId: access.user.id, origin: 'sql_editor', query: req.body.query },
          req.server,
        );
      const slow = (rows: number | null = null) => {
        // The query-performance report's statement log: the run's time and rows.
        recordStatementTiming({ ref: access.project.ref, query: req.body.query, durationMs: performance.now() - startedAt, rows, origin: 'sql_editor', role: 'postgres' }, req.server);
        return performance.now() - startedAt > SLOW_STATEMENT_MS && logged('LOG', `duration: ${(performance.now() - startedAt).toFixed(1)} ms`);
      };
      try {
        if (req.body.resultShape === 'statements') {
          // Already JSON text: fastify sends a string typed as JSON as it is, without the response schema.
          const json = await editorRunAnswer(deps, db, access, req.body, timeoutMs, startedAt);
          await ran();
          slow(rowsOfEditorAnswer(json));
          return reply.type('application/json').send(json as never);
        }
        // The user's own statement: the console's calls do not wait behind it (see ProjectQueryOptions.user).
        const results = await db.exec(req.body.query, { timeoutMs, user: true, runKey: runKey(access.user.id, req.body.runId) });
        await ran();
        const last = results[results.length - 1];
        slow(last ? (last.rows.length || (last.affectedRows ?? 0)) : null);
        const { rows, truncated, totalRows } = limitRows(last, req.body.rowLimit);
        return { rows: jsonSafeRows(rows), columns: last?.fields ?? [], affectedRows: last?.affectedRows ?? null, truncated, totalRows };
      } catch (err) {
        await ran();
        if (err instanceof HttpError) throw err;
        const e = userSqlError(err);
        const details = e.details ?? {};
        logged('ERROR', e.message, e.details?.sqlState ?? undefined);
        await recordFailedRun(deps, access, req.body, startedAt, e.message, e.details?.sqlState);
        return reply.code(e.status === 409 ? 409 : 400).send({ message: e.message, code: 'SQL_ERROR' as const, ...details });
      }
    },
  );

  // The rest of a large result's rows, page by page (sql-run-pages).
  sqlRunRowsRoute(fastify, deps);

  // Cancel a run (server mode: Postgres' cancel request to the run's own backend; the embedded database says it cannot).
  app.post(
    `${base}/query/cancel`,
    { schema: { params: RefParamsSchema, body: SqlCancelRequestSchema, response: { 200: SqlCancelResultSchema } } },
    async (req) => {
      const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.SQL_QUERY_RUN);
      if (!onPostgresServer(deps)) return { cancelled: false, message: EMBEDDED_CANCEL_MESSAGE };
      // Only the member's own run in this project: its database knows the runs it is running.
      const cancelled = await cancelRun(await deps.databases.get(req.params.ref), access.user.id, req.body.runId);
      return cancelled ? { cancelled } : { cancelled, message: NOTHING_TO_CANCEL_MESSAGE };
    },
  );
};
