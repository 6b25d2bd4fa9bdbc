import { PERMISSIONS, SqlRowsPageSchema, SqlRowsRequestSchema } from '@plinth/shared-contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DatabaseError } from '../../core/database-error';
import { HttpError, type ApiDeps, type ProjectDatabase, type QueryResult } from '../../core/deps';
import { jsonSafeRows } from '../common/json-rows';
import { RefParamsSchema } from '../common/http';

// A large result of the SQL editor on the embedded database. Reading 100,000 rows out of PGlite
// takes seconds (the query itself, milliseconds), so the last statement, when it is a plain
// SELECT, runs as a held cursor: the run answers its first rows and the total at once, and the
// editor fetches the rest page by page (POST query/rows). The cursor is materialized when the run
// ends, so the statement's time limit covers the query and errors come with the run, never later.
// On a Postgres server the run answers every row at once (its driver reads them fast).

/** Rows the run answers at once. */
export const FIRST_ROWS = 1_000;
/** Cursors kept per project; a run beyond that closes the oldest. */
const CURSORS_PER_PROJECT = 4;
/** A cursor not read for this long is closed at the next run of its project. */
const CURSOR_IDLE_MS = 10 * 60_000;
const TOTAL_COLUMN = '__plinth_total_rows';

interface OpenCursor {
  name: string;
  userId: string;
  /** Rows the editor may read: the total, cut at the run's row limit. */
  available: number;
  columns: string[];
  usedAt: number;
}
const cursors = new Map<string, Map<string, OpenCursor>>();
const byProject = (ref: string) => {
  let m = cursors.get(ref);
  if (!m) cursors.set(ref, (m = new Map()));
  return m;
};

const cursorName = (runId: string) => `"plinth_rows_${runId.replace(/-/g, '_')}"`;

type Statement = { text: string; start: number; tree: Record<string, unknown> };

/** A SELECT a held cursor can run: no INTO, no FOR UPDATE/SHARE, no data-changing WITH. */
export function pageable(statement: Statement | undefined): boolean {
  const select = statement?.tree.SelectStmt as Record<string, unknown> | undefined;
  if (!select || select.intoClause || select.lockingClause) return false;
  const ctes = ((select.withClause as { ctes?: { CommonTableExpr?: { ctequery?: Record<string, unknown> } }[] } | undefined)?.ctes ?? []);
  return ctes.every((cte) => Object.keys(cte.CommonTableExpr?.ctequery ?? { SelectStmt: 1 })[0] === 'SelectStmt');
}

export interface PagedRun {
  sql: string;
  /** Where the cursor's words were put in the user's text, and how long they are. */
  at: number;
  inserted: number;
  runId: string;
  firstRows: number;
}

/** The user's text with its last statement declared as a held cursor, its first rows fetched; null when it cannot be. */
export function pagedRun(query: string, statements: Statement[] | null, runId: string | undefined, rowLimit: number | undefined): PagedRun | null {
  const last = statements?.[statements.length - 1];
  if (!runId || !last || !pageable(last)) return null;
  const end = last.start + last.text.length;
  const name = cursorName(runId);
  const before = `declare ${name} scroll cursor with hold for select *, count(*) over () as ${TOTAL_COLUMN} from (\n`;
  const firstRows = Math.min(FIRST_ROWS, rowLimit ?? FIRST_ROWS);
  const after = `\n) as plinth_rows;\nfetch forward ${firstRows} from ${name}`;
  return { sql: query.slice(0, last.start) + before + query.slice(last.start, end) + after, at: last.start, inserted: before.length, runId, firstRows };
}

/** A database error of a paged run, its position counted in the user's text again. */
export function userPosition(err: unknown, run: PagedRun): unknown {
  if (!(err instanceof DatabaseError) || !err.position) return err;
  const p = Number(err.position);
  if (!Number.isFinite(p) || p - 1 < run.at) return err;
  const moved = p - 1 < run.at + run.inserted ? run.at + 1 : p - run.inserted;
  return new DatabaseError(err.message, err.code, err.detail, err.hint, String(moved));
}

