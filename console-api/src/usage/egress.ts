import type { ControlDatabase } from '@plinth/platform-core/deps';

/**
 * Bytes sent to users per project, counted in memory and added to projects.egress_bytes every few seconds.
 * A flush and a read of the totals never overlap: a read in the middle of a flush would see the bytes
 * neither in memory (already taken) nor in the table (not yet written).
 */
export class EgressCounter {
  private pending = new Map<string, number>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly control: ControlDatabase) {}

  start(intervalMs = 5000): void {
    this.timer = setInterval(() => void this.flush().catch(() => undefined), intervalMs);
    this.timer.unref();
  }

  record(ref: string, bytes: number): void {
    if (!Number.isFinite(bytes) || bytes <= 0) return;
    this.pending.set(ref, (this.pending.get(ref) ?? 0) + bytes);
  }

  /** Bytes of a project not yet written to the table. */
  unflushed(ref: string): number {
    return this.pending.get(ref) ?? 0;
  }

  /** Runs `fn` after every flush or read before it has ended. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Bytes sent so far by each of these projects: those written to the table and those still in memory. */
  totals(refs: string[]): Promise<Map<string, number>> {
    return this.exclusive(async () => {
      const r = await this.control.query<{ ref: string; egress_bytes: number }>(
        'select ref, egress_bytes::float8 as egress_bytes from projects where ref = any($1::text[])',
        [refs],
      );
      const out = new Map<string, number>();
      for (const row of r.rows) out.set(row.ref, Number(row.egress_bytes) + (this.pending.get(row.ref) ?? 0));
      return out;
    });
  }

  flush(): Promise<void> {
    return this.exclusive(async () => {
      const batch = [...this.pending];
      for (const [ref, bytes] of batch) {
        await this.control.query('update projects set egress_bytes = egress_bytes + $1 where ref = $2', [bytes, ref]);
        // Bytes recorded while the update ran stay pending.
        const left = (this.pending.get(ref) ?? 0) - bytes;
        if (left > 0) this.pending.set(ref, left);
        else this.pending.delete(ref);
      }
    });
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }
}
