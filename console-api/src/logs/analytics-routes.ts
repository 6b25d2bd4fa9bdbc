import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PERMISSIONS } from '@plinth/shared-contracts';
import {
  LOG_QUERY_TEMPLATES,
  LOG_SCHEMA_CATALOGUE,
  LOG_SOURCE_TABLES,
  LogQueryTemplateListSchema,
  LogSourcesAnswerSchema,
  LogSqlQuerySchema,
  LogSqlResultSchema,
  RECENT_LOG_QUERIES_KEPT,
  RecentLogQueryListSchema,
  SavedLogQueryCreateSchema,
  SavedLogQueryListSchema,
  SavedLogQuerySchema,
  SavedLogQueryEditSchema,
  type SavedLogQuery,
} from '@plinth/contracts-logs';
import { HttpError, type RouteModule } from '@plinth/platform-core/deps';
import { projectRef, RefParamsSchema } from '@plinth/platform-core/common/http';
import { logRetentionDays } from './routes';

const DAY_MS = 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;

const SavedParams = z.object({ ref: projectRef, id: z.coerce.number({ error: 'id must be a number' }).int().min(1).max(Number.MAX_SAFE_INTEGER) });

interface SavedRow {
  id: string | number;
  name: string;
  description: string;
  sql: string;
  created_by: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}
