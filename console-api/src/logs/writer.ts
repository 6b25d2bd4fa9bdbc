// Writes log rows in batches, off the request path: a request only appends to a bounded queue in
// memory. The queue is written every `intervalMs` or as soon as it holds `batchRows`, one
// multi-row insert per batch. A full queue drops its oldest rows (counted in `dropped`); a batch
// whose write fails is tried once more and then dropped with a warning. Nothing here ever throws
// into a request.

export interface LogWriterOptions {
  /** Rows kept waiting at most; past it the oldest are dropped. */
  maxQueued?: number;
  /** Rows per insert; a queue this long is written at once. */
  batchRows?: number;
  /** How often the queue is written. */
  intervalMs?: number;
  /** A write not answered in this long counts as failed (a stalled database never holds the queue). */
  writeTimeoutMs?: number;
  /** Told of a batch dropped after its retry failed. */
  warn?: (message: string, err: unknown) => void;
}

export const LOG_WRITER_DEFAULTS = { maxQueued: 20_000, batchRows: 500, intervalMs: 1_000, writeTimeoutMs: 15_000 } as const;

export class LogWriter<T> {
  private queue: T[] = [];
  /** Index of the oldest row still queued (dropping the oldest costs no copy). */
  private head = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<void> | null = null;
  /** Rows dropped since start: queue full, or a batch whose write failed twice. */
  dropped = 0;
  /** Rows written since start. */
  written = 0;
  private readonly maxQueued: number;
  private readonly batchRows: number;
  private readonly intervalMs: number;

  constructor(
    private readonly write: (rows: T[]) => Promise<void>,
    private readonly options: LogWriterOptions = {},
  ) {
    this.maxQueued = options.maxQueued ?? LOG_WRITER_DEFAULTS.maxQueued;
    this.batchRows = options.batchRows ?? LOG_WRITER_DEFAULTS.batchRows;
    this.intervalMs = options.intervalMs ?? LOG_WRITER_DEFAULTS.intervalMs;
  }

  get queued(): number {
    return this.queue.length - this.head;
  }

  /** Queues one row; never waits and never throws. */
  push(row: T): void {
    if (this.queued >= this.maxQueued) {
      this.head++;
      this.dropped++;
    }
    this.queue.push(row);
    if (this.head > 1024 && this.head * 2 > this.queue.length) this.compact();
    if (this.queued >= this.batchRows && !this.running) void this.flush();
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.running || void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  /** Writes everything queued now (waits for a write already under way, then writes the rest). */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    if (!this.queued) return;
    this.running = this.drain().finally(() => {
      this.running = null;
    });
    await this.running;
  }

  /** Stops the timer and writes what is queued. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private timed(batch: T[]): Promise<void> {
    const ms = this.options.writeTimeoutMs ?? LOG_WRITER_DEFAULTS.writeTimeoutMs;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the log store did not answer in ${ms} ms`)), ms);
    });
    return Promise.race([this.write(batch), late]).finally(() => clearTimeout(timer));
  }

  private compact(): void {
    this.queue = this.queue.slice(this.head);
    this.head = 0;
  }

  private async drain(): Promise<void> {
    while (this.queued) {
      this.compact();
      const batch = this.queue.splice(0, this.batchRows);
      try {
        await this.timed(batch);
      } catch {
        try {
          await this.timed(batch);
        } catch (err) {
          this.dropped += batch.length;
          (this.options.warn ?? defaultWarn)(`Dropped ${batch.length} log rows: the log store refused them twice`, err);
          continue;
        }
      }
      this.written += batch.length;
    }
  }
}

function defaultWarn(message: string, err: unknown): void {
  console.warn(message, err instanceof Error ? err.message : err);
}
