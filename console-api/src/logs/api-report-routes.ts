import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { ApiRangeReportQuerySchema, ApiRangeReportSchema, LogHistogramQuerySchema, LogHistogramSchema, type LogHistogram, type LogHistogramQuery } from '@plinth/contracts-logs';
import type { RouteModule } from '@plinth/platform-core/deps';
import { RefParamsSchema } from '@plinth/platform-core/common/http';
import { logQueryRange } from './analytics-routes';
import { readApiRangeReport } from './report';
import { logRetentionDays } from './routes';

/** A column name as an SQL identifier. */
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The explorer's histogram query: the user's query (checked and run like any log query, as the
 * project's log reader) counted per bucket of its time column, every row it matches in the range.
 */
export function histogramSql(q: Pick<LogHistogramQuery, 'sql' | 'time_column' | 'count_column' | 'bucket_seconds'>): string {
  const value = q.count_column ? `coalesce(sum((q.${ident(q.count_column)})::float8), 0)` : 'count(*)';
  return `select floor(extract(epoch from (q.${ident(q.time_column)})::timestamptz) / ${Math.trunc(q.bucket_seconds)})::float8 as bucket, ${value}::float8 as value
  from (${q.sql.replace(/;\s*$/, '')}\n) as q where q.${ident(q.time_column)} is not null group by 1 order by 1`;
}

/**
 * GET /platform/projects/{ref}/reports/api: the API report over a window or a custom range (calls,
 * latency percentiles and egress over time, top and failing paths, the storage not-modified share),
 * for a member with analytics read.
 * POST /platform/projects/{ref}/analytics/endpoints/logs.histogram: a log query's rows per time
 * bucket over its whole range (the explorer's histogram, which counts more than the rows shown).
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

  app.withTypeProvider<ZodTypeProvider>().post(
    '/platform/projects/:ref/analytics/endpoints/logs.histogram',
    {
      schema: {
        tags: ['logs'],
        summary: "A log query's rows over its whole range per time bucket (the explorer's histogram; not kept in Recent)",
        params: RefParamsSchema,
        body: LogHistogramQuerySchema,
        response: { 200: LogHistogramSchema },
      },
    },
    async (req): Promise<LogHistogram> => {
      const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.ANALYTICS_READ_LOGS);
      const ref = access.project.ref;
      const days = await logRetentionDays(deps.control, ref);
      const { from, to } = logQueryRange(req.body.iso_timestamp_start, req.body.iso_timestamp_end, days);
      // At most one row per bucket: a 90-day range in minutes is 129,600, above any limit; the page asks for ~60.
      const out = await app.logStore.queries.run({ ref, sql: histogramSql(req.body), retentionDays: days, from, to, limit: 1000 });
      const size = req.body.bucket_seconds * 1000;
      const buckets = out.result.map((row) => ({ start: new Date(Number(row.bucket) * size).toISOString(), value: Number(row.value) || 0 }));
      return { from: out.from, to: out.to, bucket_seconds: req.body.bucket_seconds, buckets, total: buckets.reduce((sum, b) => sum + b.value, 0) };
    },
  );
};
