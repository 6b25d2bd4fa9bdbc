import type { ControlDatabase } from '../deps';

// Server mode: the plan's time limit for statements that run outside the platform's own pools. A
// tenant can set its own role's password and, where the server's port is reachable, connect
// directly; its session may then lift statement_timeout. Every few seconds the platform looks at
// the statements its project roles are running (the API's user is a member of each project role,
// so it may see and cancel their statements, and no other's) and cancels those running longer
// than their project's plan allows. The platform's own calls are held to their limits from
// outside already (cancel-backend.ts); this catches the rest.

const PROJECT_ROLE = '^plinth_([a-z]+)_owner$';

export interface WatchdogOptions {
  /** The longest a statement of this project may run (the plan's ceiling). */
  limitMs: (ref: string) => Promise<number>;
  /** The shortest limit of any plan: statements younger than it are not looked at. */
  floorMs: number;
  /** How often to look. */
  everyMs?: number;
  /** Told of each statement cancelled. */
  onCancel?: (ref: string, pid: number, ranMs: number) => void;
}

export class StatementWatchdog {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly control: ControlDatabase,
    private readonly options: WatchdogOptions,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick().catch(() => undefined), this.options.everyMs ?? 5_000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Looks once; answers how many statements were cancelled. */
  tick(): Promise<number> {
    this.running ??= this.look().finally(() => (this.running = null));
    return this.running;
  }

  private async look(): Promise<number> {
    const r = await this.control.query<{ pid: number; role: string; ms: number }>(
      `select a.pid, a.usename::text as role, extract(epoch from clock_timestamp() - a.query_start) * 1000 as ms
         from pg_stat_activity a
        where a.state = 'active' and a.backend_type = 'client backend' and a.usename::text ~ $1
          and a.query_start < clock_timestamp() - make_interval(secs => $2::float8)`,
      [PROJECT_ROLE, this.options.floorMs / 1000],
    );
    let cancelled = 0;
    const limits = new Map<string, number>();
    for (const row of r.rows) {
      const ref = new RegExp(PROJECT_ROLE).exec(row.role)?.[1];
      if (!ref) continue;
      let limit = limits.get(ref);
      if (limit === undefined) limits.set(ref, (limit = await this.options.limitMs(ref)));
      if (Number(row.ms) <= limit) continue;
      const done = await this.control.query<{ ok: boolean }>('select pg_cancel_backend($1::int) as ok', [row.pid]);
      if (done.rows[0]?.ok) {
        cancelled++;
        this.options.onCancel?.(ref, row.pid, Number(row.ms));
      }
    }
    return cancelled;
  }
}
