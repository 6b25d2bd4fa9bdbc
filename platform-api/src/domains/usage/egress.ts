import type { ControlDatabase } from '../../core/deps';

/** Bytes sent to users per project, counted in memory and added to projects.egress_bytes every few seconds. */
export class EgressCounter {
  private pending = new Map<string, number>();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly control: ControlDatabase) {}

  start(intervalMs = 5000): void {
    this.timer = setInterval(() => void this.flush().catch(() => undefined), intervalMs);
    this.timer.unref();
  }

  record(ref: string, bytes: number): void {
    if (!Number.isFinite(bytes) || bytes <= 0) return;
    this.pending.set(ref, (this.pending.get(ref) ?? 0) + bytes);
  }

  /** Not yet written bytes of a project. */
  unflushed(ref: string): number {
    return this.pending.get(ref) ?? 0;
  }

  async flush(): Promise<void> {
    const batch = [...this.pending];
    this.pending.clear();
    for (const [ref, bytes] of batch) {
      await this.control.query('update projects set egress_bytes = egress_bytes + $1 where ref = $2', [bytes, ref]);
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }
}
