import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ProjectDatabase, ProjectQueryOptions, QueryResult } from '../deps';
import { HttpError } from '../deps';
import { CallQueue, DEFAULT_CALL_QUEUE_LIMITS, type CallQueueLimits } from './call-queue';
import { refuseUnsupportedStatements } from './unsupported-statements';
import { DatabaseError, STATEMENT_TIMEOUT_CODE } from '../database-error';
import type { RoleContext, WireAnswer, WorkerInit, WorkerRequest, WorkerResponse } from './protocol';

const BOOT = new URL('./worker-boot.mjs', import.meta.url);
const ENTRY = new URL('./pglite-worker.ts', import.meta.url).href;

let compiled: Promise<WebAssembly.Module | undefined> | null = null;
/** Compiles PGlite's Postgres once per process; workers receive the compiled module (undefined: each compiles its own). */
function pgliteModule(): Promise<WebAssembly.Module | undefined> {
  compiled ??= (async () => {
    try {
      const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
      return await WebAssembly.compile(await readFile(path.join(dist, 'pglite.wasm')));
    } catch {
      return undefined;
    }
  })();
  return compiled;
}

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void; timer?: ReturnType<typeof setTimeout> };
type Body = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export interface PgliteProjectDatabaseOptions {
  /** Bounds of the wait for a turn (see CallQueue). */
  queue?: CallQueueLimits;
  /** Told whenever a worker thread starts (the manager bounds how many run). */
  onWorkerStart?: () => void;
  /** Told when the database files cannot be opened (again). */
  onStartFailure?: (reason: string) => void;
  /** Settings every session starts with (the project's vault key, vault-key.ts). */
  sessionSettings?: [string, string][];
}

/**
 * One project's PGlite database in its own worker thread. Requests run one at a time; a request
 * that outlives its timeout ends the thread (the statement is cancelled) and the next request
 * starts a fresh one on the same files. `suspend()` ends an idle thread to free its memory; the
 * next request starts it again.
 */
export class PgliteProjectDatabase implements ProjectDatabase {
  private worker: Worker | null = null;
  private starting: Promise<Worker> | null = null;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private readonly calls: CallQueue;
  private closed = false;
  /** When the last request ended (or began), for closing idle databases. */
  lastUsedAt = Date.now();

  constructor(
    public ref: string,
    private readonly dataDir: string,
    private readonly defaultTimeoutMs: number,
    private readonly options: PgliteProjectDatabaseOptions = {},
  ) {
    this.calls = new CallQueue(options.queue ?? DEFAULT_CALL_QUEUE_LIMITS);
  }

  /** Hands a prepared (spare) database to a project. */
  adopt(ref: string, options: Omit<PgliteProjectDatabaseOptions, 'queue'> = {}): this {
    this.ref = ref;
    Object.assign(this.options, options);
    return this;
  }

  /** The settings every session starts with, from now on: a running worker takes them at once (an adopted spare). */
  async setSessionSettings(settings: [string, string][]): Promise<void> {
    this.options.sessionSettings = settings;
    if (this.running) await this.exclusive(() => this.send({ op: 'settings', settings }, this.defaultTimeoutMs));
  }

  /** Its worker thread is running (the database is open and holds memory). */
  get running(): boolean {
    return this.worker !== null || this.starting !== null;
  }

  /** A request is running or waiting. */
  get busy(): boolean {
    return this.calls.busy || this.pending.size > 0;
  }

  /** Starts the worker and opens the database; rejects when the files cannot be opened. */
  async start(): Promise<void> {
    await this.ensureWorker();
  }

