import { PERMISSIONS } from '@plinth/shared-contracts';
import { SqlRowsPageSchema, SqlRowsRequestSchema } from '@plinth/contracts-database';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DatabaseError } from '@plinth/platform-core/database-error';
import { HttpError, type ApiDeps, type ProjectDatabase, type QueryResult } from '@plinth/platform-core/deps';
import type { HeldSession } from '@plinth/platform-core/project-db/held-session';
import { jsonSafeRows } from '@plinth/platform-core/common/json-rows';
import { RefParamsSchema } from '@plinth/platform-core/common/http';

// A large result of the SQL editor. Reading 100,000 rows out of the database and sending them
// takes seconds (the query itself, milliseconds), so the last statement, when it is a plain
// SELECT, runs as a held cursor: the run answers its first rows and the total at once, and the
// editor fetches the rest page by page (POST query/rows). The cursor is materialized when the run
// ends, so the statement's time limit covers the query and errors come with the run, never later.
// On a Postgres server a cursor lives in the session that declared it: the run goes on a
// connection of the project role that serves no one else while it holds the result
// (core/project-db/held-session.ts), outside the pools, at most as many per project as the role's
// connection limit leaves beside them. Once its rows are all read the connection is wiped
// (DISCARD ALL) and kept for the project's next paged run (one spare); it is closed after
// CURSOR_IDLE_MS unread (a timer, as for every cursor), when a newer result needs its place, and
// with the project's database (pause, restore, idle close, API shutdown). When none can be held,
// the run answers every row at once.
// A result is found by (project, member, run id) alone: another member, or the same run id
// under another project, never reaches it.

/** Rows the run answers at once. */
export const FIRST_ROWS = 1_000;
/** Cursors kept per project; a run beyond that closes the oldest. */
export const CURSORS_PER_PROJECT = 4;
/** A cursor not read for this long is closed (by a timer). */
export const CURSOR_IDLE_MS = 10 * 60_000;
const TOTAL_COLUMN = '__plinth_total_rows';

interface OpenCursor {
  name: string;
  /** Rows the editor may read: the total, cut at the run's row limit. */
  available: number;
  columns: string[];
  usedAt: number;
  /** Server: the session holding the cursor, and the timer that closes it when left unread. */
  session?: HeldSession;
  idle?: ReturnType<typeof setTimeout>;
}
/** Per project, by member and run id. */
const cursors = new Map<string, Map<string, OpenCursor>>();
const keyOf = (userId: string, runId: string) => `${userId}/${runId}`;
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
export async function keepCursor(db: ProjectDatabase, userId: string, run: PagedRun, results: QueryResult[], rowLimit: number | undefined, session?: HeldSession) {
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
    if (session) await session.release();
    else await closeCursor(db, cursorName(run.runId));
    return { results: own, total, cursor: undefined };
  }
  const open = byProject(db.ref);
  const key = keyOf(userId, run.runId);
  const previous = open.get(key);
  // The same run id again: a server's older session goes (embedded, its cursor name is the new one's).
  if (previous?.session) await closeEntry(db, open, key, previous);
  else if (previous?.idle) clearTimeout(previous.idle);
  const c: OpenCursor = { name: cursorName(run.runId), available, columns: fields.map((f) => f.name), usedAt: Date.now(), session };
  open.set(key, c);
  keepAwhile(db, open, key, c);
  await closeStale(db);
  return { results: own, total, cursor: run.runId };
}

async function closeCursor(db: ProjectDatabase, name: string) {
  await db.exec(`close ${name}`).catch(() => undefined);
}

/** Forgets a kept result and closes its cursor (server: its session, kept as a spare when the result was read to its end). */
async function closeEntry(db: ProjectDatabase, open: Map<string, OpenCursor>, key: string, c: OpenCursor, read = false) {
  if (open.get(key) === c) open.delete(key);
  if (c.idle) clearTimeout(c.idle);
  if (c.session) await (read ? c.session.release() : c.session.close());
  // An embedded database's worker that stopped took its cursors with it: it is not woken to close one.
  else if (db.running) await closeCursor(db, c.name);
}

/** (Re)starts the timer that closes a result left unread. */
function keepAwhile(db: ProjectDatabase, open: Map<string, OpenCursor>, key: string, c: OpenCursor) {
  if (c.idle) clearTimeout(c.idle);
  c.idle = setTimeout(() => void closeEntry(db, open, key, c), CURSOR_IDLE_MS);
  c.idle.unref?.();
}

/** Closes the oldest cursors beyond the project's allowance, and those whose session ended (idle ones close by their timer). */
async function closeStale(db: ProjectDatabase) {
  const open = byProject(db.ref);
  const oldestFirst = [...open.entries()].sort((a, b) => a[1].usedAt - b[1].usedAt);
  for (const [i, [key, c]] of oldestFirst.entries()) {
    if (oldestFirst.length - i > CURSORS_PER_PROJECT || c.session?.closed) {
      await closeEntry(db, open, key, c);
    }
  }
}

const GONE = 'This result is no longer kept: run the query again to see its rows.';
const LOST = 'The connection holding this result was lost (the database restarted or its session was ended): run the query again to see its rows.';

/** POST query/rows: the next page of a large result; the cursor closes with its last page. */
export function sqlRunRowsRoute(fastify: FastifyInstance, deps: ApiDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/platform/pg-meta/:ref/query/rows',
    { schema: { params: RefParamsSchema, body: SqlRowsRequestSchema, response: { 200: SqlRowsPageSchema } } },
    async (req) => {
      const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.SQL_QUERY_RUN);
      const open = byProject(req.params.ref);
      const key = keyOf(String(access.user.id), req.body.cursor);
      const c = open.get(key);
      if (!c) throw new HttpError(404, GONE, 'RESULT_GONE', 'cursor');
      const db = await deps.databases.get(req.params.ref);
      const gone = async () => {
        await closeEntry(db, open, key, c);
        return new HttpError(404, c.session?.lost ? LOST : GONE, 'RESULT_GONE', 'cursor');
      };
      // Server: the session was closed meanwhile (a newer result took its place, the database closed) or broke.
      if (c.session?.closed) throw await gone();
      const limit = Math.max(0, Math.min(req.body.limit, c.available - req.body.offset));
      c.usedAt = Date.now();
      keepAwhile(db, open, key, c);
      let rows: Record<string, unknown>[] = [];
      if (limit > 0) {
        const sql = `move absolute ${req.body.offset} in ${c.name};\nfetch forward ${limit} from ${c.name}`;
        try {
          const results = c.session ? await c.session.read(sql) : await db.exec(sql);
          rows = results[results.length - 1]?.rows ?? [];
        } catch (err) {
          // The database was restarted (idle, a statement over its time) and the cursor with it.
          if (c.session || (err instanceof DatabaseError && err.code === '34000')) throw await gone();
          open.delete(key);
          throw err;
        }
      }
      const done = req.body.offset + limit >= c.available;
      if (done) await closeEntry(db, open, key, c, true);
      return { rows: jsonSafeRows(rows).map((row) => c.columns.map((name) => row[name] ?? null)), done };
    },
  );
}
