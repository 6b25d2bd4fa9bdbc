/**
 * A worker thread that owns one project's PGlite database. It answers one request at a time;
 * the main thread enforces timeouts by terminating the thread (PGlite has no statement timer).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { RoleContext, WireAnswer, WireResult, WorkerInit, WorkerRequest, WorkerResponse } from './protocol';
import { quoteIdent } from '../database-error';
import { USER_SESSION_RESET } from './session-reset';
import { PLATFORM_SEARCH_PATH } from './owner-role';
import { LOAD_LIBRARIES_ON_USE, PGLITE_EXTENSIONS } from './extensions-pglite';

const init = workerData as WorkerInit;
const port = parentPort!;
const send = (msg: WorkerResponse) => port.postMessage(msg);

type Runner = Pick<Transaction, 'query' | 'exec'>;

/** Settings the session starts with (the project's vault key, vault-key.ts): set at start and again after every reset. */
let sessionSettings: [string, string][] = init.sessionSettings ?? [];
async function applySessionSettings(db: PGlite): Promise<void> {
  for (const [name, value] of sessionSettings) await db.query('select pg_catalog.set_config($1, $2, false)', [name, value]);
}

/**
 * The channels the platform listens on (ProjectDatabase.listen): each NOTIFY on one is posted to the
 * main thread, whichever call or wire connection committed it. A person's UNLISTEN or DISCARD ALL
 * cannot stop it for long: LISTEN is sent again with every reset.
 */
const channels = new Set<string>();
async function listenOn(db: PGlite, channel: string): Promise<void> {
  if (channels.has(channel)) return;
  await db.listen(channel, (payload) => send({ id: -2, notify: { channel, payload } }));
  channels.add(channel);
}
const relisten = () => [...channels].map((c) => `listen ${quoteIdent(c)}; `).join('');

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
      const r = await db.exec(`${USER_SESSION_RESET}; ${relisten()}select 1 as ok`);
      const ok = (r[r.length - 1]?.rows[0] as { ok?: number } | undefined)?.ok === 1;
      if (ok) await applySessionSettings(db);
      return ok;
    }
    const r = await db.query<{ ok: number }>('select 1 as ok');
    return r.rows[0]?.ok === 1;
  } catch (err) {
    return (err as { code?: string })?.code === '25P02' && (req.op === 'query' || req.op === 'exec') && !!req.inTransaction;
  }
}

/** A successful request is followed by the probe unless it is a step inside a transaction that has not ended yet. */
const probed = (req: WorkerRequest) => req.op !== 'close' && !((req.op === 'query' || req.op === 'exec') && req.inTransaction && !req.endsTransaction);

/** The transaction status of the last ReadyForQuery ('Z', length 5, status) in a backend's messages. */
function readyStatus(data: Uint8Array): WireAnswer['status'] {
  let at = 0;
  let status: WireAnswer['status'] = null;
  while (at + 5 <= data.length) {
    const length = ((data[at + 1]! << 24) | (data[at + 2]! << 16) | (data[at + 3]! << 8) | data[at + 4]!) >>> 0;
    if (data[at] === 0x5a && length === 5 && at + 6 <= data.length) status = String.fromCharCode(data[at + 5]!) as WireAnswer['status'];
    at += 1 + length;
  }
  return status;
}

const decoder = new TextDecoder();

/**
 * The backend's messages without the NotificationResponses ('A') of the platform's own channels:
 * the person's connection did not LISTEN on them (the session is shared with the platform's).
 */
function withoutPlatformNotifications(data: Uint8Array): Uint8Array {
  if (!channels.size) return data;
  const kept: Uint8Array[] = [];
  let from = 0;
  let at = 0;
  while (at + 5 <= data.length) {
    const length = ((data[at + 1]! << 24) | (data[at + 2]! << 16) | (data[at + 3]! << 8) | data[at + 4]!) >>> 0;
    const end = at + 1 + length;
    if (data[at] === 0x41 && end <= data.length) {
      const nameAt = at + 9;
      const zero = data.indexOf(0, nameAt);
      if (zero > 0 && zero < end && channels.has(decoder.decode(data.subarray(nameAt, zero)))) {
        kept.push(data.subarray(from, at));
        from = end;
      }
    }
    at = end;
  }
  if (from === 0) return data;
  kept.push(data.subarray(from));
  const out = new Uint8Array(kept.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of kept) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * A person's wire protocol messages (wire-server.ts): the connection's settings set again when the
 * session was reset since, the messages run as they came, and when no transaction is left open the
 * session's own settings read back (the main thread keeps them for the connection's next messages).
 * The session is then reset by the health probe after the request, like every other call.
 */
async function runWire(db: PGlite, req: Extract<WorkerRequest, { op: 'wire' }>): Promise<WireAnswer> {
  for (const [name, value] of req.restore ?? []) await db.query('select pg_catalog.set_config($1, $2, false)', [name, value]);
  const data = withoutPlatformNotifications(await db.execProtocolRaw(req.data, { syncToFs: true }));
  const status = readyStatus(data);
  if (status !== 'I') return { data, status };
  const settings = await db.query<{ name: string; setting: string }>(
    `select name, setting from pg_catalog.pg_settings where source operator(pg_catalog.=) 'session'
       and name operator(pg_catalog.<>) all (array['transaction_isolation', 'transaction_read_only', 'transaction_deferrable'])`,
  );
  return { data, status, settings: settings.rows.map((r) => [r.name, r.setting]) };
}

/** A statement of the platform set the search path for the rest of the transaction it runs in. */
let pinnedInTransaction = false;

async function main() {
  let db: PGlite;
  try {
    db = await PGlite.create(init.dataDir, { extensions: { ...PGLITE_EXTENSIONS, LOAD_LIBRARIES_ON_USE }, ...(init.pgliteWasmModule ? { pgliteWasmModule: init.pgliteWasmModule } : {}) });
    await db.query('select 1');
    await applySessionSettings(db);
    for (const channel of init.channels ?? []) await listenOn(db, channel);
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
      } else if (req.op === 'wire') {
        result = await runWire(db, req);
        if ((result as WireAnswer).status !== 'I') {
          // Inside the person's transaction: the session stays as it is until it ends.
          send({ id: req.id, ok: true, result });
          return;
        }
      } else if (req.op === 'settings') {
        sessionSettings = req.settings;
        result = null;
      } else if (req.op === 'listen') {
        await listenOn(db, req.channel);
        result = null;
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
