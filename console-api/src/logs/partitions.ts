import { PLAN_LIMITS } from '@plinth/contracts-billing';
import type { ControlDatabase } from '@plinth/platform-core/deps';

// The daily partitions of a log table (project_api_logs, project_log_events): one per UTC day,
// named <table>_pYYYYMMDD, made a few days ahead, and dropped whole once past the longest
// retention of any plan (001 §9). A shorter plan's retention is applied where rows are read (the
// views of log queries, the reader), since one partition holds the rows of every project.

const DAY_MS = 24 * 3600 * 1000;
/** Days made ahead of today, so that the writer never waits for one. */
export const PARTITIONS_AHEAD = 2;
/** The longest log retention of any plan, in days: older partitions hold nothing anyone may read. */
export const LONGEST_RETENTION_DAYS = Math.max(...Object.values(PLAN_LIMITS).map((l) => l.logRetentionDays));

/** The UTC day of a time, as YYYY-MM-DD. */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
/** The log tables partitioned by day. */
export type LogTable = 'project_api_logs' | 'project_log_events';

export class LogPartitions {
  private known = new Set<string>();

  constructor(
    private readonly db: ControlDatabase,
    readonly table: LogTable = 'project_api_logs',
  ) {}

  private partitionName(day: string): string {
    return `${this.table}_p${day.replaceAll('-', '')}`;
  }

  private dayOfPartition(name: string): string | null {
    const prefix = `${this.table}_p`;
    const m = name.startsWith(prefix) ? /^(\d{4})(\d{2})(\d{2})$/.exec(name.slice(prefix.length)) : null;
    return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
  }

  /** Days that have a partition now. */
  async days(): Promise<string[]> {
    const r = await this.db.query<{ name: string }>(
      `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = $1::regclass order by 1`,
      [this.table],
    );
    return r.rows.map((row) => this.dayOfPartition(row.name)).filter((d): d is string => d !== null);
  }

  /** Makes the partition of each day unless it exists (a day seen before is not asked again). */
  async ensure(days: Iterable<string>): Promise<void> {
    for (const day of new Set(days)) {
      if (this.known.has(day)) continue;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error('A log partition is named by a day, YYYY-MM-DD');
      const next = dayOf(Date.parse(`${day}T00:00:00Z`) + DAY_MS);
      await this.db.query(
        `create table if not exists ${this.partitionName(day)} partition of ${this.table} for values from ('${day} 00:00:00+00') to ('${next} 00:00:00+00')`,
      );
      this.known.add(day);
    }
  }

  /** Today's partition and those of the next days. */
  ensureAhead(nowMs = Date.now()): Promise<void> {
    return this.ensure(Array.from({ length: PARTITIONS_AHEAD + 1 }, (_, i) => dayOf(nowMs + i * DAY_MS)));
  }

  /** Drops every partition whose whole day is older than the longest retention; answers the days dropped. */
  async dropExpired(nowMs = Date.now()): Promise<string[]> {
    const oldestKept = dayOf(nowMs - LONGEST_RETENTION_DAYS * DAY_MS);
    const expired = (await this.days()).filter((day) => day < oldestKept);
    for (const day of expired) {
      await this.db.query(`drop table if exists ${this.partitionName(day)}`);
      this.known.delete(day);
    }
    return expired;
  }
}
