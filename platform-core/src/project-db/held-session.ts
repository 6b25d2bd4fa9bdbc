import pg from 'pg';
import type { QueryResult } from '../core-types';
import { toDatabaseError } from '../database-error';
import { refuseUnsupportedStatements } from './unsupported-statements';
import { USER_SESSION_RESET } from './session-reset';
import { cancelBackend, withOutsideLimit } from './cancel-backend';
import { sessionSettingOptions } from './vault-key';

// Server mode: a connection of the project's own role kept for one SQL editor run whose large
// result the editor reads page by page (a held cursor lives in the session that declared it). It
// belongs to no pool: it is opened for that run, never handed to anyone else, and closed when the
// result is dropped, idle, evicted, or when the project's database closes; once its result is
// read to the end it is wiped as a new session (DISCARD ALL) and kept for the project's next paged
// run (one such spare per project, closed after the pools' idle time). The run on it
// keeps the guarantees of a run on the user pool: the statement time limit (the connection's
// default and the run's own), cancel (the run tags the session), and after the run the session is
// reset (role, settings, temporary tables) before anything else is read on it.

/** How a page read may wait on a connection that stopped answering before it is given up. */
const PAGE_WAIT_MS = 30_000;
/** How long a close waits for the server to end the session before the socket is dropped. */
const CLOSE_WAIT_MS = 2_000;
/** What the held connection is named in pg_stat_activity between reads (a run renames it while it runs). */
export const HELD_SESSION_NAME = 'plinth_held_result';
/** What a wiped session kept for the next paged run is named. */
export const SPARE_SESSION_NAME = 'plinth_held_spare';

export interface HeldSessionOptions {
  connectionString: string;
  defaultTimeoutMs: number;
  /** Settings the session starts with (the project's vault key, vault-key.ts). */
  sessionSettings?: [string, string][];
  /** Wraps each run and read: the database counts it as a call in flight. */
  track: <T>(work: () => Promise<T>) => Promise<T>;
  /** Told once when the session ends, however it ends. */
  onEnd: (session: HeldSession) => void;
  /** Its result is read: the database parks it for the next paged run or closes it. */
  release: (session: HeldSession) => Promise<void>;
}

const toResults = (r: pg.QueryResult | pg.QueryResult[]): QueryResult[] =>
  (Array.isArray(r) ? r : [r]).map((x) => ({ rows: x.rows, fields: (x.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })), affectedRows: x.rowCount ?? undefined }));

export class HeldSession {
  private readonly client: pg.Client;
  private ended = false;
  /** The connection broke under it (the server restarted, its backend was ended). */
  lost = false;
  /** A run or a read is in progress (from its opening until its run ends: never evicted before). */
  working = true;
  usedAt = Date.now();
  /** Wiped and kept for the project's next paged run. */
  parked = false;
  private parkedTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly opts: HeldSessionOptions) {
    this.client = new pg.Client({
      connectionString: opts.connectionString,
      options: `-c statement_timeout=${opts.defaultTimeoutMs}${sessionSettingOptions(opts.sessionSettings)}`,
      application_name: HELD_SESSION_NAME,
      keepAlive: true,
    });
    // A connection that dies while held reports on the client; the session ends with it.
    this.client.on('error', () => this.drop(true));
    this.client.on('end', () => this.drop(!this.ended));
  }

  get closed(): boolean {
    return this.ended;
  }

  async connect(): Promise<void> {
    try {
      await this.client.connect();
    } catch (err) {
      this.drop(false);
      throw toDatabaseError(err);
    }
  }

  private async work<T>(fn: () => Promise<T>): Promise<T> {
    if (this.ended) throw new Error('The held result is closed');
    this.working = true;
    this.usedAt = Date.now();
    try {
      return await this.opts.track(fn);
    } finally {
      this.working = false;
      this.usedAt = Date.now();
    }
  }

  /**
   * Runs a user's text in one transaction under its time limit, then resets the session. Any
   * failure closes the session: its error is the run's.
   */
  run(sql: string, timeoutMs: number, runKey?: string): Promise<QueryResult[]> {
    return this.work(async () => {
      this.runKey = runKey;
      try {
        refuseUnsupportedStatements(sql);
        await this.client.query(`begin; select set_config('statement_timeout', '${Math.max(0, Math.floor(timeoutMs))}', true)`);
        let results: QueryResult[];
        try {
          // The time limit holds from outside too (a SET statement_timeout = 0 in the text lifts only the session's).
          const run = withOutsideLimit(this.client, timeoutMs, this.client.query(sql) as unknown as Promise<pg.QueryResult | pg.QueryResult[]>, () => undefined);
          results = toResults(await run);
          await this.client.query('commit');
        } catch (err) {
          await this.client.query('rollback').catch(() => undefined);
          throw err;
        }
        await this.client.query(USER_SESSION_RESET);
        return results;
      } catch (err) {
        void this.close();
        throw toDatabaseError(err);
      } finally {
        this.runKey = undefined;
      }
    });
  }

  /** The key of the user's run in progress on this session (its member and run id). */
  private runKey: string | undefined;

  /** Cancels the run with this key if it is the one running here; true when a cancel was sent. */
  async cancel(runKey: string): Promise<boolean> {
    if (this.ended || this.runKey !== runKey) return false;
    await cancelBackend(this.client);
    return true;
  }

  /** Reads on the held session (a page of its cursor); a read that fails or stops answering closes it. */
  read(sql: string): Promise<QueryResult[]> {
    return this.work(async () => {
      try {
        return toResults((await this.client.query({ text: sql, query_timeout: PAGE_WAIT_MS } as pg.QueryConfig)) as unknown as pg.QueryResult | pg.QueryResult[]);
      } catch (err) {
        this.lost = true;
        void this.close();
        throw toDatabaseError(err);
      }
    });
  }

  /** Its result is read to the end (or was small): kept for the next paged run, or closed. */
  release(): Promise<void> {
    return this.opts.release(this);
  }

  /**
   * Wipes the session as a new one (cursors, role, settings, temporary tables, prepared
   * statements, listens, advisory locks: DISCARD ALL) and keeps it idleMs for the next paged run.
   */
  async park(idleMs: number): Promise<void> {
    try {
      await this.work(async () => {
        await this.client.query('discard all');
        await this.client.query(`set application_name = '${SPARE_SESSION_NAME}'`);
      });
    } catch {
      await this.close();
      return;
    }
    if (this.ended) return;
    this.parked = true;
    this.parkedTimer = setTimeout(() => void this.close(), idleMs);
    this.parkedTimer.unref?.();
  }

  /** Taken again for a run (it counts as working until that run ends). */
  unpark(): void {
    this.parked = false;
    this.working = true;
    clearTimeout(this.parkedTimer);
  }

  private drop(lost: boolean): void {
    if (lost && !this.ended) this.lost = true;
    if (this.ended) return;
    this.ended = true;
    this.opts.onEnd(this);
  }

  private ending: Promise<void> | null = null;

  /** Ends the session (its cursor with it); resolves once the server let it go, or after a short wait. */
  close(): Promise<void> {
    this.drop(false);
    clearTimeout(this.parkedTimer);
    this.ending ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        this.client.end().catch(() => undefined),
        new Promise<void>((resolve) => {
          timer = setTimeout(() => {
            (this.client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
            resolve();
          }, CLOSE_WAIT_MS);
          timer.unref();
        }),
      ]);
      clearTimeout(timer);
    })();
    return this.ending;
  }
}
