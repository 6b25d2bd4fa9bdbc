import PgBoss from 'pg-boss';
import type { BackgroundJob, BackgroundJobs, ControlDatabase } from '@plinth/platform-core/deps';
import { queueDb, type QueueDb } from './queue-db';

/**
 * Background jobs that run once across every instance of the platform sharing one control
 * database (README.md beside this file). The queue is pg-boss over the control database
 * (queue-db.ts), so it works the same on the embedded PGlite and on a Postgres server.
 *
 * Every instance ticks each job's interval locally and asks for that interval's run; the queue
 * keeps one run per interval slot (pg-boss' throttling: one job per name and slot, by the
 * database's clock), and one instance takes it (`for update skip locked`). A queue is a
 * singleton queue: never two runs of one job at once. A run holds its job for `leaseSeconds`:
 * an instance killed in the middle never completes it, the lease runs out, the queue's
 * maintenance (done by one instance at a time) puts the job back, and another instance runs it.
 */

export type JobDefinition = BackgroundJob;

export interface JobRunnerOptions {
  /** pg-boss' schema in the control database. */
  schema?: string;
  /** How often an idle instance looks for a job to take (ms; at least 500); by default a twentieth of the job's interval, within 2 to 30 s. */
  pollingMs?: number;
  /** How often expired leases are looked for (s). */
  maintenanceSeconds?: number;
  /** Tries after a run that failed or was interrupted. */
  retries?: number;
  warn?: (message: string, err: unknown) => void;
  /** The queue's database (tests: a connection that can be cut, as when an instance is killed). */
  db?: QueueDb;
}

/** The longest slot (pg-boss' archive age): longer intervals are throttled by 12-hour slots. */
const MAX_SLOT_SECONDS = 12 * 3600;

export class JobRunner implements BackgroundJobs {
  private readonly boss: PgBoss;
  private readonly jobs = new Map<string, JobDefinition>();
  private readonly timers: ReturnType<typeof setInterval>[] = [];
  private started = false;
  private readonly warn: (message: string, err: unknown) => void;

  constructor(
    control: ControlDatabase,
    private readonly o: JobRunnerOptions = {},
  ) {
    this.warn = o.warn ?? ((message, err) => console.warn(message, err instanceof Error ? err.message : err));
    this.boss = new PgBoss({
      db: o.db ?? queueDb(control),
      schema: o.schema ?? 'plinth_jobs',
      // Intervals are ticked here (below), not by pg-boss' minute cron.
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: o.maintenanceSeconds ?? 30,
      // Finished jobs stay in the queue's table 12 hours (pg-boss' default: a slot is at most that
      // long, so a slot's job is there to refuse a second one), in its archive a day more.
      archiveCompletedAfterSeconds: MAX_SLOT_SECONDS,
      deleteAfterDays: 1,
    });
    this.boss.on('error', (err: Error) => this.warn('the job queue failed', err));
  }

  /** Declares a job; declared before start(). */
  define(job: JobDefinition): void {
    if (this.started) throw new Error(`job ${job.name} was declared after the runner started`);
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} is declared twice`);
    this.jobs.set(job.name, job);
  }

  names(): string[] {
    return [...this.jobs.keys()];
  }

  /** Creates the queues (and pg-boss' schema on first use), starts taking jobs and ticking intervals. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.boss.start();
    for (const job of this.jobs.values()) {
      await this.ensureQueue(job);
      const seconds = Math.round(job.everyMs / 1000);
      // At start: this slot's run (instances starting together make one; a job without an interval, a run now), sent before the worker's first look.
      if (job.atStart) await (seconds >= 1 ? this.request(job.name, seconds) : this.trigger(job.name));
      await this.boss.work(job.name, { pollingIntervalSeconds: this.pollingSeconds(job) }, async () => {
        try {
          await job.run();
        } catch (err) {
          this.warn(`job ${job.name} failed`, err);
          throw err;
        }
      });
      if (seconds >= 1) {
        const t = setInterval(() => void this.request(job.name, seconds).catch((err: unknown) => this.warn(`job ${job.name} was not asked for`, err)), job.everyMs);
        t.unref();
        this.timers.push(t);
      }
    }
  }

  /** Makes the job's queue (the first instance does), and carries a lease or retries changed since to it. */
  private async ensureQueue(job: JobDefinition): Promise<void> {
    const queue = { name: job.name, policy: 'singleton', retryLimit: this.o.retries ?? 3, retryDelay: 1, expireInSeconds: job.leaseSeconds } as const;
    for (let attempt = 1; ; attempt++) {
      try {
        if (!(await this.boss.getQueue(job.name))) await this.boss.createQueue(job.name, queue);
        await this.boss.updateQueue(job.name, queue);
        return;
      } catch (err) {
        // Instances starting together make the same queue at once, and Postgres ends one of them
        // (a deadlock, or the other's row first): it tries again and finds the queue made.
        const code = (err as { code?: string }).code ?? '';
        if (attempt >= 5 || !['40P01', '23505'].includes(code)) throw err;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  }

  private pollingSeconds(job: JobDefinition): number {
    if (this.o.pollingMs) return Math.max(0.5, this.o.pollingMs / 1000);
    return Math.min(30, Math.max(2, Math.round(job.everyMs / 20_000)));
  }

  /** Asks for this slot's run of a job: one run per slot of `seconds` whichever instance asks. Answers the job's id, or null when this slot's run is already asked for. */
  request(name: string, seconds: number): Promise<string | null> {
    return this.boss.send(name, {}, { singletonKey: name, singletonSeconds: Math.min(seconds, MAX_SLOT_SECONDS) });
  }

  /** Asks for a run now (at start, or by hand): it waits behind one already running. */
  trigger(name: string): Promise<string | null> {
    if (!this.jobs.has(name)) throw new Error(`no job ${name}`);
    return this.boss.send(name, {}, { singletonKey: name });
  }

  /** A job's state in the queue (tests and operators): created, retry, active, completed, failed. */
  async state(name: string, id: string): Promise<string | null> {
    const job = await this.boss.getJobById(name, id);
    return job?.state ?? null;
  }

  /** Stops ticking and taking jobs; a run in progress is waited for (up to `timeoutMs`), then handed back to the queue. */
  async stop(timeoutMs = 10_000): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers.length = 0;
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, timeout: timeoutMs, wait: true, close: false });
  }
}
