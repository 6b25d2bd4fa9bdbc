import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PERMISSIONS, type PlanId } from '@plinth/shared-contracts';
import { PLAN_LIMITS } from '@plinth/contracts-billing';
import { ApiReportQuerySchema, ApiReportSchema, ProjectLogPageSchema, ProjectLogQuerySchema } from '@plinth/contracts-logs';
import type { ControlDatabase, RouteModule } from '@plinth/platform-core/deps';
import { RefParamsSchema } from '@plinth/platform-core/common/http';
import { readApiReport } from './report';

/** Days of logs the plan of the project's organization keeps (001 §9). */
export async function logRetentionDays(control: ControlDatabase, ref: string): Promise<number> {
  const r = await control.query<{ plan: string }>('select o.plan from projects p join organizations o on o.id = p.organization_id where p.ref = $1', [ref]);
  const plan = (r.rows[0]?.plan ?? 'free') as PlanId;
  return (PLAN_LIMITS[plan] ?? PLAN_LIMITS.free).logRetentionDays;
}

/**
 * GET /platform/projects/{ref}/logs: the project's request log, newest first, within its plan's retention.
 * GET /platform/projects/{ref}/logs/report: the API report over a window (calls by time, status, service, operation; errors; slowest paths).
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
};
