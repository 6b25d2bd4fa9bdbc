import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ProjectDatabase, ProjectQueryOptions, QueryResult } from '../deps';
import { DatabaseError, STATEMENT_TIMEOUT_CODE } from '../database-error';
import type { RoleContext, WorkerInit, WorkerRequest, WorkerResponse } from './protocol';

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

/**
 * One project's PGlite database in its own worker thread. Requests run one at a time; a request
 * that outlives its timeout ends the thread (the statement is cancelled) and the next request
 * starts a fresh one on the same files.
 */
export class PgliteProjectDatabase implements ProjectDatabase {
  private worker: Worker | null = null;
  private starting: Promise<Worker> | null = null;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(
    public ref: string,
    private readonly dataDir: string,
    private readonly defaultTimeoutMs: number,
  ) {}

  /** Hands a prepared (spare) database to a project. */
  adopt(ref: string): this {
    this.ref = ref;
    return this;
  }

  /** Starts the worker and opens the database; rejects when the files cannot be opened. */
  async start(): Promise<void> {
    await this.ensureWorker();
  }

  private ensureWorker(): Promise<Worker> {
    if (this.worker) return Promise.resolve(this.worker);
    if (this.starting) return this.starting;
    this.starting = pgliteModule().then((pgliteWasmModule) => new Promise<Worker>((resolve, reject) => {
      const init: WorkerInit = { entry: ENTRY, dataDir: this.dataDir, pgliteWasmModule };
      const worker = new Worker(BOOT, { workerData: init });
      let ready = false;
      worker.on('message', (msg: WorkerResponse) => {
        if ('ready' in msg) {
          if (msg.ready) {
            ready = true;
            this.worker = worker;
            resolve(worker);
          } else {
            reject(new DatabaseError(`Could not open the project database: ${msg.error.message}`));
            void worker.terminate();
          }
          return;
        }
        if (!('ok' in msg)) return;
        const p = this.pending.get(msg.id);
        if (!p) return;
        this.pending.delete(msg.id);
        if (p.timer) clearTimeout(p.timer);
        if (msg.ok) p.resolve(msg.result);
        else p.reject(new DatabaseError(msg.error.message, msg.error.code, msg.error.detail, msg.error.hint, msg.error.position));
      });
      const gone = (err?: Error) => {
        if (this.worker === worker) this.worker = null;
        if (!ready) reject(new DatabaseError(`Could not open the project database: ${err?.message ?? 'worker stopped'}`));
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
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private ctx(options?: ProjectQueryOptions): RoleContext | undefined {
    return options?.role || options?.claims ? { role: options.role, claims: options.claims } : undefined;
  }

  query<Row = Record<string, unknown>>(sql: string, params: unknown[] = [], options?: ProjectQueryOptions): Promise<QueryResult<Row>> {
    return this.exclusive(() => this.send({ op: 'query', sql, params, ctx: this.ctx(options) }, options?.timeoutMs ?? this.defaultTimeoutMs));
  }

  exec(sql: string, options?: ProjectQueryOptions): Promise<QueryResult[]> {
    return this.exclusive(() => this.send({ op: 'exec', sql, ctx: this.ctx(options) }, options?.timeoutMs ?? this.defaultTimeoutMs));
  }

  transaction<T>(fn: (tx: Pick<ProjectDatabase, 'query' | 'exec'>) => Promise<T>): Promise<T> {
    return this.exclusive(async () => {
      const t = this.defaultTimeoutMs;
      await this.send({ op: 'exec', sql: 'begin' }, t);
      try {
        const out = await fn({
          query: <Row>(sql: string, params: unknown[] = [], o?: ProjectQueryOptions) =>
            this.send<QueryResult<Row>>({ op: 'query', sql, params, ctx: this.ctx(o), inTransaction: true }, o?.timeoutMs ?? t),
          exec: (sql: string, o?: ProjectQueryOptions) => this.send<QueryResult[]>({ op: 'exec', sql, ctx: this.ctx(o), inTransaction: true }, o?.timeoutMs ?? t),
        });
        await this.send({ op: 'exec', sql: 'commit' }, t);
        return out;
      } catch (err) {
        if (this.worker) await this.send({ op: 'exec', sql: 'rollback' }, t).catch(() => undefined);
        throw err;
      }
    });
  }

  sizeBytes(): Promise<number> {
    return this.exclusive(() => this.send<number>({ op: 'size' }, this.defaultTimeoutMs));
  }

  /** Closes the database cleanly and ends the worker. */
  async close(): Promise<void> {
    await this.exclusive(async () => {
      if (this.worker) await this.send({ op: 'close' }, 10_000).catch(() => undefined);
      this.closed = true;
      const w = this.worker;
      this.worker = null;
      if (w) await w.terminate();
    });
  }
}
