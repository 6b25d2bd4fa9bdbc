import type { LogSqlResult } from '@plinth/contracts-logs';

// The histogram above a query's rows: its events per time bucket over the range the query ran
// over. The time is the first timestamp column of the result; each row counts once, or, when the
// query already counted (a numeric column named count, requests, events, errors...), by that figure.

const BUCKETS_MS = [60, 5 * 60, 15 * 60, 30 * 60, 3600, 3 * 3600, 6 * 3600, 12 * 3600, 24 * 3600].map((s) => s * 1000);
const MAX_BUCKETS = 60;
const TIME_TYPES = new Set(['timestamp', 'timestamptz', 'date']);
const NUMBER_TYPES = new Set(['bigint', 'integer', 'smallint', 'numeric', 'real', 'double precision', 'number']);
const COUNT_NAME = /^(count|requests|events|errors|failures|calls|total)(_|$)|^count/i;

export interface Histogram {
  /** What a bar counts: "rows" or the counted column's name. */
  measure: string;
  timeColumn: string;
  bucketMs: number;
  buckets: { start: number; value: number }[];
  total: number;
  max: number;
}

/** The histogram of a result, or null when its rows carry no time. */
export function histogramOf(result: LogSqlResult): Histogram | null {
  const timeColumn = result.columns.find((c) => TIME_TYPES.has(c.type))?.name ?? result.columns.find((c) => c.name === 'timestamp')?.name;
  if (!timeColumn) return null;
  const counted = result.columns.find((c) => c.name !== timeColumn && NUMBER_TYPES.has(c.type) && COUNT_NAME.test(c.name))?.name;
  const from = Date.parse(result.from);
  const to = Date.parse(result.to);
  if (Number.isNaN(from) || Number.isNaN(to) || to <= from) return null;
  const bucketMs = BUCKETS_MS.find((size) => (to - from) / size <= MAX_BUCKETS) ?? BUCKETS_MS[BUCKETS_MS.length - 1]!;
  const first = Math.floor(from / bucketMs) * bucketMs;
  const count = Math.max(1, Math.ceil((to - first) / bucketMs));
  const buckets = Array.from({ length: count }, (_, i) => ({ start: first + i * bucketMs, value: 0 }));
  let total = 0;
  for (const row of result.result) {
    const at = typeof row[timeColumn] === 'string' || typeof row[timeColumn] === 'number' ? new Date(row[timeColumn] as string).getTime() : NaN;
    if (Number.isNaN(at)) continue;
    const index = Math.floor((at - first) / bucketMs);
    const bucket = buckets[index];
    if (!bucket) continue;
    const value = counted ? Number(row[counted]) || 0 : 1;
    bucket.value += value;
    total += value;
  }
  return { measure: counted ?? 'rows', timeColumn, bucketMs, buckets, total, max: Math.max(1, ...buckets.map((b) => b.value)) };
}

/** A bucket's size in words: "5 minutes", "1 hour". */
export function bucketSize(ms: number): string {
  const minutes = ms / 60_000;
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = minutes / 60;
  return hours < 24 ? `${hours} hour${hours === 1 ? '' : 's'}` : `${hours / 24} day${hours === 24 ? '' : 's'}`;
}

/** The histogram with the counts of every row the query matches over its range (the API's count by bucket), in place of the rows shown. */
export function withRangeCounts(histogram: Histogram, counts: { buckets: { start: string; value: number }[] }): Histogram {
  const byStart = new Map(counts.buckets.map((b) => [Date.parse(b.start), b.value]));
  const buckets = histogram.buckets.map((b) => ({ start: b.start, value: byStart.get(b.start) ?? 0 }));
  const total = buckets.reduce((sum, b) => sum + b.value, 0);
  return { ...histogram, buckets, total, max: Math.max(1, ...buckets.map((b) => b.value)) };
}
