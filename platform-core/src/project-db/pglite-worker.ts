/**
 * A worker thread that owns one project's PGlite database. It answers one request at a time;
 * the main thread enforces timeouts by terminating the thread (PGlite has no statement timer).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { RoleContext, WireResult, WorkerInit, WorkerRequest, WorkerResponse } from './protocol';
import { quoteIdent } from '../database-error';
import { USER_SESSION_RESET } from './session-reset';
import { PLATFORM_SEARCH_PATH } from './owner-role';
import { PGLITE_EXTENSIONS } from './extensions-pglite';

const init = workerData as WorkerInit;
const port = parentPort!;
const send = (msg: WorkerResponse) => port.postMessage(msg);

type Runner = Pick<Transaction, 'query' | 'exec'>;

async function applyContext(tx: Runner, ctx: RoleContext): Promise<void> {
  if (ctx.role) await tx.exec(`set local role ${quoteIdent(ctx.role)}`);
  if (ctx.claims) await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(ctx.claims)]);
}

const wire = (r: { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number }): WireResult => ({
  rows: r.rows as Record<string, unknown>[],
  fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
  affectedRows: r.affectedRows,
});

/**
 * After each request: does the database still answer `select 1`? Some statements (COPY … PROGRAM,
 * also from dynamic SQL) leave PGlite answering every later query with no rows; the main thread
 * then ends this thread and the next request opens the files afresh. Inside a transaction that an
 * error aborted, Postgres refuses every query until rollback, so the probe is skipped there. A
 * transaction the main thread runs is checked once, at its COMMIT or ROLLBACK (see `probed`).
 */
async function healthy(db: PGlite, req: WorkerRequest): Promise<boolean> {
  if (req.op === 'close') return true;
  try {
    if (!db.isInTransaction()) {
      // The session is shared by every call of the project: a SET ROLE, SET SESSION AUTHORIZATION or
      // other setting a user's statement left behind (directly, or in a function or trigger it
      // defined) must not carry into the API's next call, so each request ends with the session
      // as it began.
      const r = await db.exec(`${USER_SESSION_RESET}; select 1 as ok`);
      return (r[r.length - 1]?.rows[0] as { ok?: number } | undefined)?.ok === 1;
    }
    const r = await db.query<{ ok: number }>('select 1 as ok');
    return r.rows[0]?.ok === 1;
  } catch (err) {
    return (err as { code?: string })?.code === '25P02' && req.op !== 'size' && !!req.inTransaction;
  }
}

/** A successful request is followed by the probe unless it is a step inside a transaction that has not ended yet. */
const probed = (req: WorkerRequest) => req.op !== 'close' && !((req.op === 'query' || req.op === 'exec') && req.inTransaction && !req.endsTransaction);

/** A statement of the platform set the search path for the rest of the transaction it runs in. */
let pinnedInTransaction = false;

async function main() {
  let db: PGlite;
  try {
    db = await PGlite.create(init.dataDir, { extensions: PGLITE_EXTENSIONS, ...(init.pgliteWasmModule ? { pgliteWasmModule: init.pgliteWasmModule } : {}) });
    await db.query('select 1');
  } catch (err) {
    send({ id: -1, ready: false, error: { message: (err as Error)?.message ?? String(err) } });
    return;
  }
  send({ id: -1, ready: true });
  port.on('message', async (req: WorkerRequest) => {
    try {
      let result: unknown;
      if (req.op === 'query' || req.op === 'exec') {
        if (req.begin) await db.exec('begin');
        // The platform's own statements see pg_catalog alone on their path; in a transaction for
        // this statement (a later one as an API role or for a user gets the session's path back),
        // outside one until the reset after the request.
        if (req.begin) pinnedInTransaction = false;
        if (req.platform && !req.endsTransaction) {
          await db.query(`select pg_catalog.set_config('search_path', $1, $2)`, [PLATFORM_SEARCH_PATH, !!req.inTransaction]);
          pinnedInTransaction = !!req.inTransaction;
        } else if (req.inTransaction && pinnedInTransaction && !req.endsTransaction) {
          await db.exec('reset search_path');
          pinnedInTransaction = false;
        }
        const run = async (tx: Runner) => (req.op === 'query' ? wire(await tx.query(req.sql, req.params)) : (await tx.exec(req.sql)).map(wire));
        if (req.ctx && (req.ctx.role || req.ctx.claims)) {
          const ctx = req.ctx;
          if (req.inTransaction) {
            await applyContext(db, ctx);
            result = await run(db);
          } else {
            result = await db.transaction(async (tx) => {
              await applyContext(tx, ctx);
              return run(tx);
            });
          }
        } else {
          result = await run(db);
        }
      } else if (req.op === 'size') {
        const r = await db.query<{ size: number }>('select pg_database_size(current_database())::float8 as size');
        result = r.rows[0]?.size ?? 0;
      } else {
        await db.close();
        result = null;
      }
      if (probed(req) && !(await healthy(db, req))) {
        send({ id: req.id, ok: false, wedged: true, error: { message: 'The project database stopped answering after this statement' } });
        return;
      }
      if ((req.op === 'query' || req.op === 'exec') && !req.inTransaction && db.isInTransaction()) {
        // A run that leaves a transaction open would hold every later call of the project inside it.
        await db.exec('rollback');
        send({ id: req.id, ok: false, error: { message: 'The statement left a transaction open; it was rolled back. End the transaction (COMMIT or ROLLBACK) in the same run.', code: '25001' } });
        return;
      }
      send({ id: req.id, ok: true, result });
    } catch (err) {
      const e = err as { message?: string; code?: string; detail?: string; hint?: string; position?: string };
      if ((req.op === 'query' || req.op === 'exec') && !req.inTransaction && db.isInTransaction()) await db.exec('rollback').catch(() => undefined);
      const wedged = !(await healthy(db, req));
      send({ id: req.id, ok: false, wedged, error: { message: e?.message ?? String(err), code: e?.code, detail: e?.detail, hint: e?.hint, position: e?.position } });
    }
  });
}

void main();