  private ensureWorker(): Promise<Worker> {
    if (this.worker) return Promise.resolve(this.worker);
    if (this.starting) return this.starting;
    this.starting = pgliteModule().then((pgliteWasmModule) => new Promise<Worker>((resolve, reject) => {
      const init: WorkerInit = { entry: ENTRY, dataDir: this.dataDir, pgliteWasmModule, sessionSettings: this.options.sessionSettings, channels: [...this.listeners.keys()] };
      const worker = new Worker(BOOT, { workerData: init });
      let ready = false;
      let failed = false;
      const fail = (reason: string) => {
        if (failed) return;
        failed = true;
        reject(new DatabaseError(`Could not open the project database: ${reason}`));
        this.options.onStartFailure?.(reason);
      };
      worker.on('message', (msg: WorkerResponse) => {
        if ('ready' in msg) {
          if (msg.ready) {
            ready = true;
            this.worker = worker;
            resolve(worker);
            this.options.onWorkerStart?.();
          } else {
            fail(msg.error.message);
            void worker.terminate();
          }
          return;
        }
        if ('notify' in msg) {
          for (const onNotify of this.listeners.get(msg.notify.channel) ?? []) onNotify(msg.notify.payload);
          return;
        }
        if (!('ok' in msg)) return;
        const p = this.pending.get(msg.id);
        if (!p) return;
        this.pending.delete(msg.id);
        if (p.timer) clearTimeout(p.timer);
        if (msg.ok) p.resolve(msg.result);
        else if (msg.wedged) {
          // Never answer an empty success from a database that stopped answering: end the thread,
          // the next request opens the files afresh.
          if (this.worker === worker) this.worker = null;
          void worker.terminate();
          p.reject(new HttpError(503, 'The project database stopped answering after this statement and was restarted; the statement\'s effects may be lost. Statements the embedded database cannot run (such as COPY … PROGRAM) are not available.', 'DATABASE_RESTARTED'));
        } else p.reject(new DatabaseError(msg.error.message, msg.error.code, msg.error.detail, msg.error.hint, msg.error.position));
      });
      const gone = (err?: Error) => {
        if (this.worker === worker) this.worker = null;
        if (!ready) fail(err?.message ?? 'worker stopped');
        for (const [id, p] of this.pending) {
          if (p.timer) clearTimeout(p.timer);
          p.reject(new DatabaseError('The project database stopped while running the statement'));
          this.pending.delete(id);
        }
      };
      worker.on('error', gone);
      worker.on('exit', () => gone());
    })).finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  private async send<T>(body: Body, timeoutMs: number): Promise<T> {
    if (this.closed) throw new DatabaseError('The project database is closed');
    const worker = await this.ensureWorker();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const p: Pending = { resolve: resolve as (v: unknown) => void, reject };
      p.timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new DatabaseError('canceling statement due to statement timeout', STATEMENT_TIMEOUT_CODE));
        if (this.worker === worker) this.worker = null;
        void worker.terminate();
      }, timeoutMs);
      this.pending.set(id, p);
      worker.postMessage({ id, ...body });
    });
  }

  /** Runs fn alone on the database: nothing else is sent to the worker meanwhile. */
  private exclusive<T>(fn: () => Promise<T>, user = false, touch = true): Promise<T> {
    return this.calls.run(async () => {
      if (touch) this.lastUsedAt = Date.now();
      try {
        return await fn();
      } finally {
        if (touch) this.lastUsedAt = Date.now();
      }
    }, user);
  }

  private ctx(options?: ProjectQueryOptions): RoleContext | undefined {
    return options?.role || options?.claims ? { role: options.role, claims: options.claims } : undefined;
  }

  /** A statement of the platform's own: neither a user's nor one run as an API role. */
  private platform(options?: ProjectQueryOptions): boolean {
    return !options?.user && !options?.role && !options?.claims;
  }

  query<Row = Record<string, unknown>>(sql: string, params: unknown[] = [], options?: ProjectQueryOptions): Promise<QueryResult<Row>> {
    refuseUnsupportedStatements(sql);
    return this.exclusive(() => this.send({ op: 'query', sql, params, ctx: this.ctx(options), platform: this.platform(options) }, options?.timeoutMs ?? this.defaultTimeoutMs), options?.user, !options?.background);
  }

  exec(sql: string, options?: ProjectQueryOptions): Promise<QueryResult[]> {
    refuseUnsupportedStatements(sql);
    return this.exclusive(() => this.send({ op: 'exec', sql, ctx: this.ctx(options), platform: this.platform(options) }, options?.timeoutMs ?? this.defaultTimeoutMs), options?.user);
  }

  /**
   * One transaction in as few messages to the worker as it takes: the first statement carries the
   * BEGIN, the COMMIT (or ROLLBACK) is checked for the database's health once for the whole run.
   */
  transaction<T>(fn: (tx: Pick<ProjectDatabase, 'query' | 'exec'>) => Promise<T>): Promise<T> {
    return this.exclusive(async () => {
      const t = this.defaultTimeoutMs;
      let begun = false;
      // Statements issued without waiting for the one before are sent one after another, in order.
      let previous: Promise<unknown> = Promise.resolve();
      const step = <R>(body: Body, timeoutMs: number): Promise<R> => {
        const begin = !begun;
        begun = true;
        const send = () => this.send<R>({ ...body, inTransaction: true, begin } as Body, timeoutMs);
        const sent = previous.then(send, send);
        previous = sent.catch(() => undefined);
        return sent;
      };
      try {
        const out = await fn({
          query: <Row>(sql: string, params: unknown[] = [], o?: ProjectQueryOptions) => {
            refuseUnsupportedStatements(sql);
            return step<QueryResult<Row>>({ op: 'query', sql, params, ctx: this.ctx(o), platform: this.platform(o) }, o?.timeoutMs ?? t);
          },
          exec: (sql: string, o?: ProjectQueryOptions) => {
            refuseUnsupportedStatements(sql);
            return step<QueryResult[]>({ op: 'exec', sql, ctx: this.ctx(o), platform: this.platform(o) }, o?.timeoutMs ?? t);
          },
        });
        await previous;
        if (begun) await this.send({ op: 'exec', sql: 'commit', inTransaction: true, endsTransaction: true }, t);
        return out;
      } catch (err) {
        await previous;
        if (begun && this.worker) await this.send({ op: 'exec', sql: 'rollback', inTransaction: true, endsTransaction: true }, t).catch(() => undefined);
        throw err;
      }
    });
  }

  /**
   * A person's connection over the Postgres wire protocol (wire-server.ts). The embedded database
   * has one session, so each run of the connection's messages has the database alone (as a user's
   * statement: console calls queued behind it wait briefly, then answer busy), and keeps it while
   * the connection is inside a transaction. Between runs the session is reset for the platform's
   * calls and the connection's own settings are set again before its next run.
   */
  wireSession(startupSettings: [string, string][] = []): PgliteWireSession {
    return new PgliteWireSession(
      () => this.lease(),
      (data, restore, timeoutMs) => this.send<WireAnswer>({ op: 'wire', data, restore }, timeoutMs),
      (timeoutMs) => this.send({ op: 'exec', sql: 'rollback', inTransaction: true, endsTransaction: true }, timeoutMs).then(() => undefined),
      startupSettings,
    );
  }

  /** The database alone until the answered function is called (a user's turn in the queue). */
  private lease(): Promise<() => void> {
    return new Promise((acquired, failed) => {
      this.calls
        .run(
          () =>
            new Promise<void>((release) => {
              this.lastUsedAt = Date.now();
              acquired(() => {
                this.lastUsedAt = Date.now();
                release();
              });
            }),
          true,
        )
        .catch(failed);
    });
  }

  sizeBytes(): Promise<number> {
    return this.exclusive(() => this.send<number>({ op: 'size' }, this.defaultTimeoutMs));
  }

  /** Who hears each channel the database listens on (ProjectDatabase.listen). */
  private readonly listeners = new Map<string, Set<(payload: string | null) => void>>();

  /**
   * LISTEN on a channel: the worker listens from its start (every start: a worker ended for being
   * idle or for a runaway statement listens again when it opens), so whatever session commits a
   * NOTIFY on it (an API call, a SQL editor run, a person's wire connection, a function) is heard.
   * Nothing reaches the database while its worker is down, so nothing is missed meanwhile.
   */
  async listen(channel: string, onNotify: (payload: string | null) => void): Promise<() => void> {
    let heard = this.listeners.get(channel);
    if (!heard) this.listeners.set(channel, (heard = new Set()));
    heard.add(onNotify);
    if (this.running) await this.exclusive(() => this.send({ op: 'listen', channel }, this.defaultTimeoutMs), false, false);
    return () => void heard.delete(onNotify);
  }

  /** Closes an idle database's worker to free its memory; the next request opens it again. False when busy. */
  async suspend(): Promise<boolean> {
    if (this.busy || !this.running) return false;
    await this.exclusive(async () => {
      await this.stopWorker();
    });
    return true;
  }

  private async stopWorker(): Promise<void> {
    if (this.starting) await this.starting.catch(() => undefined);
    if (this.worker) await this.send({ op: 'close' }, 10_000).catch(() => undefined);
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }

  /** Closes the database cleanly and ends the worker. */
  async close(): Promise<void> {
    await this.exclusive(async () => {
      await this.stopWorker();
      this.closed = true;
    });
  }
}

