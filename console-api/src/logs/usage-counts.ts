import type { ControlDatabase } from '@plinth/platform-core/deps';
import type { LogEntry } from './entries';
import { dayOf } from './partitions';

// What apps did, counted for usage: calls and bytes answered per project, UTC day and service, and
// the users active in each month (signed in, or called with their own token). Counted in memory
// and added to the log store's tables with the log rows' writes; a read writes what is pending
// first, so it counts every call answered before it.

export const APP_SERVICES = ['auth', 'rest', 'storage'] as const;
export type AppService = (typeof APP_SERVICES)[number];

export interface AppUsage {
  /** Calls this month, by service and in all. */
  requests: Record<AppService, number> & { total: number };
  /** Bytes answered to apps this month. */
  egressBytes: number;
  /** Distinct users active this month. */
  monthlyActiveUsers: number;
}

/** A usage answer waits this long at most for the app counts (it answers without them after). */
const READ_TIMEOUT_MS = 5_000;
const monthOf = (ms: number) => `${dayOf(ms).slice(0, 7)}-01`;

export class AppUsageCounts {
  private calls = new Map<string, { ref: string; day: string; service: string; requests: number; egress: number }>();
  private users = new Map<string, { ref: string; month: string; userId: string }>();
  private writing: Promise<void> = Promise.resolve();
  private inFlight = 0;

  constructor(
    private readonly db: ControlDatabase,
    private readonly warn: (message: string, err: unknown) => void,
    /** Which refs are projects (counts of any other ref are not kept). */
    private readonly projects: (refs: string[]) => Promise<Set<string>> = async (refs) => new Set(refs),
  ) {}

  record(e: LogEntry): void {
    const day = dayOf(e.at);
    const key = `${e.ref}\u0000${day}\u0000${e.service}`;
    const c = this.calls.get(key) ?? { ref: e.ref, day, service: e.service, requests: 0, egress: 0 };
    c.requests++;
    c.egress += e.bytesOut;
    this.calls.set(key, c);
    if (e.userId && e.status < 400) {
      const month = monthOf(e.at);
      this.users.set(`${e.ref}\u0000${month}\u0000${e.userId}`, { ref: e.ref, month, userId: e.userId });
    }
  }

  /** No write is under way (the periodic flush skips a turn while one is: a stalled database queues nothing more). */
  get idle(): boolean {
    return this.inFlight === 0;
  }

  /** Adds what is pending to the tables (tried twice; then dropped with a warning). Never throws. */
  flush(): Promise<void> {
    this.inFlight++;
    this.writing = this.writing.then(async () => {
      const calls = [...this.calls.values()];
      const users = [...this.users.values()];
      this.calls.clear();
      this.users.clear();
      if (!calls.length && !users.length) return;
      const write = () => this.write(calls, users);
      await write()
        .catch(write)
        .catch((err) => this.warn(`Dropped usage counts of ${calls.length} project days: the log store refused them twice`, err));
    }).finally(() => {
      this.inFlight--;
    });
    return this.writing;
  }

  private async write(allCalls: { ref: string; day: string; service: string; requests: number; egress: number }[], allUsers: { ref: string; month: string; userId: string }[]): Promise<void> {
    const known = await this.projects([...allCalls, ...allUsers].map((c) => c.ref));
    const calls = allCalls.filter((c) => known.has(c.ref));
    const users = allUsers.filter((u) => known.has(u.ref));
    if (!calls.length && !users.length) return;
    await this.db.transaction(async (tx) => {
      if (calls.length) {
        await tx.query(
          `insert into project_usage_daily (project_ref, day, service, requests, egress_bytes)
           select * from unnest($1::text[], $2::date[], $3::text[], $4::bigint[], $5::bigint[])
           on conflict (project_ref, day, service) do update
             set requests = project_usage_daily.requests + excluded.requests, egress_bytes = project_usage_daily.egress_bytes + excluded.egress_bytes`,
          [calls.map((c) => c.ref), calls.map((c) => c.day), calls.map((c) => c.service), calls.map((c) => c.requests), calls.map((c) => c.egress)],
        );
      }
      if (users.length) {
        await tx.query(
          `insert into project_active_users (project_ref, month, user_id)
           select * from unnest($1::text[], $2::date[], $3::text[]) on conflict do nothing`,
          [users.map((u) => u.ref), users.map((u) => u.month), users.map((u) => u.userId)],
        );
      }
    });
  }

  /** The last UTC day (YYYY-MM-DD) apps called each of these projects; a project never called is absent. */
  async lastCallDays(refs: string[]): Promise<Map<string, string>> {
    if (!refs.length) return new Map();
    await this.flush();
    const r = await this.db.query<{ project_ref: string; day: string }>(
      `select project_ref, to_char(max(day), 'YYYY-MM-DD') as day from project_usage_daily where project_ref = any($1::text[]) and requests > 0 group by project_ref`,
      [refs],
    );
    return new Map(r.rows.map((row) => [row.project_ref, row.day]));
  }

  /** This month's usage of each project (all zero for a project without calls); rejects when the log store takes over 5 s. */
  thisMonth(refs: string[], nowMs = Date.now()): Promise<Map<string, AppUsage>> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the log store did not answer in time')), READ_TIMEOUT_MS);
    });
    return Promise.race([this.read(refs, nowMs), late]).finally(() => clearTimeout(timer));
  }

  private async read(refs: string[], nowMs: number): Promise<Map<string, AppUsage>> {
    const out = new Map<string, AppUsage>(refs.map((ref) => [ref, { requests: { auth: 0, rest: 0, storage: 0, total: 0 }, egressBytes: 0, monthlyActiveUsers: 0 }]));
    if (!refs.length) return out;
    await this.flush();
    const month = monthOf(nowMs);
    const calls = await this.db.query<{ project_ref: string; service: string; requests: number; egress: number }>(
      `select project_ref, service, sum(requests)::float8 as requests, sum(egress_bytes)::float8 as egress
         from project_usage_daily where project_ref = any($1::text[]) and day >= $2::date and day < ($2::date + interval '1 month')
         group by project_ref, service`,
      [refs, month],
    );
    for (const row of calls.rows) {
      const u = out.get(row.project_ref)!;
      const n = Number(row.requests);
      if ((APP_SERVICES as readonly string[]).includes(row.service)) u.requests[row.service as AppService] += n;
      u.requests.total += n;
      u.egressBytes += Number(row.egress);
    }
    const users = await this.db.query<{ project_ref: string; n: number }>(
      'select project_ref, count(*)::int as n from project_active_users where project_ref = any($1::text[]) and month = $2::date group by project_ref',
      [refs, month],
    );
    for (const row of users.rows) out.get(row.project_ref)!.monthlyActiveUsers = Number(row.n);
    return out;
  }
}
