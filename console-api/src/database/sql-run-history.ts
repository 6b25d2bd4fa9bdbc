import { PERMISSIONS } from '@plinth/shared-contracts';
import { SQL_HISTORY_KEPT, SQL_HISTORY_PAGE_MAX, SqlHistoryPageSchema, type SqlHistoryEntry, type SqlRunStatus } from '@plinth/contracts-database';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ControlDatabase, ProjectAccess, RouteModule } from '@plinth/platform-core/deps';
import { isoTime } from '@plinth/platform-core/common/control-schema';
import { RefParamsSchema } from '@plinth/platform-core/common/http';

// The history of what was run in the SQL editor, per project and user, in the control database
// (migration 0170). Only runs the editor asks to keep are kept (not its own catalog queries), at
// most SQL_HISTORY_KEPT per project and user, and each text up to HISTORY_SQL_MAX characters.

export const HISTORY_SQL_MAX = 100_000;

export interface RunRecord {
  sql: string;
  durationMs: number;
  rows: number | null;
  status: SqlRunStatus;
  error: string | null;
}

interface Row {
  id: number;
  sql: string;
  ran_at: unknown;
  duration_ms: number;
  row_count: number | null;
  status: SqlRunStatus;
  error: string | null;
}

/** Keeps one run of the caller in the project's history, dropping the oldest beyond the kept count. */
export async function recordRun(control: ControlDatabase, access: ProjectAccess, run: RunRecord): Promise<void> {
  await control.transaction(async (tx) => {
    await tx.query(
      `insert into sql_run_history (project_ref, user_id, sql, duration_ms, row_count, status, error)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [access.project.ref, access.user.id, run.sql.slice(0, HISTORY_SQL_MAX), Math.round(run.durationMs), run.rows, run.status, run.error],
    );
    await tx.query(
      `delete from sql_run_history where project_ref = $1 and user_id = $2 and id <= (
         select id from sql_run_history where project_ref = $1 and user_id = $2 order by id desc offset $3 limit 1)`,
      [access.project.ref, access.user.id, SQL_HISTORY_KEPT],
    );
  });
}

/** The caller's runs in a project, newest first, a page at a time (keyset on the id). */
export async function listRuns(control: ControlDatabase, access: ProjectAccess, before: number | undefined, limit: number) {
  const r = await control.query<Row>(
    `select id, sql, ran_at, duration_ms, row_count, status, error from sql_run_history
      where project_ref = $1 and user_id = $2 and ($3::bigint is null or id < $3::bigint)
      order by id desc limit $4`,
    [access.project.ref, access.user.id, before ?? null, limit + 1],
  );
  const entries: SqlHistoryEntry[] = r.rows.slice(0, limit).map((row) => ({
    id: Number(row.id),
    sql: row.sql,
    ranAt: isoTime(row.ran_at),
    durationMs: Number(row.duration_ms),
    rows: row.row_count === null ? null : Number(row.row_count),
    status: row.status,
    error: row.error,
  }));
  return { entries, next: r.rows.length > limit ? entries[entries.length - 1]!.id : null };
}

const HistoryQuerySchema = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(SQL_HISTORY_PAGE_MAX).default(50),
});

/** GET /platform/pg-meta/{ref}/query/history: the caller's SQL runs in the project. */
export const sqlHistoryRoutes: RouteModule = (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/platform/pg-meta/:ref/query/history',
    { schema: { params: RefParamsSchema, querystring: HistoryQuerySchema, response: { 200: SqlHistoryPageSchema } } },
    async (req) => {
      const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.SQL_QUERY_RUN);
      return listRuns(deps.control, access, req.query.before, req.query.limit);
    },
  );
};