/** One wire protocol connection's turn-taking on an embedded project database (see PgliteProjectDatabase.wireSession). */
export class PgliteWireSession {
  private release: (() => void) | null = null;
  private settings: [string, string][];
  private fresh = true;

  constructor(
    private readonly lease: () => Promise<() => void>,
    private readonly sendWire: (data: Uint8Array, restore: [string, string][] | undefined, timeoutMs: number) => Promise<WireAnswer>,
    private readonly rollback: (timeoutMs: number) => Promise<void>,
    startupSettings: [string, string][],
  ) {
    this.settings = startupSettings;
  }

  /** Inside a transaction: the database is held for this connection. */
  get holding(): boolean {
    return this.release !== null;
  }

  /** Runs the connection's messages; answers the backend's messages. A rejection ends the connection. */
  async run(data: Uint8Array, timeoutMs: number): Promise<Uint8Array> {
    let restore: [string, string][] | undefined;
    if (!this.release) {
      this.release = await this.lease();
      restore = this.fresh || this.settings.length ? this.settings : undefined;
      this.fresh = false;
    }
    let answer: WireAnswer;
    try {
      answer = await this.sendWire(data, restore, timeoutMs);
    } catch (err) {
      this.free();
      throw err;
    }
    if (answer.status === 'I' || answer.status === null) {
      if (answer.settings) this.settings = answer.settings;
      // Messages that end without a ReadyForQuery (a Flush) keep the database until one comes.
      if (answer.status === 'I') this.free();
    }
    return answer.data;
  }

  /** The connection ended: an open transaction is rolled back and the session reset before anyone else uses it. */
  async end(timeoutMs = 10_000): Promise<void> {
    if (!this.release) return;
    await this.rollback(timeoutMs).catch(() => undefined);
    this.free();
  }

  private free(): void {
    const release = this.release;
    this.release = null;
    release?.();
  }
}