const iso = (d: Date | string) => new Date(d).toISOString();
const savedOf = (r: SavedRow): SavedLogQuery => ({
  id: Number(r.id),
  name: r.name,
  description: r.description,
  sql: r.sql,
  created_by: r.created_by,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

/** The range a query runs over: the last hour unless asked; never before the plan's retention, never after now. */
export function logQueryRange(start: string | undefined, end: string | undefined, retentionDays: number, nowMs = Date.now()): { from: Date; to: Date } {
  const to = Math.min(end ? Date.parse(end) : nowMs, nowMs);
  const earliest = nowMs - retentionDays * DAY_MS;
  const from = Math.max(start ? Date.parse(start) : to - HOUR_MS, earliest);
  if (from >= to) throw new HttpError(400, `The time range is empty: logs are kept ${retentionDays} day${retentionDays === 1 ? '' : 's'} on this plan, and the start must be before the end`, 'log_query_range', 'iso_timestamp_start');
  return { from: new Date(from), to: new Date(to) };
}

/**
 * The analytics endpoints of the logs explorer (issue 23), all behind analytics read on logs:
 * GET  /platform/projects/{ref}/analytics/log-sources         the sources' tables and columns, and the retention
 * POST /platform/projects/{ref}/analytics/endpoints/logs.all  runs one SELECT over the sources (log-query.ts)
 * GET  /platform/projects/{ref}/analytics/templates           the templates per source
 * GET  /platform/projects/{ref}/analytics/recent-queries      the caller's recent queries (kept by logs.all)
 * GET, POST /platform/projects/{ref}/analytics/saved-queries, PATCH, DELETE .../saved-queries/{id}: the team's saved queries
 *   (hosted only: a 404 naming the hosted platform on a self-hosted build, config buildMode: the deploy server's environment, else PLINTH_BUILD_MODE)
 */
export const analyticsRoutes: RouteModule = (app, deps) => {
  const readable = async (req: FastifyRequest, ref: string) => {
    const access = await deps.requireProjectAccess(req, ref, PERMISSIONS.ANALYTICS_READ_LOGS);
    return { ref: access.project.ref, userId: access.user.id, days: await logRetentionDays(deps.control, access.project.ref) };
  };
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['logs'];
  const tableSources = new Map(Object.entries(LOG_SOURCE_TABLES).map(([id, table]) => [table, id]));

  r.get('/platform/projects/:ref/analytics/log-sources', { schema: { tags, summary: 'The log sources a log query reads, with their columns', params: RefParamsSchema, response: { 200: LogSourcesAnswerSchema } } }, async (req) => {
    const { days } = await readable(req, req.params.ref);
    return {
      sources: LOG_SCHEMA_CATALOGUE.map((s) => ({
        name: s.name,
        reference: s.reference,
        source_id: tableSources.get(s.reference) ?? null,
        ...(s.description ? { description: s.description } : {}),
        fields: s.fields.map((f) => ({ ...f })),
      })),
      retention_days: days,
    };
  });

  r.get('/platform/projects/:ref/analytics/templates', { schema: { tags, summary: 'Log query templates per source', params: RefParamsSchema, response: { 200: LogQueryTemplateListSchema } } }, async (req) => {
    await readable(req, req.params.ref);
    return { templates: LOG_QUERY_TEMPLATES.map((t) => ({ ...t })) };
  });

  r.post(
    '/platform/projects/:ref/analytics/endpoints/logs.all',
    { schema: { tags, summary: "Runs one SELECT over the project's log sources, within a time range", params: RefParamsSchema, body: LogSqlQuerySchema, response: { 200: LogSqlResultSchema } } },
    async (req) => {
      const { ref, userId, days } = await readable(req, req.params.ref);
      const { from, to } = logQueryRange(req.body.iso_timestamp_start, req.body.iso_timestamp_end, days);
      const remember = (rows: number | null, error: string | null) =>
        app.logStore.db
          .transaction(async (tx) => {
            await tx.query('insert into recent_log_queries (project_ref, user_id, sql, range_start, range_end, rows, error) values ($1, $2, $3, $4, $5, $6, $7)', [
              ref, userId, req.body.sql, from.toISOString(), to.toISOString(), rows, error,
            ]);
            await tx.query(
              `delete from recent_log_queries where project_ref = $1 and user_id = $2 and id not in
                (select id from recent_log_queries where project_ref = $1 and user_id = $2 order by id desc limit ${RECENT_LOG_QUERIES_KEPT})`,
              [ref, userId],
            );
          })
          .catch((err: unknown) => req.log.warn({ err }, 'a recent log query was not kept'));
      try {
        const out = await app.logStore.queries.run({ ref, sql: req.body.sql, retentionDays: days, from, to, limit: req.body.limit });
        await remember(out.result.length, null);
        return { ...out, retention_days: days };
      } catch (err) {
        if (err instanceof HttpError && err.status < 500) await remember(null, err.message);
        throw err;
      }
    },
  );

  r.get('/platform/projects/:ref/analytics/recent-queries', { schema: { tags, summary: "The caller's recent log queries, newest first", params: RefParamsSchema, response: { 200: RecentLogQueryListSchema } } }, async (req) => {
    const { ref, userId } = await readable(req, req.params.ref);
    const rows = await app.logStore.db.query<{ id: string; sql: string; range_start: Date; range_end: Date; ran_at: Date; rows: number | null; error: string | null }>(
      `select id, sql, range_start, range_end, ran_at, rows, error from recent_log_queries where project_ref = $1 and user_id = $2 order by id desc limit ${RECENT_LOG_QUERIES_KEPT}`,
      [ref, userId],
    );
    return {
      queries: rows.rows.map((q) => ({
        id: Number(q.id), sql: q.sql, iso_timestamp_start: iso(q.range_start), iso_timestamp_end: iso(q.range_end), ran_at: iso(q.ran_at), rows: q.rows, error: q.error,
      })),
    };
  });

  const SAVED = 'id, name, description, sql, created_by, created_at, updated_at';
  /** Saved queries are a feature of the hosted platform (000 §2.1: /logs/explorer/saved, hosted only): a self-hosted build has none. */
  const hostedOnly = () => {
    if (deps.services.config.buildMode !== 'hosted') {
      throw new HttpError(404, 'Saved log queries are only available on the hosted platform: this console is a self-hosted build (recent queries and templates are available)', 'hosted_only');
    }
  };
  r.get('/platform/projects/:ref/analytics/saved-queries', { schema: { tags, summary: "The team's saved log queries", params: RefParamsSchema, response: { 200: SavedLogQueryListSchema } } }, async (req) => {
    hostedOnly();
    const { ref } = await readable(req, req.params.ref);
    const rows = await app.logStore.db.query<SavedRow>(`select ${SAVED} from saved_log_queries where project_ref = $1 order by lower(name), id`, [ref]);
    return { queries: rows.rows.map(savedOf) };
  });

  r.post('/platform/projects/:ref/analytics/saved-queries', { schema: { tags, summary: 'Saves a log query for the team', params: RefParamsSchema, body: SavedLogQueryCreateSchema, response: { 200: SavedLogQuerySchema } } }, async (req) => {
    hostedOnly();
    const { ref, userId } = await readable(req, req.params.ref);
    const row = await app.logStore.db.query<SavedRow>(
      `insert into saved_log_queries (project_ref, name, description, sql, created_by) values ($1, $2, $3, $4, $5) returning ${SAVED}`,
      [ref, req.body.name, req.body.description, req.body.sql, userId],
    );
    return savedOf(row.rows[0]!);
  });

  r.patch('/platform/projects/:ref/analytics/saved-queries/:id', { schema: { tags, summary: 'Edits a saved log query', params: SavedParams, body: SavedLogQueryEditSchema, response: { 200: SavedLogQuerySchema } } }, async (req) => {
    hostedOnly();
    const { ref } = await readable(req, req.params.ref);
    const b = req.body;
    const row = await app.logStore.db.query<SavedRow>(
      `update saved_log_queries set name = coalesce($3, name), description = coalesce($4, description), sql = coalesce($5, sql), updated_at = now()
        where project_ref = $1 and id = $2 returning ${SAVED}`,
      [ref, req.params.id, b.name ?? null, b.description ?? null, b.sql ?? null],
    );
    if (!row.rows[0]) throw new HttpError(404, 'There is no saved query with this id in the project');
    return savedOf(row.rows[0]);
  });

  r.delete('/platform/projects/:ref/analytics/saved-queries/:id', { schema: { tags, summary: 'Deletes a saved log query (for the whole team)', params: SavedParams, response: { 200: SavedLogQuerySchema } } }, async (req) => {
    hostedOnly();
    const { ref } = await readable(req, req.params.ref);
    const row = await app.logStore.db.query<SavedRow>(`delete from saved_log_queries where project_ref = $1 and id = $2 returning ${SAVED}`, [ref, req.params.id]);
    if (!row.rows[0]) throw new HttpError(404, 'There is no saved query with this id in the project');
    return savedOf(row.rows[0]);
  });
};
