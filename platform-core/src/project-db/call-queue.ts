import { HttpError } from '../deps';

export interface CallQueueLimits {
  /** How long a console call waits behind a user's statement before answering 503 "busy". */
  busyWaitMs: number;
  /** How long any call waits for its turn before answering 503. */
  maxWaitMs: number;
  /** Calls waiting at most; one more answers 503 at once. */
  maxQueued: number;
}

export const DEFAULT_CALL_QUEUE_LIMITS: CallQueueLimits = { busyWaitMs: 2_000, maxWaitMs: 30_000, maxQueued: 64 };

interface Waiting {
  run: () => void;
  user: boolean;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * Runs calls one at a time (an embedded project database answers one statement at a time) with a
 * bounded wait: a console call never waits more than `busyWaitMs` behind a user's statement, no
 * call waits more than `maxWaitMs`, and at most `maxQueued` calls wait.
 */
export class CallQueue {
  private readonly waiting: Waiting[] = [];
  private running: { user: boolean; startedAt: number } | null = null;

  constructor(private readonly limits: CallQueueLimits = DEFAULT_CALL_QUEUE_LIMITS) {}

  /** A call running or waiting. */
  get busy(): boolean {
    return this.running !== null || this.waiting.length > 0;
  }

  run<T>(fn: () => Promise<T>, user = false): Promise<T> {
    if (this.waiting.length >= this.limits.maxQueued) {
      return Promise.reject(new HttpError(503, 'The project database has too many calls waiting. Try again in a moment.', 'DATABASE_BUSY'));
    }
    return new Promise<T>((resolve, reject) => {
      const item: Waiting = {
        user,
        run: () => {
          if (item.timer) clearTimeout(item.timer);
          this.running = { user, startedAt: Date.now() };
          fn()
            .then(resolve, reject)
            .finally(() => {
              this.running = null;
              this.next();
            });
        },
      };
      const enqueuedAt = Date.now();
      const giveUp = () => {
        const at = this.waiting.indexOf(item);
        if (at < 0) return;
        const behindUser = this.running?.user || this.waiting.slice(0, at).some((w) => w.user);
        if (!user && behindUser) {
          this.waiting.splice(at, 1);
          return reject(this.busyError());
        }
        const left = this.limits.maxWaitMs - (Date.now() - enqueuedAt);
        if (left > 0) {
          item.timer = setTimeout(giveUp, left);
          return;
        }
        this.waiting.splice(at, 1);
        reject(this.running?.user ? this.busyError() : new HttpError(503, 'The project database did not answer in time: too many calls are waiting. Try again in a moment.', 'DATABASE_BUSY'));
      };
      this.waiting.push(item);
      if (!this.running && this.waiting.length === 1) return this.next();
      item.timer = setTimeout(giveUp, user ? this.limits.maxWaitMs : Math.min(this.limits.busyWaitMs, this.limits.maxWaitMs));
    });
  }

  private next(): void {
    if (this.running) return;
    this.waiting.shift()?.run();
  }

  private busyError(): HttpError {
    const seconds = this.running ? Math.max(1, Math.round((Date.now() - this.running.startedAt) / 1000)) : 0;
    const started = this.running ? ` (started ${seconds} s ago)` : '';
    return new HttpError(503, `The project database is busy running a SQL statement${started}. Try again when it finishes.`, 'DATABASE_BUSY');
  }
}
