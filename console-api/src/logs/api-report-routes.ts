import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { ApiRangeReportQuerySchema, ApiRangeReportSchema } from '@plinth/contracts-logs';
import type { RouteModule } from '@plinth/platform-core/deps';
import { RefParamsSchema } from '@plinth/platform-core/common/http';
import { readApiRangeReport } from './report';
import { logRetentionDays } from './routes';

/**
 * GET /platform/projects/{ref}/reports/api: the API report over a window or a custom range (calls,
 * latency percentiles and egress over time, top and failing paths, the storage not-modified share),
 * for a member with analytics read.
 */
export const apiReportRoutes: RouteModule = (app, deps) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/platform/projects/:ref/reports/api',
    {
      schema: {
        tags: ['logs'],
        summary: "The API report over a window or a custom range: what the project's app endpoints answered",
        params: RefParamsSchema,
        querystring: ApiRangeReportQuerySchema,
        response: { 200: ApiRangeReportSchema },
      },
    },
    async (req) => {
      const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.ANALYTICS_READ_LOGS);
      const ref = access.project.ref;
      return readApiRangeReport(app.logStore.db, ref, await logRetentionDays(deps.control, ref), req.query);
    },
  );
};