/**
 * The run's results as the user's statements gave them (the declare's own result left out, the
 * fetched rows standing for the last statement's), the cursor kept for the rest of its rows.
 */
export async function keepCursor(db: ProjectDatabase, userId: string, run: PagedRun, results: QueryResult[], rowLimit: number | undefined) {
  const fetched = results[results.length - 1]!;
  const fields = fetched.fields.filter((f) => f.name !== TOTAL_COLUMN);
  const total = Number(fetched.rows[0]?.[TOTAL_COLUMN] ?? 0);
  const rows = fetched.rows.map((row) => {
    const { [TOTAL_COLUMN]: _total, ...rest } = row;
    return rest;
  });
  const available = Math.min(total, rowLimit ?? total);
  const last: QueryResult = { ...fetched, fields, rows, affectedRows: undefined };
  const own = [...results.slice(0, -2), last];
  if (available <= rows.length) {
    await closeCursor(db, cursorName(run.runId));
    return { results: own, total, cursor: undefined };
  }
  const open = byProject(db.ref);
  open.set(run.runId, { name: cursorName(run.runId), userId, available, columns: fields.map((f) => f.name), usedAt: Date.now() });
  await closeStale(db);
  return { results: own, total, cursor: run.runId };
}

async function closeCursor(db: ProjectDatabase, name: string) {
  await db.exec(`close ${name}`).catch(() => undefined);
}

/** Closes cursors left idle, and the oldest beyond the project's allowance. */
async function closeStale(db: ProjectDatabase) {
  const open = byProject(db.ref);
  const now = Date.now();
  const oldestFirst = [...open.entries()].sort((a, b) => a[1].usedAt - b[1].usedAt);
  for (const [i, [runId, c]] of oldestFirst.entries()) {
    if (now - c.usedAt > CURSOR_IDLE_MS || oldestFirst.length - i > CURSORS_PER_PROJECT) {
      open.delete(runId);
      await closeCursor(db, c.name);
    }
  }
}

const GONE = 'This result is no longer kept: run the query again to see its rows.';

/** POST query/rows: the next page of a large result; the cursor closes with its last page. */
export function sqlRunRowsRoute(fastify: FastifyInstance, deps: ApiDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/platform/pg-meta/:ref/query/rows',
    { schema: { params: RefParamsSchema, body: SqlRowsRequestSchema, response: { 200: SqlRowsPageSchema } } },
    async (req) => {
      const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.SQL_QUERY_RUN);
      const open = byProject(req.params.ref);
      const c = open.get(req.body.cursor);
      if (!c || c.userId !== String(access.user.id)) throw new HttpError(404, GONE, 'RESULT_GONE', 'cursor');
      const db = await deps.databases.get(req.params.ref);
      const limit = Math.max(0, Math.min(req.body.limit, c.available - req.body.offset));
      c.usedAt = Date.now();
      let rows: Record<string, unknown>[] = [];
      if (limit > 0) {
        try {
          const results = await db.exec(`move absolute ${req.body.offset} in ${c.name};\nfetch forward ${limit} from ${c.name}`);
          rows = results[results.length - 1]?.rows ?? [];
        } catch (err) {
          // The database was restarted (idle, a statement over its time) and the cursor with it.
          open.delete(req.body.cursor);
          if (err instanceof DatabaseError && err.code === '34000') throw new HttpError(404, GONE, 'RESULT_GONE', 'cursor');
          throw err;
        }
      }
      const done = req.body.offset + limit >= c.available;
      if (done) {
        open.delete(req.body.cursor);
        await closeCursor(db, c.name);
      }
      return { rows: jsonSafeRows(rows).map((row) => c.columns.map((name) => row[name] ?? null)), done };
    },
  );
}
