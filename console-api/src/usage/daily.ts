import { billingPeriod, type UsageDaily, type UsageDay } from '@plinth/contracts-billing';
import type { ControlDatabase } from '@plinth/platform-core/deps';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const day = (d: string | Date) => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

/** Keeps today's database and storage sizes of these projects (the day's largest measure), for the daily charts. */
export async function recordSizes(control: Pick<ControlDatabase, 'query'>, sizes: { project: string; db_size: number; storage_size: number }[], now = Date.now()): Promise<void> {
  if (!sizes.length) return;
  await control.query(
    `insert into project_usage_snapshots (project_ref, day, db_size_bytes, storage_bytes)
     select ref, $2::date, db, st from unnest($1::text[], $3::bigint[], $4::bigint[]) as t(ref, db, st)
     on conflict (project_ref, day) do update
       set db_size_bytes = greatest(project_usage_snapshots.db_size_bytes, excluded.db_size_bytes),
           storage_bytes = greatest(project_usage_snapshots.storage_bytes, excluded.storage_bytes)`,
    [sizes.map((s) => s.project), dayOf(now), sizes.map((s) => Math.round(s.db_size)), sizes.map((s) => Math.round(s.storage_size))],
  );
}

/**
 * Each day of this billing period up to today, summed over `refs`: requests and bytes answered to
 * apps (the log store's daily counts), and the database and storage sizes kept that day.
 */
export async function usageDaily(
  control: Pick<ControlDatabase, 'query'>,
  logs: Pick<ControlDatabase, 'query'>,
  organization: string,
  project: string | null,
  refs: string[],
  now = new Date(),
): Promise<UsageDaily> {
  const { start, end } = billingPeriod(now);
  const days: UsageDay[] = [];
  for (let t = start.getTime(); t <= now.getTime() && t < end.getTime(); t += DAY_MS) days.push({ date: dayOf(t), requests: 0, egress_bytes: 0, db_size: null, storage_size: null });
  const byDay = new Map(days.map((d) => [d.date, d]));
  if (refs.length) {
    const calls = await logs.query<{ day: string | Date; requests: number; egress: number }>(
      `select day, sum(requests)::float8 as requests, sum(egress_bytes)::float8 as egress from project_usage_daily
        where project_ref = any($1::text[]) and day >= $2::date and day < $3::date group by day`,
      [refs, dayOf(start.getTime()), dayOf(end.getTime())],
    );
    for (const r of calls.rows) {
      const d = byDay.get(day(r.day));
      if (d) Object.assign(d, { requests: Number(r.requests), egress_bytes: Number(r.egress) });
    }
    const sizes = await control.query<{ day: string | Date; db: number; st: number }>(
      `select day, sum(db_size_bytes)::float8 as db, sum(storage_bytes)::float8 as st from project_usage_snapshots
        where project_ref = any($1::text[]) and day >= $2::date and day < $3::date group by day`,
      [refs, dayOf(start.getTime()), dayOf(end.getTime())],
    );
    for (const r of sizes.rows) {
      const d = byDay.get(day(r.day));
      if (d) Object.assign(d, { db_size: Number(r.db), storage_size: Number(r.st) });
    }
  }
  return { organization, project, period_start: start.toISOString(), period_end: end.toISOString(), days };
}
