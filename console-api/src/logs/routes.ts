import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PERMISSIONS, type PlanId } from '@plinth/shared-contracts';
import { PLAN_LIMITS } from '@plinth/contracts-billing';
import {
  ApiReportQuerySchema,
  ApiReportSchema,
  DatabaseReportQuerySchema,
  DatabaseReportSchema,
  ProjectLogPageSchema,
  ProjectLogQuerySchema,
  QueryPerformanceQuerySchema,
  QueryPerformanceReportSchema,
} from '@plinth/contracts-logs';
import type { ControlDatabase, RouteModule } from '@plinth/platform-core/deps';
import { RefParamsSchema } from '@plinth/platform-core/common/http';
import { DatabaseSampler, readDatabaseReport } from './database-report';
import { readApiReport } from './report';
import { readPgStatStatements, readStatementLog } from './statement-stats';

/** How often open project databases are sampled for the Database report's history. */
const DATABASE_SAMPLE_MS = Number(process.env.PLINTH_DATABASE_SAMPLE_MS) || 5 * 60_000;

/** Days of logs the plan of the project's organization keeps (001 §9). */
export async function logRetentionDays(control: ControlDatabase, ref: string): Promise<number> {
  const r = await control.query<{ plan: string }>('select o.plan from projects p join organizations o on o.id = p.organization_id where p.ref = $1', [ref]);
  const plan = (r.rows[0]?.plan ?? 'free') as PlanId;
  return (PLAN_LIMITS[plan] ?? PLAN_LIMITS.free).logRetentionDays;
}

/**
 * GET /platform/projects/{ref}/logs: the project's request log, newest first, within its plan's retention.
 * GET /platform/projects/{ref}/logs/report: the API report over a window (calls by time, status, service, operation; errors; slowest paths).
 * GET /platform/projects/{ref}/reports/database: the Database report (size, connections, transactions, cache hits, largest tables, index use; samples over the window).
 * GET /platform/projects/{ref}/reports/query-performance: the project's statements with calls, times, percentiles and rows.
 */
export const logRoutes: RouteModule = (app, deps) => {
  /** The project a reader of its logs may see, and how many days of them its plan keeps. */
  const readable = async (req: FastifyRequest, ref: string) => {
    const access = await deps.requireProjectAccess(req, ref, PERMISSIONS.ANALYTICS_READ_LOGS);
    return { ref: access.project.ref, days: await logRetentionDays(deps.control, access.project.ref) };
  };

  app.withTypeProvider<ZodTypeProvider>().get(
    '/platform/projects/:ref/logs',
    {
      schema: {
        tags: ['logs'],
        summary: "Calls of the project's app endpoints (auth, rest, storage), newest first",
        params: RefParamsSchema,
        querystring: ProjectLogQuerySchema,
        response: { 200: ProjectLogPageSchema },
      },
    },
    async (req) => {
      const { ref, days } = await readable(req, req.params.ref);
      return app.logStore.read(ref, days, req.query);
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/platform/projects/:ref/logs/report',
    {
      schema: {
        tags: ['logs'],
        summary: "The API report: what the project's app endpoints answered over a window",
        params: RefParamsSchema,
        querystring: ApiReportQuerySchema,
        response: { 200: ApiReportSchema },
      },
    },
    async (req) => {
      const { ref, days } = await readable(req, req.params.ref);
      return readApiReport(app.logStore.db, ref, days, req.query);
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/platform/projects/:ref/reports/database',
    {
      schema: {
        tags: ['logs'],
        summary: "The Database report: the project database's size, connections, transactions, cache hits, largest tables and index use",
        params: RefParamsSchema,
        querystring: DatabaseReportQuerySchema,
        response: { 200: DatabaseReportSchema },
      },
    },
    async (req) => {
      const { ref, days } = await readable(req, req.params.ref);
      return readDatabaseReport(app.logStore.db, await deps.databases.get(ref), ref, days, req.query);
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/platform/projects/:ref/reports/query-performance',
    {
      schema: {
        tags: ['logs'],
        summary: "The Query performance report: the project's statements with calls, total and mean time, percentiles and rows",
        params: RefParamsSchema,
        querystring: QueryPerformanceQuerySchema,
        response: { 200: QueryPerformanceReportSchema },
      },
    },
    async (req) => {
      const { ref, days } = await readable(req, req.params.ref);
      // A Postgres server with pg_stat_statements answers for itself; otherwise the platform's statement log.
      const server = deps.services.config.databaseUrl ? await readPgStatStatements(await deps.databases.get(ref), req.query) : null;
      if (server) return server;
      await app.logStore.events.flush();
      return readStatementLog(app.logStore.db, ref, days, req.query);
    },
  );

  const sampler = new DatabaseSampler({
    control: deps.control,
    logs: () => app.logStore.db,
    databases: deps.databases,
    intervalMs: DATABASE_SAMPLE_MS,
    // Connections and checkpoints are Postgres events where the database reports them: on a server.
    server: !!deps.services.config.databaseUrl,
    record: ({ record, at }) => app.logStore.recordEvent(record, at),
    warn: (message, err) => app.log.warn({ err }, message),
  });
  app.logStore.sampler = sampler;
  const stopSampler = sampler.start();
  app.addHook('onClose', async () => stopSampler());
};
